// npm run test:recipes: attention-widget/react in a Next.js app-router page, server-rendered and
// hydrated (the case where a plain <attention-widget config={…} onattention-change={…}> loses both
// without a word). The packed package is installed in a folder beside recipes/next/node_modules
// (next, react, react-dom, @lit/react; scripts/recipes-setup.sh); `next build`, `next start`, and
// Chromium opens the page: the server's HTML holds the element, and after hydration the widget
// shows the page's config and the page's handler has fired, and fires again for a learner's change.
import { execFile, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { expectHydrated } from './hydration.js';
import { REPO } from '../tests/package/pack.mjs';

const run = promisify(execFile);
const NEXT = join(REPO, 'recipes', 'next');
const APP = join(NEXT, '.app'); // inside recipes/next: next, react and @lit/react resolve from its node_modules
const PORT = Number(process.env.TEST_PORT ?? 8180) + 10;

const FILES = {
  'app/layout.jsx': `export const metadata = { title: 'Lesson', icons: { icon: 'data:,' } };
export default function RootLayout({ children }) {
  return <html lang="en"><body>{children}</body></html>;
}
`,
  // A server component page holding a client component, as the app router has it.
  'app/page.jsx': `import Lesson from './lesson';
export default function Page() {
  return <Lesson />;
}
`,
  'app/lesson.jsx': `'use client';
import { useState } from 'react';
import { AttentionWidget } from 'attention-widget/react';

const config = { tokens: ['fox', 'jumps', 'high'], embeddings: [[1, 0], [0, 1], [1, 1]],
  wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };

export default function Lesson() {
  const [reasons, setReasons] = useState([]);
  return (
    <main>
      <AttentionWidget preset="river-bank" config={config} onAttentionChange={(e) => setReasons((r) => [...r, e.reason])} />
      <p id="reasons">{reasons.join(' ')}</p>
    </main>
  );
}
`,
};

// `next start` on PORT; resolves with a stop function once it says it is ready.
async function start() {
  const server = spawn(process.execPath, [join(NEXT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'start', '-p', String(PORT)],
    { cwd: APP, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  let output = '';
  await new Promise((resolve, reject) => {
    server.stdout.on('data', (chunk) => { output += chunk; if (/Ready in/.test(output)) resolve(); });
    server.on('exit', (code) => reject(new Error(`next start exited (${code}): ${output}`)));
  });
  return () => server.kill();
}

test('Next.js app router: after hydration the widget shows the config and onAttentionChange fires', async ({ page }) => {
  test.setTimeout(600_000); // pack, install and next build: minutes of CPU on a shared machine
  await rm(APP, { recursive: true, force: true });
  await mkdir(join(APP, 'app'), { recursive: true });
  let stop = () => {};
  try {
    const { stdout: packed } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', APP],
      { cwd: REPO, maxBuffer: 16 << 20 });
    const tarball = join(APP, JSON.parse(packed)[0].filename);
    await writeFile(join(APP, 'package.json'), JSON.stringify({ name: 'next-lesson', private: true }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: APP });
    for (const [name, text] of Object.entries(FILES)) await writeFile(join(APP, name), text);
    await run(process.execPath, [join(NEXT, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'],
      { cwd: APP, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, maxBuffer: 16 << 20 });
    stop = await start();
    await expectHydrated(page, `http://localhost:${PORT}/`);
  } finally {
    stop();
    await rm(APP, { recursive: true, force: true });
  }
});

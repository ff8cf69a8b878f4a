// npm run test:recipes: attention-widget/react in a Docusaurus MDX page, rendered on the server at
// build time and hydrated in the browser (where a plain <attention-widget config={…}> would lose its
// config and handlers without a word). The site resolves Docusaurus and React from recipes/node_modules
// (scripts/recipes-setup.sh); the packed package and @lit/react, its optional peer for this entry, are
// installed in the site as an author would. Built for production, served as static files, opened in
// Chromium: the server's HTML holds the element, and after hydration the widget shows the page's
// config, the page's handler has fired, and fires again for a learner's change, which a re-render keeps.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';
import { packAndInstall, REPO } from '../tests/package/pack.mjs';
import { serveFolder } from '../tests/package/serve-folder.mjs';
import { expectHydrated } from './hydration.js';

const run = promisify(execFile);
const SITE = join(REPO, 'recipes', '.sites', 'docusaurus-react'); // inside recipes/: Docusaurus resolves from there
const BIN = join(REPO, 'recipes', 'node_modules', '.bin');
const ENV = { ...process.env, DOCUSAURUS_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };

const FILES = {
  'package.json': JSON.stringify({ name: 'course-site', private: true }),
  'docusaurus.config.js': `export default {
  title: 'A course',
  url: 'https://example.org',
  baseUrl: '/',
  presets: [['classic', { docs: false, blog: false }]],
};
`,
  'src/pages/index.mdx': '# A course\n',
  // The lesson's state lives in a component of the site (MDX pages hold no hooks of their own).
  'src/components/Lesson.jsx': `import React, { useState } from 'react';
import { AttentionWidget } from 'attention-widget/react';

const config = { tokens: ['fox', 'jumps', 'high'], embeddings: [[1, 0], [0, 1], [1, 1]],
  wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };

export default function Lesson() {
  const [reasons, setReasons] = useState([]);
  return (
    <>
      <AttentionWidget preset="river-bank" config={config} onAttentionChange={(e) => setReasons((r) => [...r, e.reason])} />
      <p id="reasons">{reasons.join(' ')}</p>
    </>
  );
}
`,
  'src/pages/lesson.mdx': `import Lesson from '@site/src/components/Lesson';

# Attention

<Lesson />
`,
};

test('Docusaurus MDX: after hydration the widget shows the config and onAttentionChange fires', async ({ page }) => {
  test.setTimeout(600_000); // pack, install and a webpack build: minutes of CPU on a shared machine
  await rm(SITE, { recursive: true, force: true });
  await mkdir(join(SITE, 'src', 'pages'), { recursive: true });
  await mkdir(join(SITE, 'src', 'components'), { recursive: true });
  const pkg = await packAndInstall();
  let server;
  try {
    for (const [name, text] of Object.entries(FILES)) await writeFile(join(SITE, name), text);
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', pkg.tarball, '@lit/react'],
      { cwd: SITE });
    await run(join(BIN, 'docusaurus'), ['build'], { cwd: SITE, env: ENV, maxBuffer: 64 << 20 })
      .catch((err) => { throw new Error(`docusaurus build failed:\n${err.stdout}\n${err.stderr}`); });
    server = await serveFolder(join(SITE, 'build'), { pages: { '/favicon.ico': '' } });
    await expectHydrated(page, `${server.origin}/lesson/`);
    await rm(SITE, { recursive: true, force: true });
  } finally {
    await server?.close();
    await pkg.remove();
  }
});

// The packed package as course sites build it: the tarball installed once into an empty
// folder, one page importing both elements built with Vite, esbuild, webpack 5 (with the
// usual style-loader + css-loader rule) and Rollup, each following docs/embedding.md;
// also imported by node as an SSR framework would, and type-checked as a React + strict
// TypeScript project. Every built page, under the strict CSP: sat -> cat 0.67, every
// shadow root's stylesheets have rules, the scale lab computes in its worker, no console
// error or warning.
import { execFile } from 'node:child_process';
import { copyFile, cp, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { expectStyledAndComputing, recordFirstScaleResult } from './ship-helpers.js';
import { gridRow, widgetAt } from './widget-helpers.js';
import { packAndInstall, REPO } from '../package/pack.mjs';
import { documentedPresets } from '../package/documented-presets.mjs';
import { serveFolder } from '../package/serve-folder.mjs';

const run = promisify(execFile);
// The CSP the README gives course authors (as in ship-package.spec.js, whose tests an import would pull in).
const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";
const PKG = (site) => join(site, 'node_modules', 'attention-widget');

const MAIN = "import 'attention-widget';\nimport 'attention-widget/scale';\n";
const BODY = '<h1>Attention</h1><attention-widget preset="cat-sat"></attention-widget>'
  + '<attention-scale n="64" dk="8"></attention-scale>';
const html = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>A course page</title>${script}</head><body>${BODY}</body></html>`;

// One builder per toolchain: builds src/main.js into out-<name>/ with index.html beside it.
const BUILDERS = {
  async vite(site) {
    const { build } = await import('vite');
    await writeFile(join(site, 'index.html'), html('<script type="module" src="./src/main.js"></script>'));
    // The recipe's one setting: the scale lab's worker imports the core lazily, so it is an ES module.
    await build({ root: site, configFile: false, logLevel: 'error', base: './', worker: { format: 'es' },
      build: { outDir: 'out-vite', emptyOutDir: true } });
  },
  async esbuild(site) {
    const esbuild = await import('esbuild');
    const out = join(site, 'out-esbuild');
    await esbuild.build({ entryPoints: [join(site, 'src/main.js')], bundle: true, format: 'esm', minify: true,
      outfile: join(out, 'main.js'), logLevel: 'error' });
    // The recipe: esbuild does not follow new Worker(new URL(...)), so the prebuilt worker goes beside the bundle.
    await copyFile(join(PKG(site), 'dist/worker.js'), join(out, 'worker.js'));
    await writeFile(join(out, 'index.html'), html('<script type="module" src="./main.js"></script>'));
  },
  async webpack(site) {
    const { default: webpack } = await import('webpack');
    const out = join(site, 'out-webpack');
    const compiler = webpack({ mode: 'production', context: site, entry: './src/main.js', devtool: false,
      output: { path: out, filename: 'main.js', publicPath: 'auto', clean: true },
      module: { rules: [{ test: /\.css$/i, use: ['style-loader', 'css-loader'] }] },
      resolveLoader: { modules: [join(REPO, 'node_modules')] } });
    const stats = await new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : resolve(s))));
    if (stats.hasErrors()) throw new Error(stats.toString('errors-only'));
    await writeFile(join(out, 'index.html'), html('<script defer src="./main.js"></script>'));
  },
  async rollup(site) {
    const { rollup } = await import('rollup');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const out = join(site, 'out-rollup');
    const bundle = await rollup({ input: join(site, 'src/main.js'), plugins: [nodeResolve({ browser: true })],
      onwarn: () => {} });
    await bundle.write({ dir: out, format: 'es', entryFileNames: 'main.js' });
    await copyFile(join(PKG(site), 'dist/worker.js'), join(out, 'worker.js')); // as with esbuild
    await writeFile(join(out, 'index.html'), html('<script type="module" src="./main.js"></script>'));
  },
};

// Every test here type-checks (tsc) or builds with a bundler: CPU work, not a wait, that a busy
// machine stretches most. Each has three times the deadline (playwright.config.js).
test.beforeEach(() => test.slow());

// One pack, one install, four builds, shared by the tests of this file (one worker runs them;
// after a failure its replacement builds again).
let pkg;
test.beforeAll(async () => {
  test.setTimeout(test.info().timeout * 3); // pack, install and build: CPU work, three deadlines (playwright.config.js)
  pkg = await packAndInstall();
  await mkdir(join(pkg.dir, 'src'));
  await writeFile(join(pkg.dir, 'src/main.js'), MAIN);
  for (const build of Object.values(BUILDERS)) await build(pkg.dir); // one at a time: two cores
});
test.afterAll(async () => { await pkg?.remove(); });

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

for (const name of Object.keys(BUILDERS)) {
  test(`${name}: styled, sat -> cat 0.67, the scale lab in its worker, under the strict CSP`, async ({ page }) => {
    const site = await serveFolder(join(pkg.dir, `out-${name}`), { csp: HOST_CSP });
    try {
      await recordFirstScaleResult(page);
      await page.goto(`${site.origin}/index.html`);
      await expectStyledAndComputing(page);
    } finally {
      await site.close();
    }
  });
}

// The hosted files, as MkDocs, Sphinx, Eleventy or a plain site use them: dist/browser/ copied
// under a subpath (a GitHub Pages project site), loaded with relative URLs, and the iframe page.
test('hosted files copied to a subpath: relative URLs only, the widget, the lab in its worker and the iframe page', async ({ page }) => {
  const sub = join(pkg.dir, 'pages', 'course', 'assets');
  await mkdir(sub, { recursive: true });
  await cp(join(PKG(pkg.dir), 'dist/browser'), join(sub, 'attention-widget'), { recursive: true });
  await writeFile(join(pkg.dir, 'pages', 'course', 'lesson.html'), html(
    '<script type="module" src="assets/attention-widget/attention-widget.js"></script>'
    + '<script type="module" src="assets/attention-widget/attention-scale.js"></script>'));
  const site = await serveFolder(join(pkg.dir, 'pages'), { csp: "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; "
    + "style-src 'self'; img-src 'self' data: blob:; connect-src 'self'" }); // no data: needed here
  try {
    await recordFirstScaleResult(page);
    await page.goto(`${site.origin}/course/lesson.html`);
    const w = await widgetAt(page);
    expect(await gridRow(w, 'Attention weights', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
    expect(await page.evaluate(() => window.firstScaleResult)).toEqual({ n: 64, mode: 'worker' });
    expect(site.requests.filter((r) => !r.startsWith('/course/'))).toEqual([]);
    // Each core module streams its .wasm: the page's widget the teaching core, the worker the kernel.
    expect([...new Set(site.requests.filter((r) => r.endsWith('.wasm')).map((r) => r.split('/').pop()))].sort())
      .toEqual(['attention-core.wasm', 'attention-kernel-relaxed.wasm']);
    await page.goto(`${site.origin}/course/assets/attention-widget/embed.html?preset=it-vase`);
    expect(await gridRow(await widgetAt(page), 'Attention weights', 'it')).toMatchObject({ vase: expect.any(String) });
  } finally {
    await site.close();
  }
});

// The heads lab as VitePress and a Vite site with no worker setting build it: Vite's default worker
// format, iife, cannot split code, so the lab's worker (web/views/heads/heads-worker.js) must reach
// no import(). Each Vite in node_modules (vite: the current major; vite7: npm:vite@7) builds a page
// importing attention-widget/heads, and the lab starts in that worker under the strict CSP.
const VITES = ['vite', 'vite7'];
for (const vite of VITES) {
  test(`${vite} with its default worker format builds attention-widget/heads; the lab starts in its worker`, async ({ page }) => {
    const { build, version } = await import(vite);
    const root = join(pkg.dir, `heads-${vite}`);
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'main.js'), "import 'attention-widget/heads';\n");
    await writeFile(join(root, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8">'
      + '<link rel="icon" href="data:,"><title>Heads</title><script type="module" src="./main.js"></script></head>'
      + '<body><attention-heads seed="1" heads="2"></attention-heads></body></html>');
    await build({ root, configFile: false, logLevel: 'error', base: './', build: { outDir: 'out', emptyOutDir: true } });
    const site = await serveFolder(join(root, 'out'), { csp: HOST_CSP });
    try {
      await page.goto(`${site.origin}/index.html`);
      const lab = page.locator('attention-heads');
      await lab.scrollIntoViewIfNeeded(); // it starts when a reader comes near
      await expect(lab.locator('.status')).toHaveText(/^Step 0/);
      expect(await lab.evaluate((h) => h.computeMode), `Vite ${version}`).toBe('worker');
    } finally {
      await site.close();
    }
  });
}

test('node (as an SSR framework does) imports every export without a DOM: nothing throws, nothing is defined', async () => {
  const script = `const names = ['attention-widget', 'attention-widget/scale', 'attention-widget/heads',
    'attention-widget/core', 'attention-widget/share', 'attention-widget/bundle'];
  for (const name of names) { const m = await import(name); if (!Object.keys(m).length) throw new Error(name + ' exports nothing'); }
  const { AttentionWidget } = await import('attention-widget');
  if (AttentionWidget.define() !== AttentionWidget) throw new Error('define() without a registry returns the class');
  console.log('imported ' + names.length + ' ' + typeof globalThis.customElements); // one string: never coloured`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: pkg.dir });
  expect(stdout.trim()).toBe('imported 6 undefined');
});

// Every preset the README documents, as a JSX line: each lesson below must accept them all.
const EVERY_PRESET = documentedPresets().map((name) => `<attention-widget preset="${name}" />`).join('');

// A React + strict TypeScript course site: the elements, their attributes, properties and events,
// and the core's API are typed; a wrong attribute value is an error (the types are not `any`).
const TSX = `import type {} from 'attention-widget/react';
import type { AttentionChangeEvent, WidgetState } from 'attention-widget';
import { loadAttention, type AttendResult } from 'attention-widget/core';
import { encodeState } from 'attention-widget/share';
import { recordLearning } from 'attention-widget/xapi';
import anywidget, { type AnyModel } from 'attention-widget/anywidget';
import { AttentionWidget as HydratedWidget } from 'attention-widget/react';

export function Lesson({ onState }: { onState: (s: WidgetState) => void }) {
  return (
    <main>
      <attention-widget preset="river-bank" causal temperature={0.5} asker="bank"
        onattention-change={(e: AttentionChangeEvent) => onState((e.target as HTMLElementTagNameMap['attention-widget']).state)}
        onattention-error={(e) => console.log(e.code, e.message)} />
      <attention-scale n={1000} dk="64" input="local" onattention-scale-result={(e) => console.log(e.ms, e.mode)} />
      ${EVERY_PRESET}
    </main>
  );
}

export async function satToCat(): Promise<string> {
  const attn = await loadAttention();
  const r: AttendResult = attn.attend({ embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
    wq: [[2, 0, -1], [0, 2, -1]], wk: [[1, 1, -2], [-1, 1, 1]], wv: [[0, 3, -2], [2, 1, -3]] });
  const el = document.querySelector('attention-widget');
  return el ? encodeState(el.state) : r.weights[2][1].toFixed(2);
}

// The component for server-rendered apps: the element's attributes, config, camel-cased handlers.
export const Hydrated = ({ config }: { config: WidgetState }) => (
  <HydratedWidget preset="it-hungry" config={config} onAttentionGoal={(e) => console.log(e.goal, e.met)} />
);

// The notebook module and the learning records, typed: an xAPI actor has exactly one identifier.
export function notebookWithRecords(model: AnyModel, el: HTMLElement): () => void {
  void anywidget.render({ model, el }).then((cleanup) => cleanup);
  return recordLearning(document, { endpoint: 'https://lrs.example/xapi/', activity: 'https://course.example/attention',
    actor: { account: { homePage: 'https://lms.example', name: 'u1' } } });
}
`;

// One tsc run per framework: the lesson and a copy of it per wrong value, each in a file of its own
// (a program's lib and the package's types are read once, not once per value). The lesson has no
// error, each copy has one in its own file, and nothing else has any.
async function typeCheck(name, compilerOptions, lesson, wrongs) {
  const files = [`lesson-${name}.tsx`, ...wrongs.map((_, i) => `wrong-${name}-${i}.tsx`)];
  await writeFile(join(pkg.dir, files[0]), lesson);
  for (const [i, [right, wrong]] of wrongs.entries()) {
    expect(lesson).toContain(right);
    await writeFile(join(pkg.dir, files[i + 1]), lesson.replace(right, wrong));
  }
  const project = `tsconfig.${name}.json`;
  await writeFile(join(pkg.dir, project), JSON.stringify({ compilerOptions: { strict: true, noEmit: true,
    module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom'], types: [], ...compilerOptions },
  files }));
  const tsc = join(REPO, 'node_modules/typescript/bin/tsc');
  const out = await run(process.execPath, [tsc, '-p', project], { cwd: pkg.dir }).then(() => '', (err) => err.stdout || err.message);
  const errors = out.split(/\n(?=\S+\.tsx\()/);
  const of = (file) => errors.filter((e) => e.startsWith(`${file}(`)).join('\n');
  expect(of(files[0]), 'the lesson').toBe('');
  for (const [i, [, wrong, error]] of wrongs.entries()) expect(of(files[i + 1]), wrong).toMatch(error);
  expect(errors.filter((e) => e && !files.some((f) => e.startsWith(`${f}(`))).join('\n'), 'errors elsewhere').toBe('');
}

test('tsc --noEmit --strict accepts a React .tsx using the elements, the core, xapi and anywidget, and refuses wrong values', async () => {
  const types = join(REPO, 'node_modules/@types/react');
  await typeCheck('react', { jsx: 'react-jsx', skipLibCheck: false,
    paths: { react: [join(types, 'index.d.ts')], 'react/jsx-runtime': [join(types, 'jsx-runtime.d.ts')] } }, TSX,
  [['preset="river-bank"', 'preset="river-banks"', /error TS2\d+: Type '"river-banks"' is not assignable/],
    ["actor: { account:", "actor: { openid: 'https://id.example/u1', account:", /error TS2322/],
    ['console.log(e.goal, e.met)', 'console.log(e.goal, e.nope)', /error TS2339/]]);
});

test('tsc --strict accepts the same elements in a Preact .tsx (attention-widget/preact)', async () => {
  const preact = join(REPO, 'node_modules/preact');
  const tsx = `import type {} from 'attention-widget/preact';
import type { AttentionChangeEvent } from 'attention-widget';
export const Lesson = () => (
  <main>
    <attention-widget preset="it-vase" scaled onattention-change={(e: AttentionChangeEvent) => console.log(e.reason)} />
    <attention-scale n={4096} causal onattention-scale-result={(e) => console.log(e.n, e.mode)} />
    ${EVERY_PRESET}
  </main>
);
`;
  await typeCheck('preact', { jsx: 'react-jsx', jsxImportSource: 'preact',
    paths: { preact: [preact], 'preact/*': [`${preact}/*`] } }, tsx, [['n={4096}', 'n={[4096]}', /error TS2\d+/]]);
});

test('tsc --strict accepts the same elements in a Solid .tsx (attention-widget/solid: prop:, on:)', async () => {
  const solid = join(REPO, 'node_modules/solid-js');
  const tsx = `import type {} from 'attention-widget/solid';
import type { AttentionChangeEvent, WidgetConfig } from 'attention-widget';
const config: WidgetConfig = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };
export const Lesson = () => (
  <main>
    <attention-widget preset="it-vase" scaled on:attention-change={(e: AttentionChangeEvent) => console.log(e.reason)} />
    <attention-widget prop:config={config} />
    <attention-scale n={4096} causal on:attention-scale-result={(e) => console.log(e.n, e.mode)} />
    ${EVERY_PRESET}
  </main>
);
`;
  await typeCheck('solid', { jsx: 'preserve', jsxImportSource: 'solid-js',
    paths: { 'solid-js': [solid], 'solid-js/*': [`${solid}/*`] } }, tsx,
  [['n={4096}', 'n={[4096]}'], ['preset="it-vase"', 'preset="it-vases"'], ['prop:config={config}', 'prop:config={42}'],
    ['console.log(e.n, e.mode)', 'console.log(e.n, e.nope)']].map(([right, wrong]) => [right, wrong, /error TS2\d+/]));
});

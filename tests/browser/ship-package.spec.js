// The drop-in package: `npm pack`, installed into an empty folder with
// `npm install --offline <tgz>`, used by a plain HTML page with one
// <script type="module"> and one tag, under a strict CSP; also from another
// origin (CORS), and its "./core" export from node. Packed once for this file.
import { execFile } from 'node:child_process';
import { posix } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';
import { packAndInstall, readInstalled } from '../package/pack.mjs';
import { serveFolder } from '../package/serve-folder.mjs';

// The CSP the README gives course authors, and the tightest one that still works (tested: both).
export const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";
const TIGHTEST_CSP = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + 'img-src data: blob:; connect-src data:';

const page = (head, body) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A course page</title>
${head}</head><body><h1>Attention</h1>${body}</body></html>`;

const WIDGET_PAGE = page('<script type="module" src="./node_modules/attention-widget/web/attention-widget.js"></script>',
  '<attention-widget preset="cat-sat"></attention-widget>');

test.describe.configure({ mode: 'serial' }); // one pack, one install, shared by every test here
let pkg;
test.beforeAll(async () => { pkg = await packAndInstall(); });
test.afterAll(async () => { await pkg?.remove(); });

let problems;
test.beforeEach(async ({ page: p }) => { problems = watchConsole(p); });
test.afterEach(() => expect(problems).toEqual([]));

test('the tarball holds the built module, the elements, types and the manifest, and nothing else', async () => {
  const files = new Set(pkg.files);
  for (const f of ['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'custom-elements.json', 'dist/attention-core.mjs',
    'dist/attention-core-train.mjs', 'dist/attention-kernel.mjs', 'dist/attention-kernel-relaxed.mjs',
    'dist/attention-kernel-scalar.mjs', 'wasm/attention.js', 'wasm/checks.js', 'wasm/raw-path.js', 'wasm/training-path.js', 'wasm/attention.d.ts', 'web/attention-widget.js',
    'web/attention-widget.d.ts', 'web/views/widget/widget.css.js', 'web/model/share.js', 'web/model/share.d.ts',
    'web/attention-scale.js', 'web/views/scale/worker.js', 'web/elements/widget.js', 'web/shared/controllers/message-line.js',
    'wasm/worker-pool.js', 'web/embed.html', 'web/embed.js', 'web/react.d.ts', 'web/solid.d.ts',
    'dist/attention-widget.bundle.js', 'dist/attention-heads.bundle.js', 'dist/worker.js', 'dist/browser/attention-widget.js',
    'dist/browser/attention-scale.js', 'dist/browser/worker.js', 'dist/browser/embed.html',
    'dist/browser/attention-core.wasm', 'dist/browser/attention-heads.js', 'dist/browser/heads-worker.js',
    'dist/browser/attention-heads.mjs', 'wasm/heads-core.js']) expect(files, f).toContain(f);
  const outside = pkg.files.filter((f) => !/^(dist|wasm|web)\//.test(f)
    && !['package.json', 'README.md', 'LICENSE', 'CHANGELOG.md', 'custom-elements.json'].includes(f));
  expect(outside).toEqual([]);
  // .wasm files only in the hosted build (dist/browser/, fetched by its core); no sources, tests or demo.
  expect(pkg.files.filter((f) => /\.(cpp|hpp|spec\.js|test\.mjs)$|^web\/index\.html$/.test(f)
    || (f.endsWith('.wasm') && !f.startsWith('dist/browser/')))).toEqual([]);
  // The inlined modules (teaching core, training build, three kernels), the heads module, the
  // hosted build, the language modules, and three one-file builds (the widget's, the heads lab's,
  // anywidget's) that each inline every language: about 1.57 MB packed.
  expect(pkg.bytes).toBeLessThan(1_700_000);
  console.log(`packed: ${pkg.bytes} bytes, ${pkg.files.length} files`);
});

// A module that names a file the tarball lacks fails only where it is imported (an unlisted
// .css.js broke attention-widget/heads everywhere): every relative specifier of every packed
// module (static and dynamic imports, re-exports, new URL(..., import.meta.url)) names a packed file.
test('every relative import and new URL in the packed modules names a file in the tarball', async () => {
  const files = new Set(pkg.files);
  const modules = pkg.files.filter((f) => /^(web|wasm)\/.*\.js$/.test(f));
  const SPECIFIERS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|new URL\(\s*)(['"])(\.{1,2}\/[^'"]+)\1/g;
  const missing = [];
  const kinds = new Set();
  for (const file of modules) {
    const text = await readInstalled(pkg.dir, file);
    for (const [found, , spec] of text.matchAll(SPECIFIERS)) {
      kinds.add(found.split(/['"]/)[0].replace(/\s+/g, ''));
      const target = posix.normalize(posix.join(posix.dirname(file), spec.split(/[?#]/)[0]));
      if (!files.has(target)) missing.push(`${file} -> ${spec}`);
    }
  }
  expect([...kinds], 'the forms are found').toEqual(expect.arrayContaining(['from', 'import(', 'newURL(']));
  expect(missing).toEqual([]);
});

test('a plain page with one module script and one tag renders the chapter numbers under the host CSP', async ({ page: p }) => {
  const site = await serveFolder(pkg.dir, { csp: HOST_CSP, pages: { '/': WIDGET_PAGE } });
  try {
    await p.goto(`${site.origin}/`);
    const w = await widgetAt(p);
    expect(await gridRow(w, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
    await expect(w.locator('.story')).toContainText('sat pays 67% of its attention to cat');
    expect(site.requests.filter((r) => r.startsWith('/node_modules/attention-widget/dist/'))).toEqual(
      ['/node_modules/attention-widget/dist/attention-core.mjs']); // the widget: the teaching core, and only it
  } finally {
    await site.close();
  }
});

test('the tightest CSP that works: default-src none plus script, style, img and connect data:', async ({ page: p }) => {
  const both = page('<script type="module" src="./node_modules/attention-widget/web/attention-widget.js"></script>'
    + '<script type="module" src="./node_modules/attention-widget/web/attention-scale.js"></script>',
  '<attention-widget></attention-widget><attention-scale n="64" dk="8"></attention-scale>');
  const site = await serveFolder(pkg.dir, { csp: TIGHTEST_CSP, pages: { '/': both } });
  try {
    // Listen before any page script runs: at n = 64 the first result can arrive before goto returns.
    await p.addInitScript(() => {
      window.firstScaleResult = new Promise((resolve) => {
        document.addEventListener('attention-scale-result', (e) => resolve({ n: e.n, mode: e.mode }), { once: true });
      });
    });
    await p.goto(`${site.origin}/`);
    const result = p.evaluate(() => window.firstScaleResult);
    const w = await widgetAt(p);
    expect(await gridRow(w, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
    expect(await result).toEqual({ n: 64, mode: 'worker' }); // worker-src falls back to script-src 'self'
    // PNG export draws through a blob: image: img-src blob: is what allows it.
    await w.getByRole('button', { name: 'Export pictures' }).click();
    await expect(w.getByRole('link', { name: 'Grids (PNG)' })).toBeVisible();
  } finally {
    await site.close();
  }
});

test('cross-origin: modules served from another origin with CORS; the scale lab falls back from its worker', async ({ page: p }) => {
  const cdn = await serveFolder(pkg.dir, { cors: '*' });
  const moduleUrl = `${cdn.origin}/node_modules/attention-widget/web/`;
  const csp = `default-src 'self'; script-src 'self' ${cdn.origin} 'wasm-unsafe-eval'; style-src 'self' ${cdn.origin}; `
    + "img-src 'self' data: blob:; connect-src 'self' data:";
  const html = page(`<script type="module" src="${moduleUrl}attention-widget.js"></script>`
    + `<script type="module" src="${moduleUrl}attention-scale.js"></script>`,
  '<attention-widget></attention-widget><attention-scale n="64" dk="8"></attention-scale>');
  const host = await serveFolder(pkg.dir, { csp, pages: { '/': html } });
  // A worker must come from the page's own origin: new Worker() throws for a cross-origin
  // script, and the element computes on the page instead, saying so (no console error).
  try {
    await p.goto(`${host.origin}/`);
    const w = await widgetAt(p);
    expect(await gridRow(w, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
    const scale = p.locator('attention-scale');
    await expect(scale.getByText(/Computing on the page's main thread/)).toBeVisible();
    expect(await scale.evaluate((el) => el.computeMode)).toBe('main');
    expect(host.requests.filter((r) => r.includes('attention-widget/'))).toEqual([]);
    expect(cdn.requests).toContain('/node_modules/attention-widget/dist/attention-core.mjs');
    expect(cdn.requests).toContain('/node_modules/attention-widget/dist/attention-kernel-relaxed.mjs'); // Chromium: the relaxed kernel
  } finally {
    await Promise.all([host.close(), cdn.close()]);
  }
});

// The heads lab in the hosted files: its own entry and worker (heads-worker.js, beside the scale
// lab's worker.js), its module copied as it is; it trains in that worker under the host CSP.
test('the hosted heads lab starts in its own worker from dist/browser/ under the host CSP', async ({ page: p }) => {
  const html = page('<script type="module" src="./node_modules/attention-widget/dist/browser/attention-heads.js"></script>',
    '<attention-heads seed="1" heads="2"></attention-heads>');
  const site = await serveFolder(pkg.dir, { csp: HOST_CSP, pages: { '/': html } });
  try {
    await p.goto(`${site.origin}/`);
    const lab = p.locator('attention-heads');
    await lab.scrollIntoViewIfNeeded(); // it starts when a reader comes near
    await expect(lab.locator('.status')).toHaveText(/^Step 0/);
    expect(await lab.evaluate((h) => ({ mode: h.computeMode,
      rules: h.shadowRoot.adoptedStyleSheets.every((sheet) => sheet.cssRules.length > 0) })))
      .toEqual({ mode: 'worker', rules: true });
    const hosted = site.requests.filter((r) => r.includes('/dist/'));
    expect(hosted).toContain('/node_modules/attention-widget/dist/browser/heads-worker.js');
    expect(hosted).toContain('/node_modules/attention-widget/dist/browser/attention-heads.mjs');
    expect(hosted.filter((r) => !r.includes('/dist/browser/'))).toEqual([]);
  } finally {
    await site.close();
  }
});

// docs/embedding.md "Get it": the hosted files on a CDN, the page's CSP the documented one with the
// CDN's origin added to script-src and connect-src (the hosted core fetches its .wasm from there).
test('hosted files from another origin under the documented CSP: the core fetches its .wasm from the CDN', async ({ page: p }) => {
  const cdn = await serveFolder(pkg.dir, { cors: '*' });
  const hosted = `${cdn.origin}/node_modules/attention-widget/dist/browser/`;
  const csp = HOST_CSP.replace("script-src 'self'", `script-src 'self' ${cdn.origin}`)
    .replace("connect-src 'self'", `connect-src 'self' ${cdn.origin}`);
  const html = page(`<script type="module" src="${hosted}attention-widget.js"></script>`,
    '<attention-widget preset="cat-sat"></attention-widget>');
  const host = await serveFolder(pkg.dir, { csp, pages: { '/': html } });
  try {
    await p.goto(`${host.origin}/`);
    const w = await widgetAt(p);
    expect(await gridRow(w, 'Shares', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
    expect(cdn.requests).toContain('/node_modules/attention-widget/dist/browser/attention-core.wasm');
    expect(host.requests.filter((r) => r.includes('attention-widget/'))).toEqual([]);
  } finally {
    await Promise.all([host.close(), cdn.close()]);
  }
});

test('without CORS headers a cross-origin module is refused, and the page says nothing of it: the header is required', async ({ page: p }) => {
  const cdn = await serveFolder(pkg.dir); // no Access-Control-Allow-Origin
  const html = page(`<script type="module" src="${cdn.origin}/node_modules/attention-widget/web/attention-widget.js"></script>`,
    '<attention-widget></attention-widget>');
  const host = await serveFolder(pkg.dir, { pages: { '/': html } });
  try {
    await p.goto(`${host.origin}/`);
    await expect.poll(() => problems.some((m) => /CORS|Access-Control-Allow-Origin/.test(m))).toBe(true);
    expect(await p.evaluate(() => customElements.get('attention-widget'))).toBeUndefined();
  } finally {
    problems.splice(0); // the refusal is this test's point
    await Promise.all([host.close(), cdn.close()]);
  }
});

test('node resolves the "./core" export from the installed package and computes sat -> cat', async () => {
  const script = "import('attention-widget/core').then(async ({ loadAttention }) => {"
    + ' const attn = await loadAttention();'
    + ' const r = attn.attend({ embeddings: [[1,0,0],[0,1,0],[1,1,1]], wq: [[2,0,-1],[0,2,-1]],'
    + ' wk: [[1,1,-2],[-1,1,1]], wv: [[0,3,-2],[2,1,-3]] });'
    + ' console.log(r.weights[2][1].toFixed(3)); })';
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: pkg.dir });
  expect(stdout.trim()).toBe('0.665');
});

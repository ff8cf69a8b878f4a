// The packed package under Vite's dev server, where a course author first sees it (`vite`, and
// so `astro dev` and `vitepress dev`). Unlike a build, the dev server pre-bundles dependencies
// into node_modules/.vite/deps/, away from the files their `new URL('./x', import.meta.url)`
// name: up to Vite 7 (esbuild's pre-bundling, still under Astro 5 and VitePress 1) the scale
// lab's worker is then a 404 and the lab silently computes on the page's thread; Vite 8
// (Rolldown's) keeps the URL. docs/embedding.md's Vite recipe excludes the package from
// pre-bundling, so it is served as its own files; checked here under Vite 8 (the `vite`
// devDependency) and Vite 7 (`vite7`). The tarball installed once into an empty folder, one
// page importing the three elements: sat -> cat 0.67, every shadow root's stylesheets have rules,
// both labs compute in their workers, no failed request, no console error or warning.
import { createServer as freePortServer } from 'node:net';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { expectStyledAndComputing, recordFirstScaleResult } from './ship-helpers.js';
import { packAndInstall } from '../package/pack.mjs';

// The README's CSP holds in dev too, so the dev server sends it: Vite's client is a module from
// 'self', its hot-reload socket is same-origin (CSP's 'self' covers ws: there), and the `<style>`
// it injects for imported CSS and for its error overlay never comes here (the package imports no
// CSS; a compile error would fail the test anyway).
const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";

// The heads lab too: its worker is found the same way as the scale lab's.
const MAIN = "import 'attention-widget';\nimport 'attention-widget/scale';\nimport 'attention-widget/heads';\n";
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>A course page</title><script type="module" src="./src/main.js"></script></head>
<body><h1>Attention</h1><attention-widget preset="cat-sat"></attention-widget>
<attention-scale n="64" dk="8"></attention-scale><attention-heads></attention-heads></body></html>`;

// docs/embedding.md's vite.config.js, word for word.
const RECIPE = {
  base: './',
  worker: { format: 'es' },
  optimizeDeps: { exclude: ['attention-widget'] },
};

const VITES = { 'vite 8': 'vite', 'vite 7': 'vite7' };

/** A port nothing listens on now (Vite 7 reads port 0 as its default, 5173, which another run may hold). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = freePortServer().once('error', reject).listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

let pkg;
test.beforeAll(async () => {
  pkg = await packAndInstall();
  await mkdir(join(pkg.dir, 'src'));
  await writeFile(join(pkg.dir, 'src/main.js'), MAIN);
  await writeFile(join(pkg.dir, 'index.html'), PAGE);
});
test.afterAll(async () => { await pkg?.remove(); });

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

for (const [name, module] of Object.entries(VITES)) {
  test(`${name} dev server: styled, sat -> cat 0.67, both labs in their workers, under the strict CSP`, async ({ page }) => {
    const { createServer } = await import(module);
    // Each Vite its own cache: one must not serve what the other pre-bundled.
    const server = await createServer({ ...RECIPE, root: pkg.dir, configFile: false, logLevel: 'error',
      cacheDir: `node_modules/.vite-${module}`,
      server: { host: '127.0.0.1', port: await freePort(), strictPort: true, headers: { 'Content-Security-Policy': HOST_CSP } } });
    try {
      await server.listen();
      const failed = [];
      page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
      page.on('requestfailed', (r) => failed.push(`${r.failure()?.errorText} ${r.url()}`));
      await recordFirstScaleResult(page);
      await page.goto(server.resolvedUrls.local[0]);
      await expectStyledAndComputing(page);
      // The heads lab's first view (Step 0) comes from its worker: a lost worker has switched it to 'main' by then.
      // It starts when it comes near, as a reader scrolls to it.
      await page.locator('attention-heads').scrollIntoViewIfNeeded();
      await expect(page.locator('attention-heads .status')).toHaveText(/^Step 0/);
      expect(await page.locator('attention-heads').evaluate((h) => ({ mode: h.computeMode,
        // Its own sheet and the shared theme tokens: each with rules.
        rules: h.shadowRoot.adoptedStyleSheets.length > 0
          && h.shadowRoot.adoptedStyleSheets.every((sheet) => sheet.cssRules.length > 0) })))
        .toEqual({ mode: 'worker', rules: true });
      expect(failed).toEqual([]);
    } finally {
      await server.close();
    }
  });
}

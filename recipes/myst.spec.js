// npm run test:recipes: the MyST recipe of docs/embedding.md ("Notebooks and books"), built by a
// real mystmd. A one-page book whose lesson holds the docs' {anywidget} directive, its URL pointed
// at dist/anywidget.js on a local server; `myst build --site` (the site theme it then downloads is
// out of this network's reach: the build's page data is written first, and checked) copies the
// module into the book and records the directive with the model's traits. The copy, served from
// the book's folder, is then run in Chromium through anywidget's front-end contract: the widget
// shows the chapter's numbers from the directive's traits.
import { execFile } from 'node:child_process';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { watchConsole } from '../tests/browser/console.js';
import { gridRow } from '../tests/browser/widget-helpers.js';
import { REPO } from '../tests/package/pack.mjs';
import { serveFolder } from '../tests/package/serve-folder.mjs';

const run = promisify(execFile);
const MYST = process.env.MYST_BIN ?? join(REPO, 'recipes', 'node_modules', '.bin', 'myst');
const BOOK = join(REPO, 'recipes', '.sites', 'myst');
const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";

/** The docs' {anywidget} block (docs/embedding.md), as an author copies it. */
async function docsDirective() {
  const docs = await readFile(join(REPO, 'docs', 'embedding.md'), 'utf8');
  const block = docs.match(/^:::\{anywidget\} (\S+)\n([\s\S]*?)\n:::$/m);
  expect(block, 'docs/embedding.md has a {anywidget} block').not.toBeNull();
  return { url: block[1], traits: JSON.parse(block[2]), text: block[0] };
}

/** Every node of the page data whose type is `type`. */
function nodes(tree, type, found = []) {
  if (Array.isArray(tree)) tree.forEach((n) => nodes(n, type, found));
  else if (tree && typeof tree === 'object') {
    if (tree.type === type) found.push(tree);
    Object.values(tree).forEach((n) => nodes(n, type, found));
  }
  return found;
}

test('a MyST book with the docs\' {anywidget} directive: mystmd copies the module, and the copy runs the widget', async ({ page }) => {
  test.skip(!existsSync(MYST), 'mystmd is not installed (scripts/recipes-setup.sh)');
  const problems = watchConsole(page);
  const dist = await serveFolder(join(REPO, 'dist'), { cors: '*' });
  try {
    const { url, traits, text } = await docsDirective();
    expect(url).toMatch(/\/dist\/anywidget\.js$/);
    await rm(BOOK, { recursive: true, force: true });
    await mkdir(BOOK, { recursive: true });
    await writeFile(join(BOOK, 'myst.yml'), 'version: 1\nproject:\n  title: A course\n  toc:\n    - file: lesson.md\nsite:\n  template: book-theme\n');
    await writeFile(join(BOOK, 'lesson.md'), `# Attention\n\n${text.replace(url, `${dist.origin}/anywidget.js`)}\n`);
    // The build ends in an error when it asks for the site theme (no network); the page data is written before.
    await run(MYST, ['build', '--site'], { cwd: BOOK, timeout: 300_000 }).catch((err) => {
      expect(String(err.stdout) + String(err.stderr)).toMatch(/api\.mystmd\.org|template/);
    });
    const content = JSON.parse(await readFile(join(BOOK, '_build', 'site', 'content', 'index.json'), 'utf8'));
    const [widget] = nodes(content, 'anywidget');
    expect(widget.model).toEqual(traits);
    expect(widget.esm).toMatch(/^\/[0-9a-f]+\.mjs$/); // copied into the book
    const copy = await readFile(join(BOOK, '_build', 'site', 'public', widget.esm.slice(1)));
    expect(copy.equals(await readFile(join(REPO, 'dist', 'anywidget.js')))).toBe(true);

    // The book's folder served as a site would, under the README's CSP; the copy mounted as the
    // directive asks (its traits, el in a shadow root).
    const book = await serveFolder(join(BOOK, '_build', 'site', 'public'), { csp: HOST_CSP,
      pages: { '/': '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>book</title></head><body></body></html>' } });
    try {
      await page.goto(`${book.origin}/`);
      await page.evaluate(async ({ esm, model: traits }) => {
        const values = { ...traits };
        const model = { get: (n) => values[n], set: (n, v) => { values[n] = v; }, save_changes() {}, on() {}, off() {} };
        const host = document.createElement('div');
        document.body.append(host);
        const el = document.createElement('div');
        host.attachShadow({ mode: 'open' }).append(el);
        await (await import(esm)).default.render({ model, el });
      }, widget);
      const element = page.locator('attention-widget');
      await expect(element.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
      expect(await gridRow(element, 'Shares', 'sat')).toMatchObject({ cat: expect.any(String) });
      expect(await element.evaluate((w) => w.hasAttribute('causal'))).toBe(traits.causal === true);
      expect(problems).toEqual([]);
    } finally {
      await book.close();
    }
  } finally {
    await dist.close();
  }
});

// npm run test:recipes (not part of npm test: the generators are about 500 MB): each site
// generator's recipe in docs/embedding.md, followed as an author would. For each generator a
// minimal site (what the generator itself needs, and no more) gets the packed package installed
// and the recipe's steps as the docs give them (read from docs/embedding.md, never copied here),
// is built for production, served under a subpath (/course/) and opened in Chromium. Each page:
// sat -> cat 0.67 in the widget, every shadow root's adopted stylesheets have rules, the scale lab
// computes in its worker, every request stays under the subpath, no console error or warning;
// under the README's strict CSP; where the generator writes inline scripts itself, under that CSP
// plus their hashes (the test checks that they are there), or, for VitePress, whose own script adds
// a <style> element as it starts, without a CSP.
import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { watchConsole } from '../tests/browser/console.js';
import { paintAll } from '../tests/browser/widget-helpers.js';
import { expectStyledAndComputing, recordFirstScaleResult } from '../tests/browser/ship-helpers.js';
import { worstContrast } from '../tests/browser/contrast.js';
import { packAndInstall, REPO } from '../tests/package/pack.mjs';
import { serveFolder } from '../tests/package/serve-folder.mjs';
import { applyRecipe, MARK, readEmbedding, recipeSteps } from '../scripts/recipes-extract.mjs';

const run = promisify(execFile);
const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";
const SUBPATH = 'course';
const SITES = join(REPO, 'recipes', '.sites'); // inside recipes/, so a site resolves the generators installed there
const BIN = join(REPO, 'recipes', 'node_modules', '.bin');
const PAGE_HEAD = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>A course page</title></head>';

/**
 * The README's CSP with the hashes of the inline code a generator writes into the page itself
 * (scripts, <style> elements, style attributes): what a host would add for the generator, and
 * nothing for the widget, whose needs stay the README's.
 */
function cspWithHashes(html) {
  const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => hash(m[1]));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => hash(m[1]));
  const attributes = [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => hash(m[1].replaceAll('&quot;', '"').replaceAll('&amp;', '&')));
  const style = [...styles, ...attributes.length ? ["'unsafe-hashes'", ...attributes] : []];
  return HOST_CSP.replace("'wasm-unsafe-eval'", `'wasm-unsafe-eval' ${[...new Set(scripts)].join(' ')}`)
    .replace("style-src 'self'", `style-src 'self' ${[...new Set(style)].join(' ')}`.trimEnd());
}

/** MkDocs 1.5 reads `type: module` in extra_javascript; Debian 12's 1.4 needs the theme override. */
async function mkdocsSteps(md) {
  const { stdout } = await run('mkdocs', ['--version']);
  const [major, minor] = /version (\d+)\.(\d+)/.exec(stdout).slice(1).map(Number);
  const steps = recipeSteps(md, 'MkDocs');
  if (major > 1 || minor >= 5) return { steps, variant: `MkDocs ${major}.${minor}` };
  return { steps: [...steps.filter((s) => s.file !== 'mkdocs.yml'), ...recipeSteps(md, 'MkDocs 1.4')],
    variant: `MkDocs ${major}.${minor}, the "MkDocs 1.4" override` };
}

// Each generator: its minimal site (the skeleton; MARK is where a recipe's part of a file goes),
// its production build, the folder it writes and the page to open there.
const GENERATORS = {
  mkdocs: {
    steps: mkdocsSteps,
    skeleton: { 'mkdocs.yml': 'site_name: A course\n', 'docs/index.md': '# A course\n', 'docs/lesson.md': '# Attention\n\n' },
    // This machine has no network: the mkdocs theme's highlight.js from a CDN would fail to load.
    async prepare(site) {
      const file = join(site, 'mkdocs.yml');
      const yml = await readFile(file, 'utf8');
      await writeFile(file, /^theme:\n/m.test(yml) ? yml.replace(/^theme:\n/m, 'theme:\n  highlightjs: false\n')
        : `${yml}theme:\n  name: mkdocs\n  highlightjs: false\n`);
    },
    build: ['mkdocs', ['build', '--strict', '--quiet']],
    out: 'site', page: 'lesson/',
    inline: 'the mkdocs theme writes inline scripts (base_url, shortcuts)',
  },
  // MkDocs's recipe with the Material theme (Debian's mkdocs-material) and its light/dark palette
  // switch: the same steps, the theme named in mkdocs.yml.
  'mkdocs-material': {
    steps: mkdocsSteps,
    skeleton: { 'mkdocs.yml': 'site_name: A course\n', 'docs/index.md': '# A course\n', 'docs/lesson.md': '# Attention\n\n' },
    async prepare(site) {
      const file = join(site, 'mkdocs.yml');
      const yml = (await readFile(file, 'utf8')).replace(/^theme:\n(  .*\n)*/m, '');
      await writeFile(file, `${yml}theme:\n  name: material\n  custom_dir: overrides\n  font: false\n  palette:\n`
        + '    - scheme: default\n      toggle: { icon: material/brightness-7, name: Switch to dark mode }\n'
        + '    - scheme: slate\n      toggle: { icon: material/brightness-4, name: Switch to light mode }\n');
    },
    build: ['mkdocs', ['build', '--strict', '--quiet']],
    out: 'site', page: 'lesson/',
    inline: 'Material writes inline scripts (its config, the palette read before the page paints)',
    darkToggle: { button: (page) => page.locator('label[title="Switch to dark mode"]:visible'),
      dark: 'body[data-md-color-scheme="slate"]' },
  },
  sphinx: {
    skeleton: { 'conf.py': "project = 'A course'\nexclude_patterns = ['_build', 'node_modules']\n",
      'index.rst': 'A course\n========\n\n.. toctree::\n\n   lesson\n', 'lesson.rst': 'Attention\n=========\n\n' },
    build: ['sphinx-build', ['-W', '-q', '-b', 'html', '.', '_build/html']],
    out: '_build/html', page: 'lesson.html',
    inline: "Sphinx's alabaster theme writes an inline script and a style attribute (the search box)",
  },
  eleventy: {
    skeleton: { 'lesson.njk': `${PAGE_HEAD}<body><h1>Attention</h1>\n${MARK}\n</body></html>\n` },
    build: [join(BIN, 'eleventy'), ['--quiet']],
    out: '_site', page: 'lesson/',
  },
  vitepress: {
    skeleton: { 'index.md': '# A course\n', 'lesson.md': '# Attention\n\n' },
    build: [join(BIN, 'vitepress'), ['build', '.']],
    dev: (port) => [join(BIN, 'vitepress'), ['dev', '.', '--host', '127.0.0.1', '--port', String(port), '--strictPort']],
    out: '.vitepress/dist', page: 'lesson.html',
    inline: 'VitePress writes inline scripts for its hydration (the page hash map, the colour scheme)',
    // Its framework chunk also adds a <style> element as it starts (transitions off), which no hash
    // taken from the page can cover: checked without a CSP.
    noCsp: "VitePress's own script adds a <style> element at run time",
    // Its navbar's switch, which puts class="dark" on <html>.
    darkToggle: { button: (page) => page.locator('button.VPSwitchAppearance').first(), dark: 'html.dark' },
  },
  astro: {
    skeleton: { 'src/pages/lesson.astro': `${PAGE_HEAD}<body><h1>Attention</h1>\n${MARK}\n</body></html>\n` },
    build: [join(BIN, 'astro'), ['build', '--silent']],
    dev: (port) => [join(BIN, 'astro'), ['dev', '--host', '127.0.0.1', '--port', String(port)]],
    // Its dev toolbar's module: this test's sites resolve astro from recipes/node_modules, above the
    // site, which Vite's fs.allow (the site's folder) refuses with a 403; an author's astro is in
    // the site's own node_modules.
    devOutside: /\/recipes\/node_modules\/astro\/dist\/runtime\/client\/dev-toolbar\//,
    out: 'dist', page: 'lesson/',
  },
  docusaurus: {
    skeleton: {
      'docusaurus.config.js': `export default {\n  title: 'A course',\n  url: 'https://example.org',\n  ${MARK}\n`
        + "  presets: [['classic', { docs: false, blog: false }]],\n};\n",
      'src/pages/index.mdx': '# A course\n', // the navbar's title links home
      'src/pages/lesson.mdx': '# Attention\n\n',
    },
    build: [join(BIN, 'docusaurus'), ['build']],
    dev: (port) => [join(BIN, 'docusaurus'), ['start', '--host', '127.0.0.1', '--port', String(port), '--no-open']],
    out: 'build', page: 'lesson/',
    inline: 'Docusaurus writes inline scripts (the colour mode, before the page paints)',
    // As create-docusaurus writes it: with npm init's "type": "commonjs", webpack refuses the
    // ES modules Docusaurus generates itself (.docusaurus/*.js).
    packageJson: { name: 'course-site', private: true },
    // Its navbar's switch cycles system, light and dark modes; dark puts data-theme="dark" on <html>.
    darkToggle: { button: (page) => page.getByRole('button', { name: /^Switch between dark and light mode/ }),
      dark: 'html[data-theme="dark"]' },
  },
};
const ENV = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCUSAURUS_TELEMETRY_DISABLED: '1' };
const DEV_PORT = 8290;

/**
 * Starts a generator's dev server in `site` (its own process group, so that its children stop with
 * it) and resolves, once `path` answers 200, to { stop, log }; rejects with its output if it does not.
 */
async function startDev([cmd, args], site, path) {
  const child = spawn(cmd, args, { cwd: site, detached: true, env: { ...ENV, NODE_ENV: 'development', BROWSER: 'none' } });
  let log = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => { log += chunk; });
  const stop = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone already */ } };
  for (const deadline = Date.now() + 180_000; Date.now() < deadline;) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${DEV_PORT}${path}`).then((r) => r.ok, () => false);
    if (ok) return { stop, log: () => log };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`the dev server did not answer ${path}:\n${log}`);
}

const TAGS = ['attention-widget', 'attention-scale', 'attention-heads'];

/** A heads lab on the page (the VitePress recipe has one): it comes into view and trains in its worker. */
async function expectHeadsInWorker(page) {
  const heads = page.locator('attention-heads');
  if (await heads.count() === 0) return;
  await heads.scrollIntoViewIfNeeded();
  await expect(heads.locator('.status')).toHaveText(/^Step 0/);
  await heads.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(heads.locator('.status')).toHaveText(/^Step 25 /);
  expect(await heads.evaluate((e) => e.computeMode)).toBe('worker');
}

/** The generator's own dark switch, pressed as a reader would: every element dark, every text at AA. */
async function expectDarkUnderToggle(page, name, toggle) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let presses = 0; presses < 3 && !(await page.locator(toggle.dark).count()); presses++) {
    await toggle.button(page).click();
  }
  await expect(page.locator(toggle.dark)).toHaveCount(1);
  await expect.poll(() => page.evaluate((tags) => tags.filter((t) => document.querySelector(t))
    .every((t) => getComputedStyle(document.querySelector(t)).colorScheme === 'dark'), TAGS)).toBe(true);
  const contrast = await worstContrast(page, TAGS);
  expect(contrast.min, `${name} dark: the lowest contrasts\n${contrast.worst.join('\n')}`).toBeGreaterThanOrEqual(4.5);
  await page.screenshot({ path: join(REPO, 'tests/browser/screenshots', `recipes-${name}-dark.png`), fullPage: true });
}

const NAMES = { mkdocs: 'MkDocs', 'mkdocs-material': 'MkDocs Material', sphinx: 'Sphinx', eleventy: 'Eleventy', vitepress: 'VitePress', astro: 'Astro', docusaurus: 'Docusaurus' };

let pkg;
let markdown;
const timings = [];
test.beforeAll(async () => {
  test.setTimeout(180_000);
  const t0 = Date.now();
  pkg = await packAndInstall(); // one pack for every site; its own install is not used
  markdown = await readEmbedding(REPO);
  timings.push({ generator: '(npm pack)', install: (Date.now() - t0) / 1000 });
});
test.afterAll(async () => {
  await pkg?.remove();
  const seconds = (s) => (s == null ? '' : s.toFixed(1).padStart(6));
  console.log(['seconds:  install   build   check     dev', ...timings.map((t) => `${t.generator.padEnd(12)}`
    + `${seconds(t.install)}  ${seconds(t.build)}  ${seconds(t.check)}  ${seconds(t.dev)}`)].join('\n'));
  await mkdir(join(REPO, 'test-results', 'recipes'), { recursive: true });
  await writeFile(join(REPO, 'test-results', 'recipes', 'timings.json'), JSON.stringify(timings, null, 2));
});

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

for (const [name, gen] of Object.entries(GENERATORS)) {
  test(`${NAMES[name]}: the recipe, built and served under /${SUBPATH}/${gen.dev ? ', and under its dev server' : ''}: styled, sat -> cat 0.67, the scale lab in its worker`, async ({ page }) => {
    const time = { generator: name };
    timings.push(time);
    const site = join(SITES, name);
    await rm(site, { recursive: true, force: true });
    await mkdir(site, { recursive: true });

    // Install: the site's package.json as `npm init -y` writes it, the packed package, the recipe's files and commands.
    let t = Date.now();
    await writeFile(join(site, 'package.json'), JSON.stringify(gen.packageJson ?? { name: 'course-site', private: true, type: 'commonjs' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', pkg.tarball], { cwd: site });
    const { steps, variant } = gen.steps ? await gen.steps(markdown) : { steps: recipeSteps(markdown, NAMES[name]) };
    if (variant) test.info().annotations.push({ type: 'recipe', description: variant });
    for (const command of await applyRecipe(site, gen.skeleton, steps)) await run('sh', ['-ec', command], { cwd: site });
    await gen.prepare?.(site);
    time.install = (Date.now() - t) / 1000;

    // Build, for production.
    t = Date.now();
    const [cmd, args] = gen.build;
    await run(cmd, args, { cwd: site, maxBuffer: 64 << 20, env: { ...ENV, NODE_ENV: 'production' } }).catch((err) => { throw new Error(`${name} build failed:\n${err.stdout}\n${err.stderr}`); });
    time.build = (Date.now() - t) / 1000;

    // Check: the output copied under the subpath and served as a static host would.
    t = Date.now();
    const root = join(site, '.served');
    await cp(join(site, gen.out), join(root, SUBPATH), { recursive: true });
    const html = await readFile(join(root, SUBPATH, gen.page.endsWith('/') ? `${gen.page}index.html` : gen.page), 'utf8');
    // Where the generator writes inline code itself, the page gets the README's CSP plus that code's
    // hashes (and the test checks that there is such code, so the exemption stays true).
    let csp = HOST_CSP;
    if (gen.inline) {
      expect(html, `${name} writes inline scripts`).toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
      csp = gen.noCsp ? null : cspWithHashes(html);
      test.info().annotations.push({ type: gen.noCsp ? 'no CSP' : 'CSP + hashes', description: gen.noCsp ?? gen.inline });
    }
    // The host's own /favicon.ico (outside the subpath, as on a GitHub Pages project site), which
    // Chromium asks for when a page names no icon: without it, a 404 in the console.
    const server = await serveFolder(root, { csp, pages: { '/favicon.ico': '' } });
    try {
      await recordFirstScaleResult(page);
      await page.goto(`${server.origin}/${SUBPATH}/${gen.page}`);
      await expectStyledAndComputing(page);
      expect(server.requests.filter((r) => !r.startsWith(`/${SUBPATH}/`) && r !== '/favicon.ico'),
        'every request under the subpath').toEqual([]);
      await paintAll(page);
      await expectHeadsInWorker(page);
      await page.screenshot({ path: join(REPO, 'tests/browser/screenshots', `recipes-${name}.png`), fullPage: true });
      if (gen.darkToggle) await expectDarkUnderToggle(page, name, gen.darkToggle);
    } finally {
      await server.close();
    }
    time.check = (Date.now() - t) / 1000;
    expect(problems).toEqual([]); // here too, so that a failing site is kept for a look

    // The same site under the generator's dev server, where authors write their lessons (Vite's
    // dependency pre-bundling, webpack's dev build): the same checks, without a CSP.
    if (gen.dev) {
      t = Date.now();
      const path = `/${SUBPATH}/${gen.page}`;
      const dev = await startDev(gen.dev(DEV_PORT), site, path);
      const hostIcon = `http://127.0.0.1:${DEV_PORT}/favicon.ico`;
      const notOurs = [];
      try {
        page.on('console', (msg) => {
          const { url } = msg.location();
          if (url === hostIcon || gen.devOutside?.test(url)) notOurs.push(`${msg.type()}: ${msg.text()}`);
        });
        await page.goto(`http://127.0.0.1:${DEV_PORT}${path}`);
        await expectStyledAndComputing(page);
        await paintAll(page);
        await page.screenshot({ path: join(REPO, 'tests/browser/screenshots', `recipes-${name}-dev.png`), fullPage: true });
        await page.goto('about:blank'); // before the server stops: Vite's client would report the lost server
      } finally {
        dev.stop();
      }
      time.dev = (Date.now() - t) / 1000;
      // Let through: Chromium's 404 for the host's own /favicon.ico (the dev server serves only the
      // subpath; the production check serves one), and devOutside's (below).
      for (const error of notOurs) problems.splice(problems.indexOf(error), 1);
      expect(problems).toEqual([]);
    }
    await rm(site, { recursive: true, force: true });
  });
}

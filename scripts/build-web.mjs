// Builds everything the browser side needs beyond the sources, after the wasm build
// (scripts/build.sh runs it last; the Playwright server runs it before serving, so a
// test always sees the current sources). About a second; writes only what changed.
//
// 1. Styles as modules: each CSS source in CSS_SOURCES -> a sibling `.css.js` module
//    (git-ignored) whose styleSheet() is a constructed stylesheet, made once per page
//    and adopted by every shadow root. No stylesheet is fetched at run time, nothing
//    is inlined as a <style> or data: URL, so `style-src 'self'` holds, and every
//    bundler carries the styles along with the JavaScript that imports them.
// 2. dist/browser/: the hosted build, minified and split into few files: the element
//    modules, the scale lab's worker, the iframe page, and the core as a small .mjs
//    plus a .wasm the browser compiles while it downloads. The demo page loads this.
// 3. dist/attention-widget.bundle.js: one self-contained file (styles and core inside)
//    for hosts that can only copy one file, and dist/attention-heads.bundle.js the same for the
//    heads lab (which then trains on the page's thread: a worker is a file of its own);
//    dist/worker.js: the scale lab's worker in one file, for bundlers that do not follow
//    `new Worker(new URL(...))`.
import * as esbuild from 'esbuild';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hostedModule } from './kernel-module.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => join(ROOT, ...parts);

/** Every stylesheet a shadow root adopts. A new element's CSS is one more line here. */
export const CSS_SOURCES = [
  'web/shared/tokens.css',
  'web/shared/tokens-dark.css',
  'web/views/widget/roles.css',
  'web/views/widget/roles-dark.css',
  'web/views/widget/host.css',
  'web/views/widget/widget.css',
  'web/views/widget/share.css',
  'web/views/scale/scale.css',
  'web/views/heads/heads.css',
  'web/views/train/train.css',
  'web/views/guided/guided.css',
];

// Browsers the package supports: constructed stylesheets and module workers.
const TARGET = ['es2022', 'chrome111', 'firefox114', 'safari16.4'];

/** The module text for one CSS source (minified; the .css stays the readable source). */
export async function cssModule(source) {
  const text = await readFile(at(source), 'utf8');
  const { code } = await esbuild.transform(text, { loader: 'css', minify: true, target: TARGET });
  return `// Generated from ${source.split('/').pop()} by scripts/build-web.mjs: edit the .css, not this file.
export const cssText = ${JSON.stringify(code.trim())};
let sheet = null;
/** This stylesheet, constructed on first use and shared by every shadow root on the page. */
export function styleSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
  }
  return sheet;
}
`;
}

// Writes a file only when its content changed, by rename, so a page loading during
// a rebuild reads the old file or the new one, never half of one.
async function publish(path, content) {
  const old = existsSync(path) ? await readFile(path) : null;
  const next = Buffer.from(content);
  if (old && old.equals(next)) return false;
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`; // per process: a test server and a build may overlap
  await writeFile(tmp, next);
  await rename(tmp, path);
  return true;
}

async function buildCssModules() {
  for (const source of CSS_SOURCES) await publish(at(`${source}.js`), await cssModule(source));
  await removeOrphanCssModules(at('web'));
}

// A generated module whose stylesheet moved or went (git ignores both) would otherwise stay in a
// working tree, importable and counted by the layer test: remove every one without its source.
async function removeOrphanCssModules(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await removeOrphanCssModules(path);
    else if (entry.name.endsWith('.css.js') && !existsSync(path.slice(0, -3))) await rm(path);
  }
}

// The hosted build imports the split core (NAME.mjs + NAME.wasm: publishSplitCore) instead of
// the inlined one: same module, same exports. The heads lab's module has no split build: it is
// copied as it is (its wasm inlined, fetched as data:, which the documented CSP allows).
// `from`: where the hosted core files are, seen from the build's output folder.
const splitCoreFrom = (from) => ({
  name: 'split-core',
  setup(build) {
    build.onResolve({ filter: /\/dist\/attention-(core|kernel|heads)[\w-]*\.mjs$/ }, (args) => ({
      path: `${from}${args.path.split('/').pop()}`, external: true }));
  },
});
const splitCore = splitCoreFrom('./');

// AW_RELEASE: the built files leave out what only helps while developing (a missing message's console note).
const COMMON = { bundle: true, format: 'esm', minify: true, target: TARGET, legalComments: 'none', define: { AW_RELEASE: 'true' },
  logLevel: 'warning', write: false };

async function writeOutputs(result, transform = (file) => file.contents) {
  for (const file of result.outputFiles) await publish(file.path, transform(file));
}

// V8's explicit compile hint: a file that starts with this comment has all its functions compiled
// eagerly, off the main thread while it streams, instead of each on the main thread the first
// time it runs (a widget's first connect, build and paint: some 50 ms of main-thread compiling on
// the demo page, on a phone-sized 2-core VM). Chromium only; elsewhere it is a comment. Every
// JavaScript file of the hosted build starts with it: hinting only the widget's larger files
// saved 0.3 KB gzip in all (docs/budget.md), too little for a rule of its own.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

// One core module for the hosted build: its wasm taken out of the published, inlined dist/NAME.mjs
// (so whatever post-link step made that module, the relaxed kernel's rewrite, holds here too),
// beside its loader: for the teaching core, emcc's glue from the split link (wasm/CMakeLists.txt),
// whose .wasm holds the very same bytes (checked); for a kernel, its own few lines
// (scripts/kernel-module.mjs, hostedModule).
async function publishSplitCore(file, out) {
  const name = file.replace(/\.mjs$/, '');
  const inlined = (await readFile(at('dist', file), 'utf8')).match(/data:application\/octet-stream;base64,([A-Za-z0-9+/=]+)/);
  if (!inlined) throw new Error(`build-web: dist/${file} has no inlined wasm`);
  const wasm = Buffer.from(inlined[1], 'base64');
  let loader;
  if (name.startsWith('attention-kernel')) {
    ({ code: loader } = await esbuild.transform(hostedModule(name), { minify: true, format: 'esm', target: TARGET }));
  } else {
    const split = at('build/wasm/modules/split');
    loader = await readFile(join(split, file), 'utf8');
    if (!loader.includes(`"${name}.wasm"`)) throw new Error(`build-web: ${file} does not name its .wasm`);
    if (!wasm.equals(await readFile(join(split, `${name}.wasm`))))
      throw new Error(`build-web: dist/${file} and the split build of ${name} hold different wasm`);
  }
  await publish(join(out, file), COMPILE_HINT + loader);
  await publish(join(out, `${name}.wasm`), wasm);
}

/** A demo page's markup as it is inside dist/browser/: its script tags load the build from beside it. */
export function hostedPage(html) {
  const page = html.replace(/(src|href)="\.\.\/dist\/browser\//g, '$1="./');
  if (page === html) throw new Error('build-web: web/embed.html no longer loads ../dist/browser/embed.js');
  return page;
}

async function buildHosted() {
  const out = at('dist/browser');
  for (const name of await readdir(at('dist'))) if (/^attention-(core|kernel)[\w-]*\.mjs$/.test(name)) await publishSplitCore(name, out);
  await publish(join(out, 'attention-heads.mjs'), COMPILE_HINT + await readFile(at('dist/attention-heads.mjs'), 'utf8'));
  const result = await esbuild.build({ ...COMMON,
    entryPoints: { 'attention-widget': at('web/attention-widget.js'), 'attention-scale': at('web/attention-scale.js'),
      worker: at('web/views/scale/worker.js'), embed: at('web/embed.js'),
      // Loaded with the kernel / the training build only: named files, so the byte budget
      // (tests/package/budget.mjs) can count them where they are loaded.
      'kernel-runner': at('wasm/kernel-runner.js'), 'raw-path': at('wasm/raw-path.js'), 'training-path': at('wasm/training-path.js') },
    splitting: true, chunkNames: 'chunk-[hash]', outdir: out, plugins: [splitCore] });
  await writeOutputs(result, (file) => COMPILE_HINT + file.text);
  // The heads lab, a build of its own: sharing chunks with the widget and the scale lab would cut
  // theirs into more files and bytes (tests/package/budget.mjs); a page with the widget too loads
  // the shared helpers twice. Its worker, heads-worker.js, has only static imports.
  const heads = await esbuild.build({ ...COMMON,
    entryPoints: { 'attention-heads': at('web/attention-heads.js'), 'heads-worker': at('web/views/heads/heads-worker.js') },
    splitting: true, chunkNames: 'heads-chunk-[hash]', outdir: out, plugins: [splitCore] });
  await writeOutputs(heads, (file) => COMPILE_HINT + file.text);
  // Chunk names carry a content hash: drop the ones these builds no longer use.
  const current = new Set([...result.outputFiles, ...heads.outputFiles].map((f) => f.path));
  for (const name of await readdir(out))
    if (/^(heads-)?chunk-/.test(name) && !current.has(join(out, name))) await rm(join(out, name));
  // The iframe page beside its script: web/embed.html loads the build at ../dist/browser/embed.js,
  // the copy here loads it where it is.
  await publish(join(out, 'embed.css'), await readFile(at('web/embed.css')));
  await publish(join(out, 'embed.html'), hostedPage(await readFile(at('web/embed.html'), 'utf8')));
  // The iframe's parent half (no imports): minified on its own, with the hint as every script here.
  const frameHeight = await esbuild.transform(await readFile(at('web/frame-height.js'), 'utf8'), { minify: true, format: 'esm', target: TARGET });
  await publish(join(out, 'frame-height.js'), COMPILE_HINT + frameHeight.code);
}

// The one-file builds carry one module of the core each: the widget's bundle the teaching
// core, the scale lab's worker the SIMD kernel (every browser with constructed stylesheets has
// wasm SIMD); another would double the file. Asked for another, they say so.
function onlyModule(kept) {
  return {
    name: 'only-module',
    setup(build) {
      build.onResolve({ filter: /\/dist\/attention-(core|kernel)[\w-]*\.mjs$/ }, (args) =>
        (args.path.endsWith(`/${kept}`) ? undefined : { path: 'other-module', namespace: 'stub' }));
      build.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ loader: 'js',
        contents: `export default () => Promise.reject(new Error('this one-file build carries only ${kept}'));` }));
    },
  };
}

// The figure builder (web/builder.html), a tool for authors, not shipped: its page loads this
// build of web/builder.js from dist/demo/ (outside the package's files), with the hosted core.
async function buildDemoTools() {
  const out = at('dist/demo');
  const result = await esbuild.build({ ...COMMON, entryPoints: { builder: at('web/builder.js') },
    splitting: true, chunkNames: 'chunk-[hash]', outdir: out, plugins: [splitCoreFrom('../browser/')] });
  await writeOutputs(result, (file) => COMPILE_HINT + file.text);
  const current = new Set(result.outputFiles.map((f) => f.path));
  for (const name of await readdir(out))
    if (name.startsWith('chunk-') && !current.has(join(out, name))) await rm(join(out, name));
}

async function buildSingleFiles() {
  await writeOutputs(await esbuild.build({ ...COMMON, entryPoints: [at('web/attention-widget.js')],
    outfile: at('dist/attention-widget.bundle.js'), plugins: [onlyModule('attention-core.mjs')] }));
  // The heads lab in one file: its model's module inside, and no worker (a worker is a file of
  // its own), so it trains on the page's thread and says so.
  await writeOutputs(await esbuild.build({ ...COMMON, entryPoints: [at('web/attention-heads.js')],
    outfile: at('dist/attention-heads.bundle.js'), define: { ...COMMON.define, AW_ONE_FILE: 'true' },
    plugins: [onlyModule('attention-heads.mjs')] }));
  await writeOutputs(await esbuild.build({ ...COMMON, entryPoints: [at('web/views/scale/worker.js')],
    outfile: at('dist/worker.js'), plugins: [onlyModule('attention-kernel.mjs')] }));
  // The anywidget module in one file, for MyST books, which copy the module into the book: the
  // widget; the labs stay out (their workers and cores are files of their own).
  await writeOutputs(await esbuild.build({ ...COMMON, entryPoints: [at('web/anywidget.js')],
    outfile: at('dist/anywidget.js'), external: ['./attention-scale.js', './attention-heads.js'],
    plugins: [onlyModule('attention-core.mjs')] }));
}

async function main() {
  await buildCssModules();
  if (!existsSync(at('build/wasm/modules/split'))) {
    console.error('build-web: build/wasm/modules/split is missing; run bash scripts/build.sh first');
    process.exit(1);
  }
  await buildHosted();
  await buildDemoTools();
  await buildSingleFiles();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();

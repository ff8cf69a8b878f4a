// The byte budget of the hosted build (dist/browser/, what the demo page loads): the files a
// browser fetches for one element, followed from its entry through static imports and its
// worker, plus the core modules the element loads on start (LOADS), each counted at gzip -9.
// Deterministic: the same build, the same bytes.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOSTED = fileURLToPath(new URL('../../dist/browser/', import.meta.url));
// The budgets, with slack (about 2 KB each): the widget, all included, at most 74 KB gzip in few
// requests; the scale lab at most 24 KB more next to a widget, 38 KB on a page of its own.
// The widget's was 64 KB until features bought their bytes: the theme that follows the page's
// toggle (about 650 B), the chapter's prose elements (about 700 B), languages (about 4.5 KB: the
// message formatter over Intl 1.1 KB, the catalogue registry, lang resolution and relabelling,
// the English messages about bad input; every other language loads on demand, outside this
// count) and figures that build only the panels they show (about 300 B). The scale lab's were
// 20 and 31 KB until it spoke the languages (its words in web/shared/i18n/en-scale.js, with the
// catalogue machinery of web/shared/i18n/registry.js: about 1.7 KB next to a widget, 5.2 KB
// alone). Measured (this script): the widget 74,045 B in 17 files (the teaching core's loader
// 6.8 KB and wasm 15.5 KB among it); the lab 21,724 B more (the element, its relaxed-SIMD kernel
// 5.5 KB of wasm and 0.3 KB of loader, the kernel runner 0.9 KB, the worker and the code it
// shares with the page, its words); the lab alone 36,178 B. The widget's math colours are a
// sheet of its own (web/views/widget/roles.css), so the lab alone does not load them.
// Bytes are bought only where they pay: docs/budget.md has each byte-saving mechanism, what
// it saves, and whether it was kept.
export const BUDGET = { widget: 74 * 1024, widgetFiles: 17, scaleExtra: 24 * 1024, scaleAlone: 38 * 1024 };

const STATIC = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+)["']/g;
const WORKER = /new URL\(\s*["'](\.\/worker\.js)["']/g;
const WASM = /["']([\w-]+\.wasm)["']/g;
// What each element loads on start besides its static imports (wasm/attention.js, loadAttention):
// the widget the teaching core ({ path: 'teaching' }); the scale lab, in its worker, the kernel
// with its runner only (loadKernelRunner: not raw-path.js, the public API's argument checks),
// the relaxed build where it validates (Chromium). A browser test checks these against the
// requests a page makes (tests/browser/widget-load.spec.js).
export const LOADS = {
  'attention-widget.js': ['attention-core.mjs'],
  'attention-scale.js': ['attention-kernel-relaxed.mjs', 'kernel-runner.js'],
};

/** Every file `entry` makes the browser fetch, in dist/browser/: a Set of names. */
export function filesFor(entry, dir = HOSTED, seen = new Set()) {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(join(dir, entry), 'utf8');
  if (entry.endsWith('.mjs')) { // a core module's loader: it fetches its .wasm
    for (const [, wasm] of text.matchAll(WASM)) seen.add(wasm);
    return seen;
  }
  for (const re of [STATIC, WORKER])
    for (const [, path] of text.matchAll(re)) filesFor(path.slice(2), dir, seen);
  for (const loaded of LOADS[entry] ?? []) filesFor(loaded, dir, seen);
  return seen;
}

export const gzipBytes = (names, dir = HOSTED) =>
  [...names].reduce((sum, name) => sum + gzipSync(readFileSync(join(dir, name)), { level: 9 }).length, 0);

/** { widget, scaleExtra, scaleAlone }, each { files, bytes }, for the hosted build. */
export function measure(dir = HOSTED) {
  const widget = filesFor('attention-widget.js', dir);
  const scale = filesFor('attention-scale.js', dir);
  const extra = new Set([...scale].filter((f) => !widget.has(f)));
  const sized = (files) => ({ files: [...files], bytes: gzipBytes(files, dir) });
  return { widget: sized(widget), scaleExtra: sized(extra), scaleAlone: sized(scale) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const m = measure();
  console.log(`widget: ${(m.widget.bytes / 1024).toFixed(1)} KB gzip in ${m.widget.files.length} files (${m.widget.files.join(', ')})`);
  console.log(`scale lab, more: ${(m.scaleExtra.bytes / 1024).toFixed(1)} KB gzip in ${m.scaleExtra.files.length} files (${m.scaleExtra.files.join(', ')})`);
  console.log(`scale lab alone: ${(m.scaleAlone.bytes / 1024).toFixed(1)} KB gzip in ${m.scaleAlone.files.length} files`);
}

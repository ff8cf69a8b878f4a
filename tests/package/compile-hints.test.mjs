// V8's explicit compile hints in the hosted build (scripts/build-web.mjs, COMPILE_HINT): the widget's
// big files and the teaching core's glue start with the magic comment, so Chromium compiles their
// functions while they stream rather than on the main thread as each first runs; the scale lab's
// own files do not carry it (bytes it does not spend). Needs dist/browser/ (scripts/build-web.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILE_HINT, hintedOutputs } from '../../scripts/build-web.mjs';
import { HOSTED, filesFor } from './budget.mjs';

const hinted = (name) => readFileSync(join(HOSTED, name), 'utf8').startsWith(COMPILE_HINT);

test('the hint is the comment V8 reads at the very top of a file', () => {
  assert.equal(COMPILE_HINT, '//# allFunctionsCalledOnLoad\n');
});

test('hintedOutputs: the files the widget entry reaches, statically or by import(), and big enough', () => {
  const out = (bytes, ...imports) => ({ bytes, imports: imports.map((path) => ({ path })) });
  const metafile = { outputs: {
    'dist/browser/attention-widget.js': out(500, 'dist/browser/chunk-A.js'),
    'dist/browser/chunk-A.js': out(70000, 'dist/browser/chunk-small.js', 'dist/browser/chunk-guided.js'),
    'dist/browser/chunk-small.js': out(1200),
    'dist/browser/chunk-guided.js': out(34000),
    'dist/browser/attention-scale.js': out(28000, 'dist/browser/chunk-small.js'),
  } };
  assert.deepEqual([...hintedOutputs(metafile)].sort(), ['chunk-A.js', 'chunk-guided.js']);
});

test('the hosted build: the widget\'s big files and the teaching core are hinted, the scale lab\'s own files are not', () => {
  const widget = filesFor('attention-widget.js');
  const big = [...widget].filter((name) => name.endsWith('.js') && statSync(join(HOSTED, name)).size >= 8192);
  assert.ok(big.length >= 1, `a big widget chunk in ${[...widget]}`);
  for (const name of [...big, 'attention-core.mjs']) assert.ok(hinted(name), `${name} starts with the compile hint`);
  const scaleOwn = [...filesFor('attention-scale.js')].filter((name) => !widget.has(name) && /\.m?js$/.test(name));
  assert.ok(scaleOwn.includes('attention-scale.js'), `${scaleOwn}`);
  for (const name of scaleOwn) assert.ok(!hinted(name), `${name} (the scale lab's) has no hint`);
});

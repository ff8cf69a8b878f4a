// V8's explicit compile hints in the hosted build (scripts/build-web.mjs, COMPILE_HINT): every
// JavaScript file starts with the magic comment, so Chromium compiles its functions while the file
// streams rather than on the main thread as each first runs. Needs dist/browser/ (scripts/build-web.mjs).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILE_HINT } from '../../scripts/build-web.mjs';
import { HOSTED, filesFor } from './budget.mjs';

test('the hint is the comment V8 reads at the very top of a file', () => {
  assert.equal(COMPILE_HINT, '//# allFunctionsCalledOnLoad\n');
});

test('every JavaScript file of the hosted build starts with the hint: the elements\', the chunks, the cores\' loaders', () => {
  const scripts = readdirSync(HOSTED).filter((name) => /\.m?js$/.test(name));
  for (const name of ['attention-widget.js', 'attention-scale.js', 'worker.js', 'attention-core.mjs', 'attention-kernel-relaxed.mjs'])
    assert.ok(scripts.includes(name), `${name} in ${scripts}`);
  assert.ok([...filesFor('attention-widget.js')].some((name) => name.startsWith('chunk-')), 'the widget loads chunks');
  const bare = scripts.filter((name) => !readFileSync(join(HOSTED, name), 'utf8').startsWith(COMPILE_HINT));
  assert.deepEqual(bare, [], 'files without the hint');
});

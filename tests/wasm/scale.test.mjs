// The scale lab's pure modules in node: attribute parsing, seeded inputs,
// down-sampling, the n^2 fit, formatting, and the two jobs run on the real core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadKernelRunner } from '../../wasm/attention.js';
import { parseSwitch, parseInput } from '../../web/views/scale/attributes.js';
import { makeInputs, mulberry32 } from '../../web/views/scale/inputs.js';
import { blockLayout, downsample, blockIsMasked } from '../../web/views/scale/downsample.js';
import { fitSquare } from '../../web/views/scale/fit.js';
import { drawnSentence, entriesSentence, formatCount, formatShare } from '../../web/views/scale/format.js';
import { rowPeakedness } from '../../web/views/scale/stats.js';
import { computeGrid, computeThermostat } from '../../web/views/scale/compute.js';

const kernel = await loadKernelRunner(); // what the lab's worker runs on

test('switch and input attributes', () => {
  assert.equal(parseSwitch('causal', '', false).value, true);
  assert.equal(parseSwitch('scaled', 'false', true).value, false);
  assert.equal(parseSwitch('scaled', null, true).value, true);
  assert.match(parseSwitch('scaled', 'maybe', true).message, /not true or false/);
  assert.equal(parseInput('local', 'random').value, 'local');
  assert.equal(parseInput('spiral', 'local').value, 'local');
  assert.match(parseInput('spiral', 'local').message, /not one of random, local, previous/);
});

test('inputs are reproducible from the seed, differ between seeds, and have unit variance', () => {
  const a = makeInputs({ n: 200, d: 50, seed: 7 });
  const b = makeInputs({ n: 200, d: 50, seed: 7 });
  const c = makeInputs({ n: 200, d: 50, seed: 8 });
  assert.deepEqual(a.Q, b.Q);
  assert.notDeepEqual(a.Q, c.Q);
  assert.notDeepEqual(a.Q, a.K, 'Q and K are separate draws');
  for (const input of ['random', 'local', 'previous']) {
    const { Q, K } = makeInputs({ n: 512, d: 64, input, seed: 3 });
    const mean = Q.reduce((s, x) => s + x, 0) / Q.length;
    const variance = Q.reduce((s, x) => s + (x - mean) ** 2, 0) / Q.length;
    assert.ok(Math.abs(variance - 1) < 0.15, `${input}: variance ${variance}`);
    assert.equal(K.length, 512 * 64);
  }
  const r = mulberry32(1);
  assert.ok([...Array(1000)].every(() => { const x = r(); return x >= 0 && x < 1; }));
  assert.throws(() => makeInputs({ n: 3, d: 2, input: 'nope' }), /unknown input "nope"/);
});

test('down-sampling averages whole blocks and names the layout', () => {
  assert.deepEqual(blockLayout(4096, 512), { block: 8, pixels: 512 });
  assert.deepEqual(blockLayout(1000, 512), { block: 2, pixels: 500 });
  assert.deepEqual(blockLayout(513, 512), { block: 2, pixels: 257 });
  assert.deepEqual(blockLayout(3, 512), { block: 1, pixels: 3 });
  // 5 x 5 grid of entry values i*5+j, blocks of 2: the last block row/column is narrower.
  const grid = Float32Array.from({ length: 25 }, (_, k) => k);
  const { means, p, block, max } = downsample(grid, 5, 3);
  assert.equal(p, 3);
  assert.equal(block, 2);
  assert.equal(means[0], (0 + 1 + 5 + 6) / 4);
  assert.equal(means[2], (4 + 9) / 2);
  assert.equal(means[8], 24);
  assert.equal(max, 24);
  assert.equal(blockIsMasked(0, 1, 2, 5), true);  // rows 0-1, columns 2-3: all above the diagonal
  assert.equal(blockIsMasked(1, 1, 2, 5), false); // the diagonal block
  assert.equal(blockIsMasked(1, 0, 2, 5), false);
});

test('the n^2 fit recovers c from exact n^2 times', () => {
  const c = 3e-5;
  assert.ok(Math.abs(fitSquare([256, 1024, 4096].map((n) => ({ n, ms: c * n * n }))) - c) < 1e-12);
  assert.equal(fitSquare([]), null);
});

test('numbers read like the chapter', () => {
  assert.equal(formatCount(1000000), '1,000,000');
  assert.equal(entriesSentence(1000), '1,000 \u00d7 1,000 = 1,000,000 entries');
  assert.equal(drawnSentence(4096, 512, 8),
    '4,096 \u00d7 4,096 = 16,777,216 entries, drawn at 512 \u00d7 512: each pixel is the mean of an 8 \u00d7 8 block.');
  assert.match(drawnSentence(1000, 500, 2), /a 2 \u00d7 2 block/);
  assert.match(drawnSentence(513, 257, 2), /cover fewer/);
  assert.equal(formatShare(0.666), '0.67');
  assert.equal(formatShare(-0.5), '\u22120.50');
});

test('row peakedness: an even split and a one-hot row', () => {
  const even = new Float32Array(16).fill(0.25);
  assert.deepEqual(rowPeakedness(even, 4), { maxShare: 0.25, entropyBits: 2 });
  const hot = Float32Array.from([1, 0, 0, 1]);
  assert.deepEqual(rowPeakedness(hot, 2), { maxShare: 1, entropyBits: 0 });
});

test('the thermostat on the real core: unscaled collapses toward 1.00, scaled does not', () => {
  const { rows, n } = computeThermostat(kernel, { seed: 1 });
  assert.equal(n, 64);
  assert.deepEqual(rows.map((r) => r.dk), [2, 4, 8, 16, 32, 64, 128, 256, 512]);
  const last = rows.at(-1);
  assert.ok(last.unscaled.maxShare > 0.9, `unscaled at 512: ${last.unscaled.maxShare}`);
  assert.ok(last.unscaled.entropyBits < 0.5);
  for (const r of rows) assert.ok(r.scaled.maxShare < 0.3, `scaled at ${r.dk}: ${r.scaled.maxShare}`);
  assert.ok(rows[0].unscaled.maxShare < rows.at(-1).unscaled.maxShare);
});

test('the grid job on the real core: down-sampled means, causal blanks the upper triangle', () => {
  const g = computeGrid(kernel, { n: 1030, dk: 16, scaled: true, causal: true, input: 'local', seed: 2, maxPixels: 512 });
  assert.equal(g.pixels, 344);
  assert.equal(g.block, 3);
  assert.equal(g.means.length, 344 * 344);
  assert.ok(g.ms > 0);
  // Every row of weights sums to 1, so the block means of a block row sum to about 1 / block.
  const rowSum = g.means.subarray(0, 344).reduce((s, x) => s + x, 0);
  assert.ok(Math.abs(rowSum - 1 / 3) < 1e-4, `row sum ${rowSum}`);
  for (let bi = 0; bi < 344; bi++)
    for (let bj = 0; bj < 344; bj++)
      if (blockIsMasked(bi, bj, 3, 1030)) assert.equal(g.means[bi * 344 + bj], 0);
  // A tiny grid runs repeatedly so its time is measurable.
  const tiny = computeGrid(kernel, { n: 3, dk: 2, scaled: true, causal: false, input: 'random', seed: 1, maxPixels: 512 });
  assert.ok(tiny.reps > 1);
  assert.equal(tiny.block, 1);
});

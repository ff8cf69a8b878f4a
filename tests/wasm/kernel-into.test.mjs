// attendRaw(..., { into }): results written into the caller's own arrays.
// Same numbers as the allocating call, the caller's arrays returned (no copies),
// bad `into` refused with the usual codes before anything is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, loadKernelRunner, AttentionError } from '../../wasm/attention.js';
import { uniformFloats as randoms } from '../fixtures/random.mjs';

const builds = { simd: await loadAttention({ simd: true }), scalar: await loadAttention({ simd: false }) };

const inputs = (n, d, seed) => ({ Q: randoms(n * d, seed), K: randoms(n * d, seed + 1), V: randoms(n * d, seed + 2) });

// Shapes that exercise the kernel's edges: n = 1, n off the block, d = 1, d = 3.
const shapes = [[1, 1], [1, 8], [5, 3], [37, 16], [67, 1], [130, 64]];

for (const [variant, attn] of Object.entries(builds))
  for (const [n, d] of shapes)
    for (const causal of [false, true])
      for (const weights of [true, false])
        test(`${variant} n=${n} d=${d} causal=${causal} weights=${weights}: into equals the allocating call`, () => {
          const { Q, K, V } = inputs(n, d, 31 * n + d);
          const fresh = attn.attendRaw(Q, K, V, n, d, { causal, weights });
          // Filled with garbage first: every entry must be overwritten, the masked zeros too.
          const into = { weights: weights ? new Float32Array(n * n).fill(7) : undefined, outputs: new Float32Array(n * d).fill(7) };
          const r = attn.attendRaw(Q, K, V, n, d, { causal, weights, into });
          assert.equal(r.outputs, into.outputs, 'returns the caller\'s outputs array itself');
          assert.deepEqual(r.outputs, fresh.outputs);
          if (weights) {
            assert.equal(r.weights, into.weights);
            assert.deepEqual(r.weights, fresh.weights);
          } else assert.equal(r.weights, null);
        });

test('reusing the same into arrays across calls of different options gives each call\'s own results', () => {
  const attn = builds.simd, n = 40, d = 8;
  const { Q, K, V } = inputs(n, d, 5);
  const into = { weights: new Float32Array(n * n), outputs: new Float32Array(n * d) };
  attn.attendRaw(Q, K, V, n, d, { causal: false, into });
  const causal = attn.attendRaw(Q, K, V, n, d, { causal: true, into });
  assert.deepEqual(causal.weights, attn.attendRaw(Q, K, V, n, d, { causal: true }).weights);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) assert.equal(causal.weights[i * n + j], 0, `row ${i} column ${j} is masked: exactly 0`);
});

test('into arrays that view part of a larger buffer are written in place, nothing around them', () => {
  const attn = builds.simd, n = 9, d = 4;
  const { Q, K, V } = inputs(n, d, 8);
  const big = new Float32Array(2 + n * n + n * d + 2).fill(-1);
  const into = { weights: big.subarray(1, 1 + n * n), outputs: big.subarray(2 + n * n, 2 + n * n + n * d) };
  const fresh = attn.attendRaw(Q, K, V, n, d, {});
  attn.attendRaw(Q, K, V, n, d, { into });
  assert.deepEqual(into.weights, fresh.weights);
  assert.deepEqual(into.outputs, fresh.outputs);
  assert.equal(big[0], -1);
  assert.equal(big[1 + n * n], -1, 'the gap between the two views is untouched');
  assert.equal(big.at(-1), -1);
});

function rejects(fn, code, pattern) {
  assert.throws(fn, (err) => {
    assert.ok(err instanceof AttentionError, `an AttentionError (got ${err})`);
    assert.equal(err.code, code, err.message);
    assert.match(err.message, pattern);
    return true;
  });
}

test('bad into arguments are refused with clear messages and codes, the caller\'s arrays untouched', () => {
  const attn = builds.simd, n = 6, d = 3;
  const { Q, K, V } = inputs(n, d, 2);
  const W = () => new Float32Array(n * n), O = () => new Float32Array(n * d);
  const call = (into, extra = {}) => () => attn.attendRaw(Q, K, V, n, d, { ...extra, into });
  rejects(call(null), 'invalid_argument', /into must be an object/);
  rejects(call(42), 'invalid_argument', /into must be an object/);
  rejects(call({ outputs: O() }), 'invalid_argument', /into\.weights must be a Float32Array \(got undefined\)/);
  rejects(call({ weights: W(), outputs: new Float64Array(n * d) }), 'invalid_argument', /into\.outputs must be a Float32Array/);
  rejects(call({ weights: Array.from(W()), outputs: O() }), 'invalid_argument', /into\.weights must be a Float32Array/);
  rejects(call({ weights: new Float32Array(n * n - 1), outputs: O() }), 'shape_mismatch', /into\.weights has 35 numbers but needs 36/);
  rejects(call({ weights: W(), outputs: new Float32Array(n * d + 1) }), 'shape_mismatch', /into\.outputs has 19 numbers but needs 18/);
  rejects(call({ outputs: new Float32Array(n * n) }, { weights: false }), 'shape_mismatch', /into\.outputs has 36/);
  // Aliasing: a result over an input, or the two results over each other.
  rejects(call({ weights: W(), outputs: Q }), 'invalid_argument', /shares memory/);
  const shared = new Float32Array(n * n + n * d);
  rejects(call({ weights: shared.subarray(0, n * n), outputs: shared.subarray(n * n - 1, n * n - 1 + n * d) }),
    'invalid_argument', /into\.weights shares memory/);
  const square = new Float32Array(n * n);
  rejects(() => attn.attendRaw(Q, K, V, n, d, { into: { weights: square, outputs: square } }),
    'shape_mismatch', /into\.outputs has 36 numbers but needs 18/);
  // A failing call (non-finite input, caught after the into checks) leaves the arrays as they were.
  const into = { weights: W().fill(3), outputs: O().fill(3) };
  const bad = Q.slice();
  bad[4] = NaN;
  rejects(() => attn.attendRaw(bad, K, V, n, d, { into }), 'non_finite', /./);
  assert.ok(into.weights.every((x) => x === 3) && into.outputs.every((x) => x === 3));
});

test('weights and outputs may not be one and the same array even when n = d', () => {
  const attn = builds.simd, n = 4, d = 4;
  const { Q, K, V } = inputs(n, d, 3);
  const same = new Float32Array(n * n);
  rejects(() => attn.attendRaw(Q, K, V, n, d, { into: { weights: same, outputs: same } }), 'invalid_argument', /shares memory/);
});

test('outputs only: into.weights is not needed and, if given, left alone', () => {
  const attn = builds.simd, n = 10, d = 5;
  const { Q, K, V } = inputs(n, d, 4);
  const spare = new Float32Array(n * n).fill(9);
  const r = attn.attendRaw(Q, K, V, n, d, { weights: false, into: { weights: spare, outputs: new Float32Array(n * d) } });
  assert.equal(r.weights, null);
  assert.ok(spare.every((x) => x === 9));
  assert.deepEqual(r.outputs, attn.attendRaw(Q, K, V, n, d, { weights: false }).outputs);
});

test('the scale lab reuses its result arrays and still reports each request\'s own grid', async () => {
  const { computeGrid } = await import('../../web/views/scale/compute.js');
  const kernel = await loadKernelRunner('simd'); // the lab's: the runner, without raw-path.js
  const params = { n: 70, dk: 8, scaled: true, input: 'random', seed: 3, maxPixels: 512 };
  const full = computeGrid(kernel, { ...params, causal: false });
  const masked = computeGrid(kernel, { ...params, causal: true });
  const fullAgain = computeGrid(kernel, { ...params, causal: false });
  assert.deepEqual(fullAgain.means, full.means);
  assert.equal(masked.means[1], 0, 'row 0 of the causal grid sees only key 0');
  assert.notEqual(full.means[1], 0);
  assert.notEqual(masked.means.buffer, full.means.buffer, 'the heat map gets its own array, safe to transfer');
});

// The workspace's kernel never zeroes the masked half of its grid, so earlier
// calls (full, other sizes, outputs-only) leave numbers there; attendRaw copies
// only each row's visible part out, so the caller must still see exact zeros.
test('causal calls stay exact after full, outputs-only and other-size calls on the same workspace', () => {
  for (const attn of Object.values(builds)) {
    const sequence = [[40, true], [40, true], [40, false], [40, true], [33, true], [40, true], ['stream', 40], [40, true], [41, false], [40, true]];
    for (const [step, [n, causal]] of sequence.entries()) {
      const d = 6;
      const { Q, K, V } = inputs(n === 'stream' ? 40 : n, d, 100 + step);
      if (n === 'stream') {
        attn.attendRaw(Q, K, V, 40, d, { weights: false });
        continue;
      }
      const r = attn.attendRaw(Q, K, V, n, d, { causal });
      if (!causal) continue;
      for (let i = 0; i < n; i++) {
        let sum = 0;
        for (let j = 0; j < n; j++) {
          if (j > i) assert.equal(r.weights[i * n + j], 0, `${attn.variant} step ${step}: row ${i} column ${j} is masked`);
          sum += r.weights[i * n + j];
        }
        assert.ok(Math.abs(sum - 1) < 1e-5, `${attn.variant} step ${step}: row ${i} sums to ${sum}`);
      }
    }
  }
});

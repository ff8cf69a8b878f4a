// The fast kernel through the built modules (wasm SIMD and scalar) and the JS
// API, against textbook attention in double precision (kernel-reference.mjs,
// which also explains the tolerances). relaxed.test.mjs runs this file again
// for the relaxed-SIMD build, in a node that has relaxed SIMD turned on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { assertOutputsClose, assertWeightsClose, inputs, loadBuilds, reference, testedVariants } from './kernel-reference.mjs';

const builds = await loadBuilds(testedVariants());

// Awkward for a blocked kernel: n = 1, n around multiples of the 4-asker quad,
// the 32-asker panel and the key blocks; d = 1, d = 3, d not a multiple of 8.
const shapes = [[1, 1], [1, 3], [2, 1], [3, 3], [5, 8], [7, 1], [33, 13], [65, 64], [130, 128], [257, 3]];
const optionSets = [];
for (const scaled of [false, true]) for (const causal of [false, true]) optionSets.push({ scaled, causal });

for (const [variant, attn] of Object.entries(builds))
  test(`${variant} build matches double-precision attention at awkward shapes`, () => {
    for (const [n, d] of shapes) {
      const x = inputs(n, d, n * 1009 + d);
      for (const options of optionSets) {
        const where = `${variant} n=${n} d=${d} ${JSON.stringify(options)}`;
        const want = reference(x, options);
        const full = attn.attendRaw(x.Q, x.K, x.V, n, d, { ...options, weights: true });
        assertWeightsClose(full.weights, want.weights, where);
        assertOutputsClose(full.outputs, want, x, where);
        const streamed = attn.attendRaw(x.Q, x.K, x.V, n, d, { ...options, weights: false });
        assert.equal(streamed.weights, null);
        assertOutputsClose(streamed.outputs, want, x, `${where} outputs-only`);
      }
    }
  });

test('the builds agree with each other', () => {
  const x = inputs(300, 64, 42);
  const [first, ...others] = Object.entries(builds);
  for (const [variant, attn] of others)
    for (const options of optionSets) {
      const a = first[1].attendRaw(x.Q, x.K, x.V, 300, 64, options);
      const b = attn.attendRaw(x.Q, x.K, x.V, 300, 64, options);
      for (let i = 0; i < a.weights.length; i++)
        assert.ok(Math.abs(a.weights[i] - b.weights[i]) <= 1e-5 * Math.abs(b.weights[i]) + 1e-30,
          `${first[0]} vs ${variant}: weight ${i}`);
    }
});

test('huge and tiny values stay finite; rows still sum to 1', () => {
  const n = 37, d = 5;
  const x = inputs(n, d, 7);
  const huge = { ...x, Q: x.Q.map((v) => v * 1e14), K: x.K.map((v) => v * 1e14) }; // scores ~1e28
  const tiny = { ...x, Q: x.Q.map((v) => v * 1e-30), V: x.V.map((v) => v * 1e30) };
  for (const [name, y] of Object.entries({ huge, tiny }))
    for (const [variant, attn] of Object.entries(builds))
      for (const causal of [false, true]) {
        const r = attn.attendRaw(y.Q, y.K, y.V, n, d, { scaled: true, causal });
        for (let i = 0; i < n; i++) {
          let sum = 0;
          for (let j = 0; j < n; j++) sum += r.weights[i * n + j];
          assert.ok(Math.abs(sum - 1) < 1e-5, `${name} ${variant} causal=${causal}: row ${i} sums to ${sum}`);
        }
        assert.ok(r.weights.every(Number.isFinite) && r.outputs.every(Number.isFinite), `${name} ${variant}`);
        const streamed = attn.attendRaw(y.Q, y.K, y.V, n, d, { scaled: true, causal, weights: false });
        assert.ok(streamed.outputs.every(Number.isFinite), `${name} ${variant} outputs-only`);
      }
});

test('a score that overflows float is an AttentionError, not Infinity', () => {
  const q = new Float32Array(8).fill(1e30);
  for (const attn of Object.values(builds))
    for (const weights of [true, false])
      assert.throws(() => attn.attendRaw(q, q, q, 4, 2, { scaled: false, weights }),
        (err) => err instanceof AttentionError && err.code === 'non_finite');
});

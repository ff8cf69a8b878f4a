// The fast kernel through the built modules (wasm SIMD and scalar) and the JS
// API, against textbook attention in double precision written here in JS.
//
// Tolerance (the same as tests/native/kernel_test.cpp, where the reasoning is
// spelled out): inputs give unit-variance scores, so float rounding and the
// kernel's polynomial exp stay near 1e-7 relative; each weight must match to
// 1e-5 of itself (masked ones exactly 0), each output to 1e-5 of the size of
// what it sums, sum_j w_ij |v_jc| (an output can cancel to near 0).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { mulberry32 } from '../../web/scale/inputs.js';

const builds = { simd: await loadAttention({ simd: true }), scalar: await loadAttention({ simd: false }) };

// Seeded normal numbers (mulberry32 + Box-Muller): failures repeat exactly.
function normals(count, spread, seed) {
  const uniform = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = spread * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return out;
}

// q, k with spread d^-1/4: even an unscaled score q . k has unit variance.
function inputs(n, d, seed) {
  const spread = d ** -0.25;
  return { n, d, Q: normals(n * d, spread, seed), K: normals(n * d, spread, seed + 1), V: normals(n * d, 1, seed + 2) };
}

// Textbook attention in double: the yardstick.
function reference({ n, d, Q, K, V }, { scaled, causal }) {
  const scale = scaled ? 1 / Math.sqrt(d) : 1;
  const weights = new Float64Array(n * n), outputs = new Float64Array(n * d);
  for (let i = 0; i < n; i++) {
    const visible = causal ? i + 1 : n;
    let max = -Infinity;
    for (let j = 0; j < visible; j++) {
      let s = 0;
      for (let c = 0; c < d; c++) s += Q[i * d + c] * K[j * d + c];
      weights[i * n + j] = s * scale;
      max = Math.max(max, s * scale);
    }
    let sum = 0;
    for (let j = 0; j < visible; j++) sum += (weights[i * n + j] = Math.exp(weights[i * n + j] - max));
    for (let j = 0; j < visible; j++) {
      const w = (weights[i * n + j] /= sum);
      for (let c = 0; c < d; c++) outputs[i * d + c] += w * V[j * d + c];
    }
  }
  return { weights, outputs };
}

function assertWeightsClose(got, want, where) {
  assert.equal(got.length, want.length, `${where}: weights length`);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === 0) assert.equal(got[i], 0, `${where}: masked weight ${i} must be exactly 0`);
    else assert.ok(Math.abs(got[i] - want[i]) <= 1e-5 * want[i], `${where}: weight ${i} is ${got[i]}, want ${want[i]}`);
  }
}

function assertOutputsClose(got, want, { n, d, V }, where) {
  for (let i = 0; i < n; i++)
    for (let c = 0; c < d; c++) {
      let magnitude = 0;
      for (let j = 0; j < n; j++) magnitude += want.weights[i * n + j] * Math.abs(V[j * d + c]);
      const diff = Math.abs(got[i * d + c] - want.outputs[i * d + c]);
      assert.ok(diff <= 1e-5 * magnitude + 1e-30, `${where}: output ${i},${c} is ${got[i * d + c]}, want ${want.outputs[i * d + c]}`);
    }
}

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

test('SIMD and scalar builds agree with each other', () => {
  const x = inputs(300, 64, 42);
  for (const options of optionSets) {
    const a = builds.simd.attendRaw(x.Q, x.K, x.V, 300, 64, options);
    const b = builds.scalar.attendRaw(x.Q, x.K, x.V, 300, 64, options);
    for (let i = 0; i < a.weights.length; i++)
      assert.ok(Math.abs(a.weights[i] - b.weights[i]) <= 1e-5 * Math.abs(b.weights[i]) + 1e-30, `weight ${i}`);
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

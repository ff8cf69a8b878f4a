// The yardstick for the fast kernel, shared by kernel.test.mjs and the
// differential fuzz (kernel-fuzz.mjs): seeded inputs, textbook attention in
// double precision, and the tolerance checks.
//
// Tolerance (the same as tests/native/kernel_test.cpp, where the reasoning is
// spelled out): inputs give unit-variance scores, so float rounding and the
// kernel's polynomial exp stay near 1e-7 relative; each weight must match to
// 1e-5 of itself (masked ones exactly 0), each output to 1e-5 of the size of
// what it sums, sum_j w_ij |v_jc| (an output can cancel to near 0).
import assert from 'node:assert/strict';
import { mulberry32 } from '../../web/views/scale/inputs.js';
import { loadAttention } from '../../wasm/attention.js';

/**
 * The builds the kernel tests run: ATTENTION_TEST_VARIANTS (comma-separated, e.g.
 * "relaxed,simd" from relaxed.test.mjs), by default SIMD and scalar, which every node has.
 */
export function testedVariants() {
  return (process.env.ATTENTION_TEST_VARIANTS ?? 'simd,scalar').split(',');
}

/** { variant: Attention } for each variant, each loaded explicitly (no silent fallback). */
export async function loadBuilds(variants) {
  const builds = {};
  for (const variant of variants) {
    builds[variant] = await loadAttention({ variant });
    assert.equal(builds[variant].variant, variant);
  }
  return builds;
}

// Seeded normal numbers (mulberry32 + Box-Muller): failures repeat exactly.
export function normals(count, spread, seed) {
  const uniform = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = spread * Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform());
  return out;
}

// q, k with spread d^-1/4: even an unscaled score q . k has unit variance.
export function inputs(n, d, seed) {
  const spread = d ** -0.25;
  return { n, d, Q: normals(n * d, spread, seed), K: normals(n * d, spread, seed + 1), V: normals(n * d, 1, seed + 2) };
}

// Textbook attention in double: the yardstick.
export function reference({ n, d, Q, K, V }, { scaled, causal }) {
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

export function assertWeightsClose(got, want, where) {
  assert.equal(got.length, want.length, `${where}: weights length`);
  for (let i = 0; i < want.length; i++) {
    if (want[i] === 0) assert.equal(got[i], 0, `${where}: masked weight ${i} must be exactly 0`);
    else assert.ok(Math.abs(got[i] - want[i]) <= 1e-5 * want[i], `${where}: weight ${i} is ${got[i]}, want ${want[i]}`);
  }
}

export function assertOutputsClose(got, want, { n, d, V }, where) {
  for (let i = 0; i < n; i++)
    for (let c = 0; c < d; c++) {
      let magnitude = 0;
      for (let j = 0; j < n; j++) magnitude += want.weights[i * n + j] * Math.abs(V[j * d + c]);
      const diff = Math.abs(got[i * d + c] - want.outputs[i * d + c]);
      assert.ok(diff <= 1e-5 * magnitude + 1e-30, `${where}: output ${i},${c} is ${got[i * d + c]}, want ${want.outputs[i * d + c]}`);
    }
}

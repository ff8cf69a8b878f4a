// Every chapter number, through the built WebAssembly module and the JS API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { catSat, THE, CAT, SAT, two, row2 } from '../fixtures/chapter.mjs';

for (const simd of [true, false]) {
  const attn = await loadAttention({ simd });
  const run = (opts = {}) => attn.attend({ ...catSat, ...opts });

  test(`[${attn.variant}] q, k, v from the violet grids`, () => {
    const r = run();
    assert.deepEqual(r.queries, [[2, 0], [0, 2], [1, 1]]);
    assert.deepEqual(r.keys, [[1, -1], [1, 1], [0, 1]]);
    assert.deepEqual(r.values, [[0, 2], [3, 1], [1, 0]]);
    assert.equal(r.dK, 2);
    assert.equal(r.dV, 2);
  });

  test(`[${attn.variant}] sat: scores, exponentials, total, shares`, () => {
    const r = run();
    assert.deepEqual(r.scores[SAT], [0, 2, 1]);
    assert.deepEqual(row2(r.exponentials[SAT]), ['1.00', '7.39', '2.72']);
    assert.equal(two(r.expSums[SAT]), '11.11');
    assert.deepEqual(row2(r.weights[SAT]), ['0.09', '0.67', '0.24']);
    assert.equal(r.weights[SAT][CAT].toFixed(3), '0.665');
  });

  test(`[${attn.variant}] o_sat: [2.24, 0.85] exact, [2.25, 0.85] from rounded shares`, () => {
    const r = run();
    assert.deepEqual(row2(r.outputs[SAT]), ['2.24', '0.85']);
    const rounded = r.weights[SAT].map((a) => Number(two(a)));
    const blend = [0, 1].map((c) => rounded.reduce((s, a, j) => s + a * r.values[j][c], 0));
    assert.deepEqual(row2(blend), ['2.25', '0.85']);
  });

  test(`[${attn.variant}] the full grid`, () => {
    const r = run();
    assert.deepEqual(r.scores, [[2, 2, 0], [-2, 2, 2], [0, 2, 1]]);
    assert.deepEqual(r.weights.map(row2), [
      ['0.47', '0.47', '0.06'], ['0.01', '0.50', '0.50'], ['0.09', '0.67', '0.24']]);
  });

  test(`[${attn.variant}] causal mask`, () => {
    const r = run({ causal: true });
    assert.deepEqual(row2(r.weights[THE]), ['1.00', '0.00', '0.00']);
    assert.deepEqual(row2(r.weights[CAT]), ['0.02', '0.98', '0.00']);
    assert.deepEqual(row2(r.weights[SAT]), ['0.09', '0.67', '0.24']);
    assert.equal(r.weights[THE][CAT], 0);
    assert.equal(r.weights[CAT][SAT], 0);
    assert.equal(r.logits[THE][SAT], -Infinity);
  });

  test(`[${attn.variant}] the sqrt(d_k) thermostat`, () => {
    const r = run({ scaled: true });
    assert.equal(two(r.divisor), '1.41');
    assert.deepEqual(row2(r.logits[SAT]), ['0.00', '1.41', '0.71']);
    assert.deepEqual(row2(r.exponentials[SAT]), ['1.00', '4.11', '2.03']);
    assert.equal(two(r.expSums[SAT]), '7.14');
    assert.deepEqual(row2(r.weights[SAT]), ['0.14', '0.58', '0.28']);
  });

  test(`[${attn.variant}] temperature sqrt(d_k) equals the switch`, () => {
    const a = run({ scaled: true }), b = run({ temperature: Math.SQRT2 });
    a.weights.flat().forEach((w, i) => assert.ok(Math.abs(w - b.weights.flat()[i]) < 1e-14));
  });

  test(`[${attn.variant}] raw path agrees with the teaching path`, () => {
    const t = run({ scaled: true, causal: true });
    const flat = (m) => new Float32Array(m.flat());
    const r = attn.attendRaw(flat(t.queries), flat(t.keys), flat(t.values), 3, 2, { scaled: true, causal: true });
    t.weights.flat().forEach((w, i) => assert.ok(Math.abs(w - r.weights[i]) < 1e-6));
    t.outputs.flat().forEach((o, i) => assert.ok(Math.abs(o - r.outputs[i]) < 1e-6));
    const streamed = attn.attendRaw(flat(t.queries), flat(t.keys), flat(t.values), 3, 2,
      { scaled: true, causal: true, weights: false });
    assert.equal(streamed.weights, null);
    t.outputs.flat().forEach((o, i) => assert.ok(Math.abs(o - streamed.outputs[i]) < 1e-6));
  });
}

test('the module loads once per page', async () => {
  const [a, b] = await Promise.all([loadAttention(), loadAttention()]);
  assert.equal(a, b);
});

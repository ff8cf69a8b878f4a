// The caps keep every call the core accepts to a few seconds on a laptop (the teaching path
// blocks its thread: 17.6 s at the old n = 1024, d = 1024; an outputs-only attendRaw at the old
// n = 65536 ran over 10 minutes). Work is counted, not timed (times are bench:caps's job):
// multiply-adds, and softmax pairs, at the worst size each cap allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';

const attn = await loadAttention();
const { maxTokens, maxDim, maxRawTokens, maxStreamTokens, maxRawWork } = attn.limits;

// attend() in double precision, every intermediate kept: about 0.3 G multiply-adds a second.
const ATTEND_BUDGET = 1e9;
// attendRaw() in float SIMD: several G multiply-adds a second (bench:caps measures it).
const RAW_BUDGET = 2 ** 33;

test('the worst attend() the caps allow is about a billion multiply-adds, not five', () => {
  const n = maxTokens, d = maxDim; // d_model = d_k = d_v = d
  const work = n * d * 3 * d + n * n * 2 * d; // three projections, then scores and the blend
  assert.ok(work <= ATTEND_BUDGET, `${work.toExponential(2)} multiply-adds at n = ${n}, d = ${d}`);
});

test('attendRaw: n x n x d is capped, with weights and without; the scale lab\'s largest grid fits', () => {
  assert.ok(Number.isSafeInteger(maxRawWork) && maxRawWork <= RAW_BUDGET, `maxRawWork ${maxRawWork}`);
  assert.ok(4096 * 4096 * 512 <= maxRawWork, 'the scale lab draws n = 4096 at d_k = 512');
  assert.ok(maxRawTokens * maxRawTokens * 4 * 4 <= 2 ** 30, 'the weights grid at the cap stays within 1 GB');
  assert.ok(maxStreamTokens >= maxRawTokens, 'outputs only still reaches longer contexts');
  // Below d = 32 the softmax's own work per (query, key) pair dominates: n is capped by itself.
  assert.ok(maxStreamTokens ** 2 <= 2 ** 28, `${maxStreamTokens} tokens: ${maxStreamTokens ** 2} pairs`);
});

test('a call past the work cap is refused at once, naming both numbers', () => {
  const n = 16384, d = 64; // 1.7e10 multiply-adds, above the cap; n and d each within theirs
  assert.ok(n <= maxStreamTokens && d <= maxDim && n * n * d > maxRawWork);
  const q = new Float32Array(n * d).fill(0.5);
  assert.throws(() => attn.attendRaw(q, q, q, n, d, { weights: false }), (err) => {
    assert.ok(err instanceof AttentionError);
    assert.equal(err.code, 'too_large');
    assert.match(err.message, /n × n × d = 16384 × 16384 × 64 = 17,179,869,184 multiply-adds; at most 8,589,934,592/);
    return true;
  });
  // Just under it: accepted (a small d keeps this test fast).
  const small = new Float32Array(256 * 4).fill(0.25);
  assert.equal(attn.attendRaw(small, small, small, 256, 4, { weights: false }).outputs.length, 256 * 4);
});

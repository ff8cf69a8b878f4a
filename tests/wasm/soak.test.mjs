// No leaks across the boundary: 100,000 attend() recomputes (successes and
// failures, the failures both at the JS edge and inside the core) and a few
// thousand attendRaw() calls of varying sizes, then the wasm heap must be where
// it was: malloc'd bytes back to the baseline, the wasm memory not grown, and
// no JS values left held by the C++ side.
//
// The numbers are printed (node --test shows them as diagnostics) so the
// README's Hardening section can quote them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { catSat } from './cast.mjs';
import { mulberry32 } from '../../web/views/scale/inputs.js';

const RECOMPUTES = 100_000;
const RAW_CALLS = 3_000;
const RAW_MAX_N = 64, RAW_MAX_D = 32;

const random = mulberry32; // seeded, so a failure repeats with its case number

const matrix = (rand, rows, cols) =>
  Array.from({ length: rows }, () => Array.from({ length: cols }, () => Math.round((rand() * 4 - 2) * 100) / 100));

// A pool of requests cycled through: the chapter's, random shapes, and ones
// that fail at the JS edge (never reach the heap) or inside the core (after
// the heap has been used: the trace must still be freed).
function requestPool(rand) {
  const pool = [{ request: catSat, fails: false }];
  for (let i = 0; i < 24; i++) {
    const n = 1 + Math.floor(rand() * 8), dModel = 1 + Math.floor(rand() * 6);
    const dK = 1 + Math.floor(rand() * 6), dV = 1 + Math.floor(rand() * 6);
    pool.push({
      request: {
        embeddings: matrix(rand, n, dModel), wq: matrix(rand, dK, dModel), wk: matrix(rand, dK, dModel),
        wv: matrix(rand, dV, dModel), scaled: rand() < 0.5, causal: rand() < 0.5, temperature: 0.25 + rand() * 4,
      },
      fails: false,
    });
  }
  const failing = [
    { ...catSat, wk: [[1, 1, -2]] },                                 // d_k mismatch: refused by the core
    { ...catSat, embeddings: [[1e300, 0, 0], [0, 1, 0], [1, 1, 1]], wq: [[1e300, 0, 0], [0, 1, 0]] }, // overflows inside
    { ...catSat, wv: [[0, 3, -2], [2, 1, NaN]] },                    // refused at the JS edge
    { ...catSat, embeddings: 'abc' },
    { ...catSat, temperature: 0 },
  ];
  for (const request of failing) pool.push({ request, fails: true });
  return pool;
}

function rawCase(rand) {
  const n = 1 + Math.floor(rand() * RAW_MAX_N), d = 1 + Math.floor(rand() * RAW_MAX_D);
  const buffer = () => Float32Array.from({ length: n * d }, () => rand() * 2 - 1);
  const [Q, K, V] = [buffer(), buffer(), buffer()];
  const kind = rand();
  if (kind < 0.05) K[Math.floor(rand() * K.length)] = NaN; // refused by the core after copying in
  return { Q, K, V, n, d, options: { scaled: rand() < 0.5, causal: rand() < 0.5, weights: kind < 0.6 } };
}

const attn = await loadAttention();

function attendOnce({ request, fails }) {
  try {
    attn.attend(request);
    assert.ok(!fails, 'a failing request succeeded');
  } catch (err) {
    if (!(err instanceof AttentionError) || !fails) throw err;
  }
}

function attendRawOnce({ Q, K, V, n, d, options }) {
  try {
    attn.attendRaw(Q, K, V, n, d, options);
  } catch (err) {
    if (!(err instanceof AttentionError) || err.code !== 'non_finite') throw err;
  }
}

const mb = (bytes) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

test(`${RECOMPUTES} attend() recomputes and ${RAW_CALLS} attendRaw() calls leave the heap where it was`, (t) => {
  const rand = random(20260601);
  const pool = requestPool(rand);
  const raws = Array.from({ length: 200 }, () => rawCase(rand));

  // Warm up: the raw workspace keeps its largest buffers for reuse, so size it
  // to the largest case first; then everything after must return to this baseline.
  for (const entry of pool) attendOnce(entry);
  const largest = new Float32Array(RAW_MAX_N * RAW_MAX_D);
  attn.attendRaw(largest, largest, largest, RAW_MAX_N, RAW_MAX_D, { weights: true });
  for (const c of raws) attendRawOnce(c);
  const before = attn.memoryStats();

  const started = performance.now();
  const checkpoints = [];
  for (let i = 0; i < RECOMPUTES; i++) {
    attendOnce(pool[i % pool.length]);
    if (i % (RECOMPUTES / 10) === RECOMPUTES / 10 - 1) checkpoints.push(attn.memoryStats().mallocBytes);
  }
  const attendMs = performance.now() - started;
  for (let i = 0; i < RAW_CALLS; i++) attendRawOnce(raws[i % raws.length]);
  const totalMs = performance.now() - started;
  const after = attn.memoryStats();

  t.diagnostic(`attend: ${RECOMPUTES} calls in ${(attendMs / 1000).toFixed(1)} s ` +
    `(${(attendMs * 1000 / RECOMPUTES).toFixed(1)} µs each); attendRaw: ${RAW_CALLS} calls in ` +
    `${((totalMs - attendMs) / 1000).toFixed(1)} s`);
  t.diagnostic(`wasm memory ${mb(before.heapBytes)} -> ${mb(after.heapBytes)}; malloc'd ` +
    `${before.mallocBytes} -> ${after.mallocBytes} bytes; JS values held by C++ ${before.valHandles} -> ${after.valHandles}`);

  assert.equal(after.mallocBytes, before.mallocBytes, "malloc'd bytes did not return to the baseline");
  assert.deepEqual(checkpoints, checkpoints.map(() => before.mallocBytes), 'malloc\'d bytes drifted during the soak');
  assert.equal(after.heapBytes, before.heapBytes, 'the wasm memory grew');
  assert.equal(after.valHandles, before.valHandles, 'JS values are still held by the C++ side');
  // And it still computes the chapter's numbers.
  assert.equal(attn.attend(catSat).weights[2][1].toFixed(2), '0.67');
});

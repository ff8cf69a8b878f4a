// wasm/parallel.js, the pool for pages: stand-in workers run the real worker
// side (serveRows on the real core) and pass messages through structuredClone
// with transfer, as a browser does. The pool's results are bit for bit one
// attendRaw call's; K and V are sent once; band buffers come back for reuse;
// errors keep their codes; with no worker the page's own thread computes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { createAttentionPool, serveRows, splitBands } from '../../wasm/parallel.js';
import { inputs } from './kernel-reference.mjs';

const attn = await loadAttention();

class StandInWorker extends EventTarget {
  static sent = [];
  #state = {};
  postMessage(data, transfer = []) {
    StandInWorker.sent.push({ type: data.type, recycled: Boolean(data.recycle) });
    const message = structuredClone(data, { transfer });
    setTimeout(async () => {
      const { reply, transfer: back } = await serveRows(Promise.resolve(attn), this.#state, message);
      if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data: structuredClone(reply, { transfer: back }) }));
    }, 0);
  }
  terminate() {
    this.terminated = true;
  }
}

test('the pool gives bit for bit one attendRaw call, full and causal, grid and outputs-only', async () => {
  const n = 200, d = 24;
  const x = inputs(n, d, 9);
  const pool = createAttentionPool({ workers: 3, createWorker: () => new StandInWorker() });
  assert.equal(pool.workerCount, 3);
  StandInWorker.sent.length = 0;
  await pool.setKeysValues(x.K, x.V, n, d);
  for (const causal of [false, true])
    for (const weights of [true, false]) {
      const want = attn.attendRaw(x.Q, x.K, x.V, n, d, { causal, weights });
      const got = await pool.attendRaw(x.Q, { causal, weights });
      assert.deepEqual(got.outputs, want.outputs, `causal ${causal} weights ${weights}`);
      assert.deepEqual(got.weights, want.weights, `causal ${causal} weights ${weights}`);
    }
  const kinds = StandInWorker.sent.map((m) => m.type);
  assert.equal(kinds.filter((k) => k === 'kv').length, 3, 'K and V went to each worker once');
  assert.ok(StandInWorker.sent.filter((m) => m.type === 'rows').slice(3).every((m) => m.recycled),
    'after the first call, every band is sent its old buffers');
  const into = { weights: new Float32Array(n * n).fill(NaN), outputs: new Float32Array(n * d) };
  const r = await pool.attendRaw(x.Q, { into });
  assert.equal(r.weights, into.weights);
  assert.deepEqual(r.weights, attn.attendRaw(x.Q, x.K, x.V, n, d).weights);
  pool.close();
});

test('bands start on multiples of 32, cover every row once, and balance the causal work', () => {
  for (const n of [1, 31, 33, 200, 2048, 4097])
    for (const parts of [1, 2, 3, 4])
      for (const causal of [false, true]) {
        let next = 0;
        for (const b of splitBands(n, parts, { causal })) {
          assert.equal(b.first, next);
          assert.equal(b.first % 32, 0);
          next += b.count;
        }
        assert.equal(next, n, `n ${n} parts ${parts}`);
      }
});

test('errors keep their codes; without workers the page computes', async () => {
  const pool = createAttentionPool({ workers: 2, createWorker: () => new StandInWorker() });
  await assert.rejects(pool.attendRaw(new Float32Array(4)), (err) => err.code === 'invalid_argument');
  await pool.setKeysValues(new Float32Array(8), new Float32Array(8), 4, 2);
  await assert.rejects(pool.attendRaw(new Float32Array(8).fill(NaN)), (err) => err.code === 'non_finite');
  pool.close();
  const none = createAttentionPool({ createWorker: () => { throw new Error('no workers here'); } });
  assert.equal(none.workerCount, 0);
  const x = inputs(40, 8, 2);
  await none.setKeysValues(x.K, x.V, 40, 8);
  assert.deepEqual((await none.attendRaw(x.Q)).outputs, attn.attendRaw(x.Q, x.K, x.V, 40, 8).outputs);
});

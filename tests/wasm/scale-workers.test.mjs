// The scale lab's worker pool (web/views/scale/client.js) in node, with stand-in
// workers that run the real worker code path (compute.js on the real core)
// and pass messages through structuredClone with transfer, as a browser does:
// bands put together are bit for bit one worker's grid, band buffers come back
// for reuse, every mode change is reported (the first one too), a worker whose
// core cannot load leaves the pool, and errors keep their codes end to end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttentionError, loadKernelRunner } from '../../wasm/attention.js';
import { ComputeClient, defaultWorkerCount, MAX_WORKERS } from '../../web/views/scale/client.js';
import { mergeBands, splitRows } from '../../web/views/scale/bands.js';
import { computeGrid, serveJobs } from '../../web/views/scale/compute.js';
import { blockLayout } from '../../web/views/scale/downsample.js';

const kernel = await loadKernelRunner(); // what the lab's worker runs on

// A Worker as the client sees one (postMessage in, 'message' events out, asynchronously, through
// structuredClone with transfer) around the worker's own code: compute.js's serveJobs, in a
// stand-in for the worker's global, on the real kernel runner, or on a core that did not load.
class StandInWorker extends EventTarget {
  static sent = [];
  #scope = new EventTarget();
  constructor({ coreFails = false } = {}) {
    super();
    this.#scope.postMessage = (data, transfer = []) => {
      const reply = structuredClone(data, { transfer });
      setTimeout(() => { if (!this.terminated) this.dispatchEvent(Object.assign(new Event('message'), { data: reply })); }, 0);
    };
    let ready = Promise.resolve(kernel);
    if (coreFails) {
      ready = Promise.reject(new AttentionError('the attention core could not load: test', 'load_failed'));
      ready.catch(() => {}); // as the real loader's promise: rejected, and awaited only by a job
    }
    serveJobs(this.#scope, ready);
  }
  postMessage(data, transfer = []) {
    StandInWorker.sent.push(data);
    const job = structuredClone(data, { transfer });
    setTimeout(() => this.#scope.dispatchEvent(Object.assign(new Event('message'), { data: job })), 0);
  }
  terminate() {
    this.terminated = true;
  }
}

function client(options = {}) {
  const modes = [];
  const results = [];
  let wake = () => {};
  const c = new ComputeClient({
    workers: 2,
    createWorker: () => new StandInWorker(),
    ...options,
    // A reason is a string, or a function that says it in the language in force (English here).
    onModeChange: (mode, reason) => modes.push([mode, typeof reason === 'function' ? reason() : reason]),
    onResult: (message) => {
      results.push(message);
      wake();
    },
  });
  const next = () => new Promise((resolve) => {
    const count = results.length;
    wake = () => results.length > count && resolve(results.at(-1));
  });
  return { c, modes, results, next };
}

const GRID = { n: 640, dk: 48, scaled: true, causal: false, input: 'random', seed: 3, maxPixels: 512 };

test('every mode is reported, the first one too (the main-thread note goes when no-worker does)', () => {
  const pool = client();
  assert.deepEqual(pool.modes, [['worker', '2 workers']]);
  assert.equal(pool.c.workerCount, 2);
  const main = client({ forceMainThread: true });
  assert.deepEqual(main.modes, [['main', 'the no-worker attribute is set']]);
  assert.equal(main.c.workerCount, 0);
});

test('two workers give bit for bit the grid of one, with or without the mask; band buffers come back', async () => {
  for (const causal of [false, true]) {
    const params = { ...GRID, causal };
    const one = computeGrid(kernel, params);
    const pool = client();
    let pending = pool.next();
    pool.c.request('grid', params);
    const first = await pending;
    assert.equal(first.result.workers, 2);
    assert.deepEqual(first.result.means, one.means, `causal ${causal}`);
    assert.equal(first.result.max, one.max);
    StandInWorker.sent.length = 0;
    pending = pool.next();
    pool.c.request('grid', { ...params, seed: 4 });
    await pending;
    const bands = StandInWorker.sent.filter((m) => m.band);
    assert.equal(bands.length, 2);
    assert.ok(bands.every((m) => m.recycle instanceof ArrayBuffer), 'each band is sent its old means buffer');
    pool.c.close();
  }
});

test('bands start on multiples of 32 and of the pixel block, cover every row once, and balance causal work', () => {
  for (const n of [512, 640, 1000, 3001, 4096])
    for (const parts of [2, 3, 4])
      for (const causal of [false, true]) {
        const bands = splitRows(n, parts, 512, causal);
        const { block } = blockLayout(n, 512);
        let next = 0;
        for (const b of bands) {
          assert.equal(b.first, next);
          assert.equal(b.first % 32, 0);
          assert.equal(b.first % block, 0);
          next = b.first + b.count;
        }
        assert.equal(next, n);
      }
  const [a, b] = splitRows(4096, 2, 512, true); // causal: the later rows see more keys
  const work = ({ first, count }) => (first + count) ** 2 - first ** 2;
  assert.ok(Math.abs(work(a) / work(b) - 1) < 0.05, `${a.count} + ${b.count} rows`);
  assert.ok(mergeBands, 'exported');
});

test('a worker whose core cannot load leaves the pool; with none left the page computes, and says so', async () => {
  const half = client({ createWorker: (() => { let k = 0; return () => new StandInWorker({ coreFails: k++ === 0 }); })() });
  let pending = half.next();
  half.c.request('grid', GRID);
  const done = await pending;
  assert.equal(done.mode, 'worker');
  assert.equal(half.c.workerCount, 1);
  assert.deepEqual(done.result.means, computeGrid(kernel, GRID).means);

  const none = client({ createWorker: () => new StandInWorker({ coreFails: true }) });
  pending = none.next();
  none.c.request('grid', { ...GRID, n: 64 });
  const fallback = await pending;
  assert.equal(fallback.mode, 'main');
  assert.ok(fallback.result.means.length > 0);
  assert.deepEqual(none.modes.at(-1), ['main', 'the attention core could not start in a worker']);
});

test('errors cross as { code, message }, the core\'s code kept', async () => {
  const pool = client();
  const pending = pool.next();
  pool.c.request('grid', { ...GRID, n: 16, dk: 2000 }); // d above the core's cap
  const { error } = await pending;
  assert.equal(error.code, 'too_large');
  assert.match(error.message, /d = 2000/);
});

test('the worker count follows navigator.hardwareConcurrency, capped', () => {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  try {
    for (const [cores, want] of [[1, 1], [2, 2], [16, MAX_WORKERS], [undefined, 1]]) {
      Object.defineProperty(globalThis, 'navigator', { value: { hardwareConcurrency: cores }, configurable: true });
      assert.equal(defaultWorkerCount(), want, String(cores));
    }
  } finally {
    if (saved) Object.defineProperty(globalThis, 'navigator', saved);
  }
});

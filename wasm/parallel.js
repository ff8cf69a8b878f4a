// attendRaw on several cores, for pages that want it: the rows of the n x n
// problem are split across module workers, each with its own copy of the core.
//
//   const pool = createAttentionPool();            // one worker per core, at most 4
//   await pool.setKeysValues(K, V, n, d);           // sent once; they stay in the workers
//   const { weights, outputs } = await pool.attendRaw(Q, { causal: true });
//   pool.close();
//
// Why this shape: without SharedArrayBuffer (course sites rarely send the
// COOP/COEP headers it needs) every worker holds its own K and V, so they are
// sent once and kept, and only Q goes out per call (the pool itself, shared
// with the scale lab, is worker-pool.js). Each worker computes one
// band of rows (attendRawRows) into a buffer it got back from the previous
// call, and transfers it to the page, which copies it into the result. Bands
// start on multiples of 32, so the numbers are bit for bit one attendRaw call's.
// Where no worker can start, the pool computes on the page's own thread.
//
// The pool checks what it is given at its own edge, as attendRaw does (raw-path.js), before
// anything is sent or allocated: n and d, the buffers' types and lengths, the options and
// `into`; the caps and non-finite numbers are checked by the core that keeps K and V
// (checkKeysValues below), so a refusal comes with attendRaw's code and words. A closed pool
// refuses every call with code 'closed': it never falls back to the page's thread.
import { AttentionError, loadAttention } from './attention.js';
import { checkKeysValues, checkRawArguments } from './raw-path.js';
import { splitBands } from './row-bands.js';
import { MAX_POOL_WORKERS, WorkerPool, defaultWorkerCount, replyTo } from './worker-pool.js';

export { MAX_POOL_WORKERS, splitBands };

// The literal form bundlers recognise as a worker entry: keep it exactly so.
function startPoolWorker() {
  return new Worker(new URL('./parallel-worker.js', import.meta.url), { type: 'module' });
}

/**
 * @param {{ workers?: number, createWorker?: () => Worker }} [options]
 *        workers: how many (default: one per core, at most 4); createWorker: for tests.
 */
export function createAttentionPool({ workers = defaultWorkerCount(), createWorker = startPoolWorker } = {}) {
  return new AttentionPool(new WorkerPool({ workers, createWorker }));
}

class AttentionPool {
  #pool;
  #kv = null;         // { K, V, n, d }, checked: the page-thread fallback's, and n and d for Q
  #closed = false;

  constructor(pool) {
    this.#pool = pool;
  }

  /** How many workers compute (0: the page's own thread). */
  get workerCount() {
    return this.#pool.size;
  }

  /**
   * Sends K and V (n x d each) to every worker, where they stay for later calls. Rejects with
   * attendRaw's AttentionError for what attendRaw would refuse (the caps, NaN), and then the K and
   * V set before stay.
   */
  async setKeysValues(K, V, n, d) {
    this.#open();
    checkKeysValues(K, V, n, d);
    const workers = this.#pool.workers;
    if (workers.length === 0) checkWithCore(await loadAttention({ path: 'raw' }), K, V, n, d);
    else await Promise.all(workers.map((worker) => this.#ask(worker, { type: 'kv', K, V, n, d })));
    this.#open(); // closed while the workers checked
    this.#kv = { K, V, n, d };
  }

  /**
   * Attention for queries Q (n x d) against the K and V set last; options as attendRaw's
   * ({ scaled, causal, weights, into }). Resolves to { weights, outputs }.
   */
  async attendRaw(Q, allOptions = {}) {
    this.#open();
    if (!this.#kv) throw new AttentionError('attendRaw: call setKeysValues(K, V, n, d) first', 'invalid_argument');
    const { K, V, n, d } = this.#kv;
    const { scaled, causal, weights: wantWeights, into } = checkRawArguments(Q, K, V, n, d, allOptions);
    const options = { scaled, causal, weights: wantWeights };
    const workers = this.#pool.workers;
    if (workers.length === 0) {
      const attn = await loadAttention({ path: 'raw' });
      this.#open(); // closed while the core loaded: the page computes nothing
      return attn.attendRaw(Q, K, V, n, d, into ? { ...options, into } : options);
    }
    const bands = splitBands(n, workers.length, { causal });
    const parts = await Promise.all(bands.map((band, k) => {
      const recycle = workers[k].kept;
      workers[k].kept = null;
      const transfer = recycle ? [recycle.outputs.buffer, ...(recycle.weights ? [recycle.weights.buffer] : [])] : [];
      return this.#ask(workers[k], { type: 'rows', Q, band, options, recycle }, transfer);
    }));
    // Made, or written into, only once every band succeeded: a failed call leaves `into` as it
    // was and allocates nothing on the page.
    const out = into ?? { weights: wantWeights ? new Float32Array(n * n) : null, outputs: new Float32Array(n * d) };
    parts.forEach((part, k) => {
      const { first } = bands[k];
      if (wantWeights) out.weights.set(part.weights, first * n);
      out.outputs.set(part.outputs, first * d);
      workers[k].kept = part; // its buffers go back with this worker's next band
    });
    return { weights: wantWeights ? out.weights : null, outputs: out.outputs };
  }

  /** Stops the workers; every later call rejects with code 'closed' (calls under way too). */
  close() {
    this.#closed = true;
    this.#pool.close();
  }

  #open() {
    if (this.#closed)
      throw new AttentionError('this pool is closed: make a new one with createAttentionPool()', 'closed');
  }

  // The pool's errors as the core's: an AttentionError with the same code.
  #ask(worker, message, transfer) {
    return this.#pool.ask(worker, message, transfer).catch((err) => {
      throw new AttentionError(err.message, err.code);
    });
  }
}

// K and V checked by the core as attendRaw checks them (d and n against the caps, with and
// without the grid; every number finite): one asker's row, outputs only, costs O(n d).
function checkWithCore(attn, K, V, n, d) {
  attn.attendRawRows(K, K, V, n, d, { first: 0, count: 1, weights: false });
}

/** A pool worker's reply to one message: { reply, transfer } (rowsHandler's answer, as servePool posts it). */
export function serveRows(attnReady, state, message) {
  return replyTo(rowsHandler(attnReady, state), message);
}

/**
 * What a pool worker does with a message (wasm/parallel-worker.js: servePool(self, rowsHandler(...))):
 * 'kv' keeps K and V in `state` (this worker's own); 'rows' computes one band of rows into the
 * buffers sent back with it (a fresh pair the first time), and transfers them.
 */
export const rowsHandler = (attnReady, state) => async ({ type, ...data }) => {
  const attn = await attnReady;
  if (type === 'kv') {
    checkWithCore(attn, data.K, data.V, data.n, data.d);
    Object.assign(state, { K: data.K, V: data.V, n: data.n, d: data.d });
    return { result: true };
  }
  const { K, V, n, d } = state;
  const { first, count } = data.band;
  const wantWeights = data.options.weights ?? true;
  const fits = (buf, size) => buf && buf.length >= size;
  const r = data.recycle;
  const into = {
    weights: wantWeights ? (fits(r?.weights, count * n) ? r.weights.subarray(0, count * n) : new Float32Array(count * n)) : undefined,
    outputs: fits(r?.outputs, count * d) ? r.outputs.subarray(0, count * d) : new Float32Array(count * d),
  };
  const result = attn.attendRawRows(data.Q, K, V, n, d, { ...data.options, first, count, into });
  return { result, transfer: [result.outputs.buffer, ...(result.weights ? [result.weights.buffer] : [])] };
};

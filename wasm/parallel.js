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
// sent once and kept, and only Q goes out per call. Each worker computes one
// band of rows (attendRawRows) into a buffer it got back from the previous
// call, and transfers it to the page, which copies it into the result. Bands
// start on multiples of 32, so the numbers are bit for bit one attendRaw call's.
// Where no worker can start, the pool computes on the page's own thread.
import { AttentionError, loadAttention } from './attention.js';
import { splitBands } from './row-bands.js';

export { splitBands };

/** At most this many workers: each holds its own core, K, V and band of the grid. */
export const MAX_POOL_WORKERS = 4;

// The literal form bundlers recognise as a worker entry: keep it exactly so.
function startPoolWorker() {
  return new Worker(new URL('./parallel-worker.js', import.meta.url), { type: 'module' });
}

function defaultWorkers() {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 0 ? Math.min(MAX_POOL_WORKERS, cores) : 1;
}

/**
 * @param {{ workers?: number, createWorker?: () => Worker }} [options]
 *        workers: how many (default: one per core, at most 4); createWorker: for tests.
 */
export function createAttentionPool({ workers = defaultWorkers(), createWorker = startPoolWorker } = {}) {
  return new AttentionPool(Math.max(1, Math.min(MAX_POOL_WORKERS, workers)), createWorker);
}

class AttentionPool {
  #workers = [];      // { worker, recycle: { weights, outputs } | null, waiting: Map(id -> { resolve, reject }) }
  #kv = null;         // { K, V, n, d } for the page-thread fallback
  #nextId = 1;

  constructor(count, createWorker) {
    for (let k = 0; k < count; k++) {
      let worker;
      try {
        worker = createWorker();
      } catch {
        break; // no (more) workers on this page: the others, or the page itself, compute
      }
      const entry = { worker, recycle: null, waiting: new Map() };
      worker.addEventListener('message', ({ data }) => this.#settle(entry, data));
      worker.addEventListener('error', (event) => {
        event.preventDefault?.();
        this.#drop(entry, new AttentionError('a pool worker could not start', 'load_failed'));
      });
      this.#workers.push(entry);
    }
  }

  /** How many workers compute (0: the page's own thread). */
  get workerCount() {
    return this.#workers.length;
  }

  /** Sends K and V (n x d each) to every worker, where they stay for later calls. */
  async setKeysValues(K, V, n, d) {
    this.#kv = { K, V, n, d };
    await Promise.all(this.#workers.map((entry) => this.#ask(entry, { type: 'kv', K, V, n, d })));
  }

  /**
   * Attention for queries Q (n x d) against the K and V set last; options as attendRaw's
   * ({ scaled, causal, weights, into }). Resolves to { weights, outputs }.
   */
  async attendRaw(Q, { into, ...options } = {}) {
    if (!this.#kv) throw new AttentionError('attendRaw: call setKeysValues(K, V, n, d) first', 'invalid_argument');
    const { K, V, n, d } = this.#kv;
    const wantWeights = options.weights ?? true;
    if (this.#workers.length === 0) return (await loadAttention({ path: 'raw' })).attendRaw(Q, K, V, n, d, { ...options, into });
    const out = into ?? { weights: wantWeights ? new Float32Array(n * n) : null, outputs: new Float32Array(n * d) };
    const bands = splitBands(n, this.#workers.length, { causal: options.causal === true });
    const parts = await Promise.all(bands.map((band, k) => {
      const entry = this.#workers[k];
      const recycle = entry.recycle;
      entry.recycle = null;
      const transfer = recycle ? [recycle.outputs.buffer, ...(recycle.weights ? [recycle.weights.buffer] : [])] : [];
      return this.#ask(entry, { type: 'rows', Q, band, options, recycle }, transfer);
    }));
    // Copied only once every band succeeded: a failed call leaves `into` as it was.
    parts.forEach((part, k) => {
      const { first } = bands[k];
      if (wantWeights) out.weights.set(part.weights, first * n);
      out.outputs.set(part.outputs, first * d);
      this.#workers[k].recycle = part; // its buffers go back with this worker's next band
    });
    return { weights: wantWeights ? out.weights : null, outputs: out.outputs };
  }

  /** Stops the workers. */
  close() {
    for (const entry of this.#workers) this.#drop(entry, new AttentionError('the pool was closed', 'closed'));
  }

  #ask(entry, message, transfer = []) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      entry.waiting.set(id, { resolve, reject });
      entry.worker.postMessage({ ...message, id }, transfer);
    });
  }

  #settle(entry, { id, result, error }) {
    const waiter = entry.waiting.get(id);
    if (!waiter) return;
    entry.waiting.delete(id);
    if (error) waiter.reject(new AttentionError(error.message, error.code));
    else waiter.resolve(result);
  }

  #drop(entry, err) {
    entry.worker.terminate();
    this.#workers = this.#workers.filter((e) => e !== entry);
    for (const { reject } of entry.waiting.values()) reject(err);
    entry.waiting.clear();
  }
}

/**
 * The worker side (wasm/parallel-worker.js wires it to `self`): answers one
 * message; returns { reply, transfer }. state holds this worker's K and V.
 */
export async function serveRows(attnReady, state, { id, type, ...data }) {
  try {
    const attn = await attnReady;
    if (type === 'kv') {
      Object.assign(state, { K: data.K, V: data.V, n: data.n, d: data.d });
      return { reply: { id, result: true }, transfer: [] };
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
    return { reply: { id, result }, transfer: [result.outputs.buffer, ...(result.weights ? [result.weights.buffer] : [])] };
  } catch (err) {
    const code = typeof err?.code === 'string' ? err.code : 'compute_failed';
    return { reply: { id, error: { code, message: String(err?.message ?? err) } }, transfer: [] };
  }
}

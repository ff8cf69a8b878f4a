// The one pool of module workers, for every caller that splits work across cores: the public
// attendRaw pool (parallel.js, createAttentionPool) and the scale lab's grid (web/views/scale/
// client.js). It starts the workers, sends each a message and resolves its reply, keeps a buffer
// per worker for the caller to send back with the next message, and lets a worker that cannot
// compute leave. What a message means is the caller's and its worker's (servePool).
//
// Why a pool of its own workers, each with its own core: without SharedArrayBuffer (course sites
// rarely send the COOP/COEP headers it needs) the workers cannot share memory, so each keeps what
// it is given (K and V, or a lab's seeded inputs) and only a band of rows travels per call.
// This module starts no worker itself (its callers pass createWorker with the literal
// `new Worker(new URL(...))` that bundlers follow), and imports nothing: a page that uses one
// caller does not carry the other.

/** At most this many workers: each holds its own core, inputs and band of the work. */
export const MAX_POOL_WORKERS = 4;

/** One worker per logical core the browser reports, 1 to MAX_POOL_WORKERS. */
export function defaultWorkerCount() {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 0 ? Math.min(MAX_POOL_WORKERS, cores) : 1;
}

// An error with a stable code, as the workers send them back ({ code, message }).
const failure = (code, message) => Object.assign(new Error(message), { code });

export class WorkerPool {
  /** The first error a worker threw as it was made (a page that refuses workers), or null. */
  startError = null;
  #workers = [];   // { worker, kept, waiting: Map(id -> { resolve, reject }) }
  #createWorker;
  #onLost;
  #nextId = 1;

  /**
   * @param {{ createWorker: () => Worker, workers?: number, onLost?: (reason: string) => void }} options
   *   workers: how many (default: one per core, at most 4); onLost(reason): a worker left the pool
   *   (it failed to start, or its core could not load); the pool may be empty then.
   */
  constructor({ createWorker, workers = defaultWorkerCount(), onLost = () => {} }) {
    this.#createWorker = createWorker;
    this.#onLost = onLost;
    this.#start(Math.max(1, Math.min(MAX_POOL_WORKERS, workers)));
  }

  /** How many workers compute now. */
  get size() {
    return this.#workers.length;
  }

  /** The workers, in order: each has `kept`, a value the caller leaves with it (a buffer to send back). */
  get workers() {
    return [...this.#workers];
  }

  /**
   * Sends `message` (plus a fresh `id`) to `worker` (one of `workers`); resolves to its reply's
   * result, or rejects with an Error with the reply's { code, message }. A worker that leaves the
   * pool first rejects it with code 'load_failed'; a restart or close, with 'restarted' or 'closed'.
   */
  ask(worker, message, transfer = []) {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (!this.#workers.includes(worker)) {
        reject(failure('load_failed', 'the worker has left the pool'));
        return;
      }
      worker.waiting.set(id, { resolve, reject });
      worker.worker.postMessage({ ...message, id }, transfer);
    });
  }

  /** Every worker stopped and started again (a long call nobody wants any more is cut short). */
  restart() {
    const count = this.#workers.length;
    this.#stopAll(failure('restarted', 'the pool was restarted'));
    this.#start(count);
  }

  /** Stops the workers; every call under way rejects with code 'closed'. */
  close() {
    this.#stopAll(failure('closed', 'the pool was closed'));
  }

  #start(count) {
    for (let k = 0; k < count; k++) {
      let worker;
      try {
        worker = this.#createWorker();
      } catch (err) {
        this.startError ??= err;
        return; // fewer workers than asked (or none): the ones that started do the work
      }
      const entry = { worker, kept: null, waiting: new Map() };
      worker.addEventListener('message', ({ data }) => this.#settle(entry, data));
      // A worker that fails to load (a blocked script, no module workers) reports an error event.
      worker.addEventListener('error', (event) => {
        event.preventDefault?.();
        this.#lose(entry, failure('load_failed', 'a pool worker could not start'), 'the worker could not start');
      });
      this.#workers.push(entry);
    }
  }

  #settle(entry, { id, result, error }) {
    const waiter = entry.waiting.get(id);
    if (!waiter) return; // for a call given up on
    entry.waiting.delete(id);
    if (!error) waiter.resolve(result);
    else if (error.code === 'load_failed') { // its core could not start there: the worker is of no use
      waiter.reject(failure(error.code, error.message));
      this.#lose(entry, failure(error.code, error.message), 'the attention core could not start in a worker');
    } else waiter.reject(failure(error.code, error.message));
  }

  #lose(entry, err, reason) {
    if (!this.#workers.includes(entry)) return;
    this.#stop(entry, err);
    this.#workers = this.#workers.filter((e) => e !== entry);
    this.#onLost(reason);
  }

  #stopAll(err) {
    for (const entry of this.#workers) this.#stop(entry, err);
    this.#workers = [];
  }

  #stop(entry, err) {
    entry.worker.terminate();
    for (const { reject } of entry.waiting.values()) reject(err);
    entry.waiting.clear();
  }
}

/**
 * The worker side's answer to one message { id, ... }: { reply, transfer }, the reply being
 * { id, result } or { id, error: { code, message } }. handle(message) returns { result, transfer }
 * (or a promise of it; `transfer`: the buffers to move rather than copy) and may throw. Never throws.
 */
export async function replyTo(handle, message) {
  try {
    const { result, transfer = [] } = await handle(message);
    return { reply: { id: message.id, result }, transfer };
  } catch (err) {
    const code = typeof err?.code === 'string' ? err.code : 'compute_failed';
    return { reply: { id: message.id, error: { code, message: String(err?.message ?? err) } }, transfer: [] };
  }
}

/** A pool worker's loop: in `scope` (its global), every message gets its reply (replyTo). */
export function servePool(scope, handle) {
  scope.addEventListener('message', async ({ data }) => {
    const { reply, transfer } = await replyTo(handle, data);
    scope.postMessage(reply, transfer);
  });
}

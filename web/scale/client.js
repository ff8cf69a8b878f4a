// Sends jobs to the workers, newest-only: one job runs at a time, and of the
// jobs waiting, only the newest of each kind is kept. A result whose request is
// no longer the newest of its kind arrives with `current: false`, so the element
// can drop it (a slider dragged past it) while still using its timing.
//
// Several workers (one per core the browser reports, at most MAX_WORKERS)
// share a large grid: each computes one band of rows from the same seeded
// inputs (so its K and V stay resident in it from call to call) and sends back
// only its rows of pixel means, which are then put together; the result is bit
// for bit what one worker computes (bands.js). Each band's means buffer goes
// back to its worker with the next grid job, to be filled again.
//
// Fallbacks: a worker that cannot start, or whose core fails to load, leaves
// the pool and its job is redone by the others; with none left (a page that
// refuses workers, e.g. this module loaded cross-origin), jobs run on the
// page's own thread, and `mode` says so, so the element can tell the learner
// the page may pause. Every mode change is reported through onModeChange,
// the first one included.

import { mergeBands, splitRows } from './bands.js';
import { answer } from './compute.js';

/** At most this many workers: each holds its own core, inputs and band of the grid. */
export const MAX_WORKERS = 4;
/** Below this n one worker computes the grid: a band's messages would cost more than it saves. */
export const PARALLEL_FROM_N = 512;

// A grid job that has run this long and is no longer wanted is cut short by
// restarting the workers (reloading the core costs far less than, say, finishing
// a 4096 x 4096 x 512 grid nobody will see).
const RESTART_STALE_AFTER_MS = 400;

/** One worker per logical core the browser reports, 1 to MAX_WORKERS. */
export function defaultWorkerCount() {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 0 ? Math.min(MAX_WORKERS, cores) : 1;
}

// The literal form bundlers (Vite, webpack, esbuild, Rollup, Parcel) recognise
// and bundle as a worker entry: keep it exactly so.
function startModuleWorker() {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
}

export class ComputeClient {
  #workers = [];          // the pool: { worker, recycle: ArrayBuffer | null }
  #mode = 'worker';
  #running = null;        // { job, dispatch, pending: Set(pool entry), parts: [[entry, result]] } or null
  #startedAt = 0;         // when #running started (performance.now())
  #waiting = new Map();   // kind -> the newest job of that kind not yet started
  #newest = new Map();    // kind -> id of the newest request of that kind
  #nextId = 1;
  #nextDispatch = 1;      // each sending of a job: a job redone after a lost worker is sent anew
  #onResult;
  #onModeChange;
  #createWorker;

  /**
   * @param {{ onResult: (message: { kind, id, current, mode, result?, error?: { code, message } }) => void,
   *           forceMainThread?: boolean, onModeChange?: (mode, reason) => void,
   *           workers?: number, createWorker?: () => Worker }} options
   *        workers: pool size (default defaultWorkerCount()); createWorker: for tests.
   */
  constructor({ onResult, forceMainThread = false, onModeChange = () => {}, workers = defaultWorkerCount(),
    createWorker = startModuleWorker }) {
    this.#onResult = onResult;
    this.#onModeChange = onModeChange;
    this.#createWorker = createWorker;
    if (forceMainThread) this.#setMode('main', 'the no-worker attribute is set');
    else this.#startWorkers(Math.max(1, Math.min(MAX_WORKERS, workers)));
  }

  /** 'worker', 'main' (computing on the page's thread) or 'closed'. */
  get mode() {
    return this.#mode;
  }

  /** How many workers compute (0 on the main thread). */
  get workerCount() {
    return this.#mode === 'worker' ? this.#workers.length : 0;
  }

  /** Queues a job; it replaces any waiting job of the same kind. Returns its id. */
  request(kind, params) {
    const job = { id: this.#nextId++, kind, params };
    this.#newest.set(kind, job.id);
    this.#waiting.set(kind, job);
    this.#pump();
    if (this.#running && this.#running.job.kind === kind && this.#running.job !== job) this.#watchStale(this.#running.job);
    return job.id;
  }

  /** Stops the workers; later requests are ignored. */
  close() {
    for (const { worker } of this.#workers) worker.terminate();
    this.#workers = [];
    this.#waiting.clear();
    this.#running = null;
    this.#mode = 'closed';
  }

  #setMode(mode, reason) {
    this.#mode = mode;
    this.#onModeChange(mode, reason);
  }

  #startWorkers(count) {
    for (let k = 0; k < count; k++) {
      let worker;
      try {
        worker = this.#createWorker();
      } catch (err) {
        if (this.#workers.length === 0) this.#setMode('main', `this page cannot start a worker (${err?.name ?? 'error'})`);
        return; // fewer workers than asked: the ones that started do the work
      }
      const entry = { worker, recycle: null };
      worker.addEventListener('message', ({ data }) => this.#receive(entry, data));
      // A worker that fails to load (blocked script, no module workers) reports an error event.
      worker.addEventListener('error', (event) => {
        event.preventDefault?.();
        this.#lose(entry, 'the worker could not start');
      });
      this.#workers.push(entry);
    }
    this.#setMode('worker', count > 1 ? `${this.#workers.length} workers` : 'one worker');
  }

  // A worker that cannot compute leaves the pool; its job is redone without it.
  #lose(entry, reason) {
    if (!this.#workers.includes(entry)) return;
    entry.worker.terminate();
    this.#workers = this.#workers.filter((e) => e !== entry);
    const lost = this.#running;
    if (lost?.pending.has(entry)) {
      this.#running = null;
      if (!this.#waiting.has(lost.job.kind)) this.#waiting.set(lost.job.kind, lost.job);
    }
    if (this.#workers.length === 0 && this.#mode === 'worker') this.#setMode('main', reason);
    this.#pump();
  }

  #watchStale(job) {
    if (this.#mode !== 'worker' || job.kind !== 'grid' || job.watched) return;
    job.watched = true;
    const wait = Math.max(0, this.#startedAt + RESTART_STALE_AFTER_MS - performance.now());
    setTimeout(() => {
      if (this.#running?.job !== job || this.#mode !== 'worker') return; // finished meanwhile
      const count = this.#workers.length;
      for (const { worker } of this.#workers) worker.terminate();
      this.#workers = [];
      this.#running = null;
      this.#startWorkers(count);
      this.#pump();
    }, wait);
  }

  #pump() {
    if (this.#running || this.#waiting.size === 0 || this.#mode === 'closed') return;
    // The thermostat is quick and rarely asked for: let it go first.
    const kind = this.#waiting.has('thermostat') ? 'thermostat' : this.#waiting.keys().next().value;
    const job = this.#waiting.get(kind);
    this.#waiting.delete(kind);
    this.#running = { job, dispatch: this.#nextDispatch++, pending: new Set(), parts: [] };
    this.#startedAt = performance.now();
    if (this.#mode === 'worker') this.#dispatch(this.#running);
    else this.#runHere(job);
  }

  // One message per worker that takes part: a band each for a large grid, else the whole job to the first.
  #dispatch(run) {
    const job = { ...run.job, dispatch: run.dispatch };
    const { n, maxPixels, causal } = job.params;
    const bands = job.kind === 'grid' && this.#workers.length > 1 && n >= PARALLEL_FROM_N
      ? splitRows(n, this.#workers.length, maxPixels, causal) : [null];
    bands.forEach((band, k) => {
      const entry = this.#workers[k];
      run.pending.add(entry);
      if (!band) return entry.worker.postMessage(job);
      const recycle = entry.recycle;
      entry.recycle = null;
      entry.worker.postMessage({ ...job, band, recycle }, recycle ? [recycle] : []);
    });
  }

  #receive(entry, data) {
    const run = this.#running;
    if (!run || data.dispatch !== run.dispatch || !run.pending.has(entry)) return; // from a sending given up on
    if (data.error?.code === 'load_failed') return this.#lose(entry, 'the attention core could not start in a worker');
    if (data.error) return this.#finish({ id: data.id, kind: data.kind, error: data.error });
    run.pending.delete(entry);
    run.parts.push([entry, data.result]);
    if (run.pending.size > 0) return;
    const [[, first]] = run.parts;
    if (!first.band) return this.#finish({ id: data.id, kind: data.kind, result: { ...first, workers: 1 } });
    const result = mergeBands(run.parts.map(([, part]) => part));
    for (const [owner, part] of run.parts) owner.recycle = part.means.buffer; // filled again next time
    this.#finish({ id: data.id, kind: data.kind, result });
  }

  async #runHere(job) {
    // Yield first, so the slider that asked for this paints before we compute.
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The worker's kernel runner and reply (worker.js), here.
    const { result, error } = await answer(import('../../wasm/attention.js').then((core) => core.loadKernelRunner()), job);
    this.#finish({ id: job.id, kind: job.kind, ...(error ? { error } : { result: { ...result, workers: 0 } }) });
  }

  #finish(message) {
    if (this.#mode === 'closed') return;
    this.#running = null;
    const current = this.#newest.get(message.kind) === message.id;
    this.#onResult({ ...message, current, mode: this.#mode });
    this.#pump();
  }
}

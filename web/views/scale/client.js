// The scale lab's jobs on the worker pool (wasm/worker-pool.js), newest-only: one job runs at a
// time, and of the jobs waiting, only the newest of each kind is kept. A result whose request is
// no longer the newest of its kind arrives with `current: false`, so the element can drop it (a
// slider dragged past it) while still using its timing. The newest request wins: want() asks
// again whenever the settings differ from the newest request of their kind (not from what is on
// screen), so a slider dragged away and back within a job's time gets its own grid back.
//
// Several workers share a large grid: each computes one band of rows from the same seeded inputs
// (so its K and V stay resident in it from call to call) and sends back only its rows of pixel
// means, which are then put together; the result is bit for bit what one worker computes
// (bands.js). Each band's means buffer stays with its worker (the pool's `kept`) and goes back
// with the next grid job, to be filled again.
//
// Fallbacks: a worker that cannot start, or whose core fails to load, leaves the pool and its job
// is redone by the others; with none left (a page that refuses workers, e.g. this module loaded
// cross-origin), jobs run on the page's own thread, and `mode` says so, so the element can tell
// the learner the page may pause. Every mode change is reported through onModeChange, the first
// one included.
import { MAX_POOL_WORKERS, WorkerPool, defaultWorkerCount } from '../../../wasm/worker-pool.js';
import { mergeBands, splitRows } from './bands.js';
import { answer } from './compute.js';
import { t } from './words.js';

export { defaultWorkerCount };
/** At most this many workers: each holds its own core, inputs and band of the grid. */
export const MAX_WORKERS = MAX_POOL_WORKERS;
/** Below this n one worker computes the grid: a band's messages would cost more than it saves. */
export const PARALLEL_FROM_N = 512;

// A grid job that has run this long and is no longer wanted is cut short by restarting the
// workers (reloading the core costs far less than, say, finishing a 4096 x 4096 x 512 grid
// nobody will see).
const RESTART_STALE_AFTER_MS = 400;

// The literal form bundlers (Vite, webpack, esbuild, Rollup, Parcel) recognise and bundle as a
// worker entry: keep it exactly so.
function startModuleWorker() {
  return new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
}

export class ComputeClient {
  #pool = null;
  #mode = 'worker';
  #running = null;        // { job } of the job under way, or null
  #startedAt = 0;         // when #running started (performance.now())
  #waiting = new Map();   // kind -> the newest job of that kind not yet started
  #newest = new Map();    // kind -> id of the newest request of that kind
  #wanted = new Map();    // kind -> the params of the newest request of that kind, as JSON
  #nextId = 1;
  #onResult;
  #onModeChange;

  /**
   * @param {{ onResult: (message: { kind, id, current, mode, result?, error?: { code, message } }) => void,
   *           forceMainThread?: boolean, onModeChange?: (mode, reason) => void,
   *           workers?: number, createWorker?: () => Worker }} options
   *        workers: pool size (default: one per core, at most 4); createWorker: for tests;
   *        reason: why the page computes, a function that says it in the language in force (or
   *        the worker pool's own text).
   */
  constructor({ onResult, forceMainThread = false, onModeChange = () => {}, workers = defaultWorkerCount(),
    createWorker = startModuleWorker }) {
    this.#onResult = onResult;
    this.#onModeChange = onModeChange;
    if (forceMainThread) {
      this.#setMode('main', () => t('scale.reasonNoWorker'));
      return;
    }
    this.#pool = new WorkerPool({ workers, createWorker, onLost: (reason) => this.#lost(reason) });
    const error = this.#pool.startError?.name ?? 'error';
    if (this.#pool.size === 0) this.#setMode('main', () => t('scale.reasonNoStart', { error }));
    else this.#setMode('worker', workers > 1 ? `${this.#pool.size} workers` : 'one worker');
  }

  /** 'worker', 'main' (computing on the page's thread) or 'closed'. */
  get mode() {
    return this.#mode;
  }

  /** How many workers compute (0 on the main thread). */
  get workerCount() {
    return this.#mode === 'worker' ? this.#pool.size : 0;
  }

  /**
   * The settings the view wants on screen for `kind`: a job is queued unless the newest request
   * of that kind asked for the same (its result is on its way, or on screen). Returns whether it
   * asked.
   */
  want(kind, params) {
    const key = JSON.stringify(params);
    if (this.#wanted.get(kind) === key) return false;
    this.request(kind, params);
    return true;
  }

  /** Queues a job; it replaces any waiting job of the same kind. Returns its id. */
  request(kind, params) {
    this.#wanted.set(kind, JSON.stringify(params));
    const job = { id: this.#nextId++, kind, params };
    this.#newest.set(kind, job.id);
    this.#waiting.set(kind, job);
    this.#pump();
    if (this.#running && this.#running.job.kind === kind && this.#running.job !== job) this.#watchStale(this.#running);
    return job.id;
  }

  /** Stops the workers; later requests are ignored. */
  close() {
    this.#pool?.close();
    this.#waiting.clear();
    this.#running = null;
    this.#mode = 'closed';
  }

  #setMode(mode, reason) {
    this.#mode = mode;
    this.#onModeChange(mode, reason);
  }

  // A worker left the pool (its job, if it had a band of it, is redone: #dispatch); none left: the page computes.
  #lost(reason) {
    if (this.#pool.size === 0 && this.#mode === 'worker') this.#setMode('main', reason);
  }

  #watchStale(run) {
    if (this.#mode !== 'worker' || run.job.kind !== 'grid' || run.watched) return;
    run.watched = true;
    const wait = Math.max(0, this.#startedAt + RESTART_STALE_AFTER_MS - performance.now());
    setTimeout(() => {
      if (this.#running !== run || this.#mode !== 'worker') return; // finished meanwhile
      this.#running = null;
      this.#pool.restart();
      this.#pump();
    }, wait);
  }

  #pump() {
    if (this.#running || this.#waiting.size === 0 || this.#mode === 'closed') return;
    // The thermostat is quick and rarely asked for: let it go first.
    const kind = this.#waiting.has('thermostat') ? 'thermostat' : this.#waiting.keys().next().value;
    const job = this.#waiting.get(kind);
    this.#waiting.delete(kind);
    const run = { job };
    this.#running = run;
    this.#startedAt = performance.now();
    if (this.#mode === 'worker') this.#dispatch(run);
    else this.#runHere(run);
  }

  // One message per worker that takes part: a band each for a large grid, else the whole job to the first.
  async #dispatch(run) {
    const { job } = run;
    const workers = this.#pool.workers;
    const { n, maxPixels, causal } = job.params;
    const bands = job.kind === 'grid' && workers.length > 1 && n >= PARALLEL_FROM_N
      ? splitRows(n, workers.length, maxPixels, causal) : [null];
    let parts;
    try {
      parts = await Promise.all(bands.map((band, k) => {
        const message = { kind: job.kind, params: job.params };
        if (!band) return this.#pool.ask(workers[k], message);
        const recycle = workers[k].kept;
        workers[k].kept = null;
        return this.#pool.ask(workers[k], { ...message, band, recycle }, recycle ? [recycle] : []);
      }));
    } catch (err) {
      if (this.#running !== run) return; // given up on (a restart, a close)
      if (err.code !== 'load_failed') return this.#finish(run, { error: { code: err.code, message: err.message } });
      // A worker left the pool: the job is redone without it (unless a newer one of its kind waits).
      this.#running = null;
      if (!this.#waiting.has(job.kind)) this.#waiting.set(job.kind, job);
      this.#pump();
      return;
    }
    if (this.#running !== run) return;
    if (!bands[0]) return this.#finish(run, { result: { ...parts[0], workers: 1 } });
    parts.forEach((part, k) => { workers[k].kept = part.means.buffer; }); // filled again next time
    this.#finish(run, { result: mergeBands(parts) });
  }

  async #runHere(run) {
    // Yield first, so the slider that asked for this paints before we compute.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (this.#running !== run) return; // closed meanwhile: nothing computes for nobody
    // The worker's kernel runner and reply (worker.js), here.
    const { result, error } = await answer(import('../../../wasm/attention.js').then((core) => core.loadKernelRunner()), run.job);
    this.#finish(run, error ? { error } : { result: { ...result, workers: 0 } });
  }

  #finish(run, outcome) {
    if (this.#mode === 'closed' || this.#running !== run) return;
    this.#running = null;
    const { id, kind } = run.job;
    this.#onResult({ id, kind, ...outcome, current: this.#newest.get(kind) === id, mode: this.#mode });
    this.#pump();
  }
}

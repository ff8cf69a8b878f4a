// Sends jobs to the worker, newest-only: one job runs at a time, and of the jobs
// waiting, only the newest of each kind is kept. A result whose request is no
// longer the newest of its kind arrives with `current: false`, so the element can
// drop it (a slider dragged past it) while still using its timing.
//
// Where a worker cannot start (a page that refuses workers, e.g. this module
// loaded cross-origin), jobs run on the page's own thread instead, and `mode`
// says so, so the element can tell the learner the page may pause.

const WORKER_URL = new URL('./worker.js', import.meta.url);

// A grid job that has run this long and is no longer wanted is cut short by
// restarting the worker (reloading the core costs far less than, say, finishing
// a 4096 x 4096 x 512 grid nobody will see).
const RESTART_STALE_AFTER_MS = 400;

export class ComputeClient {
  #worker = null;
  #mode = 'worker';
  #running = null;        // the job being computed, or null
  #startedAt = 0;         // when #running started (performance.now())
  #waiting = new Map();   // kind -> the newest job of that kind not yet started
  #newest = new Map();    // kind -> id of the newest request of that kind
  #nextId = 1;
  #onResult;
  /** How many times a stale job was cut short by restarting the worker. */
  restarts = 0;

  /**
   * @param {{ onResult: (message: { kind, id, current, result?, error? }) => void,
   *           forceMainThread?: boolean, onModeChange?: (mode, reason) => void }} options
   */
  constructor({ onResult, forceMainThread = false, onModeChange = () => {} }) {
    this.#onResult = onResult;
    this.onModeChange = onModeChange;
    if (forceMainThread) this.#useMainThread('the no-worker attribute is set');
    else this.#startWorker();
  }

  /** 'worker' or 'main' (computing on the page's thread). */
  get mode() {
    return this.#mode;
  }

  /** Queues a job; it replaces any waiting job of the same kind. Returns its id. */
  request(kind, params) {
    const job = { id: this.#nextId++, kind, params };
    this.#newest.set(kind, job.id);
    this.#waiting.set(kind, job);
    this.#pump();
    if (this.#running && this.#running.kind === kind && this.#running !== job) this.#watchStale(this.#running);
    return job.id;
  }

  #watchStale(job) {
    if (this.#mode !== 'worker' || job.kind !== 'grid' || job.watched) return;
    job.watched = true;
    const wait = Math.max(0, this.#startedAt + RESTART_STALE_AFTER_MS - performance.now());
    setTimeout(() => {
      if (this.#running !== job || this.#mode !== 'worker') return; // finished meanwhile
      this.#worker.terminate();
      this.restarts++;
      this.#running = null;
      this.#startWorker();
      this.#pump();
    }, wait);
  }

  /** Stops the worker; later requests are ignored. */
  close() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#waiting.clear();
    this.#mode = 'closed';
  }

  #startWorker() {
    try {
      this.#worker = new Worker(WORKER_URL, { type: 'module' });
    } catch (err) {
      this.#useMainThread(`this page cannot start a worker (${err?.name ?? 'error'})`);
      return;
    }
    this.#worker.addEventListener('message', ({ data }) => this.#finish(data));
    // A worker that fails to load (blocked script, no module workers) reports an
    // error event: fall back and redo the job it was given.
    this.#worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.#worker?.terminate();
      this.#worker = null;
      this.#useMainThread('the worker could not start');
      const lost = this.#running;
      this.#running = null;
      if (lost && !this.#waiting.has(lost.kind)) this.#waiting.set(lost.kind, lost);
      this.#pump();
    });
  }

  #useMainThread(reason) {
    this.#mode = 'main';
    this.onModeChange(this.#mode, reason);
  }

  #pump() {
    if (this.#running || this.#waiting.size === 0 || this.#mode === 'closed') return;
    // The thermostat is quick and rarely asked for: let it go first.
    const kind = this.#waiting.has('thermostat') ? 'thermostat' : this.#waiting.keys().next().value;
    const job = this.#waiting.get(kind);
    this.#waiting.delete(kind);
    this.#running = job;
    this.#startedAt = performance.now();
    if (this.#mode === 'worker') this.#worker.postMessage(job);
    else this.#runHere(job);
  }

  async #runHere(job) {
    // Yield first, so the slider that asked for this paints before we compute.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const [{ loadAttention }, { runJob }] = await Promise.all([
        import('../../wasm/attention.js'), import('./compute.js')]);
      const attn = await loadAttention();
      this.#finish({ id: job.id, kind: job.kind, result: runJob(attn, job) });
    } catch (err) {
      this.#finish({ id: job.id, kind: job.kind, error: err?.message ?? String(err) });
    }
  }

  #finish(message) {
    if (this.#mode === 'closed') return;
    this.#running = null;
    const current = this.#newest.get(message.kind) === message.id;
    this.#onResult({ ...message, current, mode: this.#mode });
    this.#pump();
  }
}

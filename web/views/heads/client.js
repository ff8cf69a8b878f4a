// Talks to the heads lab's worker (worker.js). Commands go in order; every
// message comes back to onMessage. Where a page cannot start a worker (a CSP
// without worker-src, this module loaded cross-origin), the same training loop
// runs on the page's own thread in small chunks, and `mode` and `reason` say so.
// A worker that fails after it has started is not replaced behind the page's back:
// its model is gone, so the client says so ({ type: 'worker-failed', message }) and
// takes no more commands; the element decides what happens next.

// The one-file build (dist/attention-heads.bundle.js, scripts/build-web.mjs) defines AW_ONE_FILE:
// it has no worker file beside it, so it trains on the page's thread from the start.
/* global AW_ONE_FILE */
const ONE_FILE = typeof AW_ONE_FILE !== 'undefined';

export class HeadsClient {
  #worker = null;
  #engine = null;     // Promise<TrainingEngine> on the page's thread, when no worker
  #onMessage;
  #closed = false;
  #started = false;   // the worker has spoken: from then on a failure is not a failure to start
  mode = 'worker';
  reason = '';        // why training runs on the page's thread, when it does (English)
  why = null;         // the same as the catalogue's words: { key, values } (web/shared/i18n/en-heads.js)

  /**
   * @param {{ onMessage: (message) => void, forceMainThread?: boolean,
   *           onModeChange?: (mode: string, why: { key: string, values: object }) => void }} options
   */
  constructor({ onMessage, forceMainThread = false, onModeChange = () => {} }) {
    this.#onMessage = onMessage;
    this.onModeChange = onModeChange;
    if (forceMainThread) this.#useMainThread('the no-worker attribute is set', 'heads.why.attribute');
    else if (ONE_FILE) this.#useMainThread('this one-file build has no worker file', 'heads.why.oneFile');
    else this.#startWorker();
  }

  send(command) {
    if (this.#closed) return;
    if (this.#worker) this.#worker.postMessage(command);
    else this.#engine.then((engine) => engine.handle(command), (err) => this.#fail(err));
  }

  close() {
    this.#closed = true;
    this.#worker?.terminate();
    this.#worker = null;
    this.#engine?.then((engine) => engine.handle({ type: 'pause' }), () => {});
  }

  #startWorker() {
    try {
      // The literal form bundlers recognise (and copy worker.js for).
      this.#worker = new Worker(new URL('./heads-worker.js', import.meta.url), { type: 'module' });
    } catch (err) {
      this.#useMainThread(`this page cannot start a worker (${err?.name ?? 'error'})`, 'heads.why.blocked', { name: err?.name ?? 'error' });
      return;
    }
    this.#worker.addEventListener('message', ({ data }) => {
      this.#started = true;
      if (!this.#closed) this.#onMessage(data);
    });
    this.#worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.#worker?.terminate();
      this.#worker = null;
      if (this.#started) {
        // It ran, then failed: its model is lost. Say so; start nothing in its place.
        this.#closed = true;
        this.#onMessage({ type: 'worker-failed', message: event.message || 'an error without a message' });
        return;
      }
      // A worker that fails to load (blocked script, no module workers): fall
      // back; the element resends its reset when the mode changes.
      this.#useMainThread('the worker could not start', 'heads.why.failed');
    });
  }

  #useMainThread(reason, key, values = {}) {
    this.mode = 'main';
    this.reason = reason;
    this.why = { key, values };
    this.#engine = Promise.all([import('../../../wasm/heads.js'), import('./engine.js')])
      .then(([{ loadHeads }, { TrainingEngine }]) => loadHeads().then((core) => new TrainingEngine(
        core, (message) => !this.#closed && this.#onMessage(message))));
    this.onModeChange(this.mode, this.why);
  }

  #fail(err) {
    if (!this.#closed)
      this.#onMessage({ type: 'error', generation: 0, code: err?.code ?? 'load_failed', message: err?.message ?? String(err) });
  }
}

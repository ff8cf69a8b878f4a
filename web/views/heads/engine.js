// The training loop behind <attention-heads>, free of the DOM: it runs in the
// worker (worker.js) or, where a page cannot start one, on the page's thread
// (client.js). Commands in, progress messages out:
//
//   { type: 'reset', config }   a fresh model for { heads, seed } (defaults fill the rest)
//   { type: 'train' }           train in chunks until 'pause' (or STOP_AT steps)
//   { type: 'pause' }
//   { type: 'step' }            one chunk of STEP_SIZE steps
//   { type: 'sentence', index } show another held-out sentence
//   ({ type: 'tick' } is the loop's own: one scheduled chunk)
//
// Every message carries the generation of the model it is about (a reset
// starts a new one), so the page can drop news about a model it replaced.

export const CHUNK = 25;       // steps between two pictures (~20-40 ms of training in wasm)
export const STEP_SIZE = 25;   // what one press of Step trains
export const MEASURE_EVERY = 100; // steps between held-out measurements (the labels' numbers)
export const STOP_AT = 3000;   // training pauses itself here: the heads settle well before
export const GUESSES = 4;      // next-word guesses shown
// Words in every corpus sentence (the core's sentence_length()). The element's
// loading skeleton draws blank grids this size, so the first picture does not
// push the page down; the grids themselves are built from each view's words.
export const SENTENCE_WORDS = 9;

export class TrainingEngine {
  #core;
  #post;
  #schedule;
  #lab = null;
  #generation = 0;
  #running = false;
  #index = 0;          // the held-out sentence on show
  #measuredAt = -1;    // step count of the last measurement

  /**
   * @param core   a HeadsCore (wasm/heads.js)
   * @param post   (message) => void
   * @param schedule (fn) => void: runs fn after pending commands had their turn
   */
  constructor(core, post, schedule = (fn) => setTimeout(fn, 0)) {
    this.#core = core;
    this.#post = post;
    this.#schedule = schedule;
  }

  handle(command) {
    try {
      switch (command?.type) {
        case 'reset': return this.#reset(command.config);
        case 'train': return this.#start();
        case 'pause': return this.#pause('paused');
        case 'step': return this.#step();
        case 'sentence': return this.#show(command.index);
        case 'tick': return this.#tick(command.generation);
        default: throw new Error(`unknown command ${String(command?.type).slice(0, 20)}`);
      }
    } catch (err) {
      this.#running = false;
      this.#post({ type: 'error', generation: this.#generation, code: err?.code ?? 'engine_failed',
        message: err?.message ?? String(err) });
    }
  }

  #reset(config = {}) {
    const lab = this.#core.createLab(config); // throws HeadsError on bad config: the old model stays
    this.#lab?.dispose();
    this.#lab = lab;
    this.#generation += 1;
    this.#running = false;
    this.#index = 0;
    this.#measuredAt = -1;
    this.#post({ type: 'reset', generation: this.#generation, config: lab.config });
    this.#report(0, null);
  }

  #start() {
    if (!this.#lab || this.#running) return;
    this.#running = true;
    this.#post({ type: 'running', generation: this.#generation, running: true });
    const generation = this.#generation;
    // Scheduled ticks run outside handle(): they catch their own errors.
    const tick = () => this.handle({ type: 'tick', generation });
    this.#schedule(tick);
  }

  #tick(generation) {
    if (!this.#running || generation !== this.#generation) return;
    const { steps, trainLoss } = this.#lab.train(CHUNK);
    this.#report(steps, trainLoss);
    if (steps >= STOP_AT) this.#pause('finished');
    else this.#schedule(() => this.handle({ type: 'tick', generation }));
  }

  #pause(reason) {
    if (!this.#running) return;
    this.#running = false;
    this.#post({ type: 'running', generation: this.#generation, running: false, reason });
  }

  #step() {
    if (!this.#lab) return;
    this.#pause('paused');
    const { steps, trainLoss } = this.#lab.train(STEP_SIZE);
    this.#report(steps, trainLoss, true);
  }

  #show(index) {
    if (!this.#lab) return;
    this.#lab.sentence(index, 1); // throws HeadsError for an index that does not exist
    this.#index = index;
    this.#post({ type: 'view', generation: this.#generation, index, view: this.#lab.sentence(index, GUESSES) });
  }

  // One picture: the sample sentence always, the held-out measurement every
  // MEASURE_EVERY steps (it costs ~10 training steps), and whenever forced.
  #report(steps, trainLoss, force = false) {
    const due = force || this.#measuredAt < 0 || steps - this.#measuredAt >= MEASURE_EVERY;
    const measured = due ? this.#lab.measure() : null;
    if (due) this.#measuredAt = steps;
    this.#post({ type: 'progress', generation: this.#generation, steps, trainLoss, measured,
      index: this.#index, view: this.#lab.sentence(this.#index, GUESSES) });
  }
}

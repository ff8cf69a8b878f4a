// The training loop behind <attention-heads>, free of the DOM: it runs in the
// worker (worker.js) or, where a page cannot start one, on the page's thread
// (client.js). Commands in, progress messages out:
//
//   { type: 'reset', config }   a fresh model for { heads, seed } (defaults fill the rest)
//   { type: 'train' }           train in chunks until 'pause', a plateau (plateauOf) or RUN_LIMIT steps
//   { type: 'pause' }
//   { type: 'step' }            one chunk of STEP_SIZE steps
//   { type: 'sentence', index } show another held-out sentence
//   { type: 'zero', heads }     zero these heads (0-based) in what the model shows: its guesses and
//                               a held-out loss; training still trains every head
//   ({ type: 'tick' } is the loop's own: one scheduled chunk)
//
// Every message carries the generation of the model it is about (a reset
// starts a new one), so the page can drop news about a model it replaced.

export const CHUNK = 25;       // steps between two pictures (~20-40 ms of training in wasm)
export const STEP_SIZE = 25;   // what one press of Step trains
export const MEASURE_EVERY = 100; // steps between held-out measurements (the labels' numbers)
export const GUESSES = 4;      // next-word guesses shown
// Training pauses itself when the held-out loss has plateaued: over the last `window` steps of a
// run its best has not beaten the best before them by more than `gain` nats, and the newest
// measurement is within `spike` of the best of all, so a run never ends on a spike (docs/heads.md).
export const PLATEAU = Object.freeze({ window: 1000, gain: 0.01, spike: 0.01 });
// A run that never plateaus still pauses after this many steps.
export const RUN_LIMIT = 10000;
// Words in every corpus sentence (the core's sentence_length()). The element's
// loading skeleton draws blank grids this size, so the first picture does not
// push the page down; the grids themselves are built from each view's words.
export const SENTENCE_WORDS = 9;

/**
 * The stopping rule on held-out losses [{ steps, loss }] (oldest first) of a run that began at
 * step `from`: { best, newest, window, gain } when they have plateaued, else null.
 */
export function plateauOf(heldOut, from, rule = PLATEAU) {
  const newest = heldOut.at(-1);
  if (!newest || newest.steps - from < rule.window) return null;
  const edge = newest.steps - rule.window;
  let before = Infinity, within = Infinity;
  for (const { steps, loss } of heldOut) {
    if (steps <= edge) before = Math.min(before, loss);
    else within = Math.min(within, loss);
  }
  const best = Math.min(before, within);
  const ROUNDING = 1e-9; // 1.00 - 0.99 is 0.010000000000000009 in doubles: "by 0.01" is not "by more than 0.01"
  if (before - within > rule.gain + ROUNDING || newest.loss > best + rule.spike + ROUNDING) return null;
  return { best, newest: newest.loss, window: rule.window, gain: rule.gain };
}

export class TrainingEngine {
  #core;
  #post;
  #schedule;
  #lab = null;
  #generation = 0;
  #running = false;
  #index = 0;          // the held-out sentence on show
  #steps = 0;          // steps trained so far
  #measuredAt = -1;    // step count of the last measurement
  #heldOut = [];       // { steps, loss } every held-out measurement of this model
  #runFrom = 0;        // the step the current run of Train began at
  #zeroed = [];        // heads zeroed in what the model shows (0-based, ascending)

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
        case 'zero': return this.#zero(command.heads);
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
    this.#steps = 0;
    this.#measuredAt = -1;
    this.#heldOut = [];
    this.#zeroed = [];
    this.#post({ type: 'reset', generation: this.#generation, config: lab.config });
    this.#report(null);
  }

  #start() {
    if (!this.#lab || this.#running) return;
    this.#running = true;
    this.#runFrom = this.#steps;
    this.#post({ type: 'running', generation: this.#generation, running: true });
    const generation = this.#generation;
    // Scheduled ticks run outside handle(): they catch their own errors.
    const tick = () => this.handle({ type: 'tick', generation });
    this.#schedule(tick);
  }

  #tick(generation) {
    if (!this.#running || generation !== this.#generation) return;
    const measured = this.#train(CHUNK);
    const plateau = measured && plateauOf(this.#heldOut, this.#runFrom);
    if (plateau) this.#pause('plateau', plateau);
    else if (this.#steps - this.#runFrom >= RUN_LIMIT) this.#pause('limit', { limit: RUN_LIMIT });
    else this.#schedule(() => this.handle({ type: 'tick', generation }));
  }

  #pause(reason, detail = {}) {
    if (!this.#running) return;
    this.#running = false;
    this.#post({ type: 'running', generation: this.#generation, running: false, reason, steps: this.#steps, ...detail });
  }

  #step() {
    if (!this.#lab) return;
    this.#pause('paused');
    this.#train(STEP_SIZE, true);
  }

  // Trains `steps` steps and reports them; true when the report measured the held-out loss.
  #train(steps, force = false) {
    const { steps: total, trainLoss } = this.#lab.train(steps);
    this.#steps = total;
    return this.#report(trainLoss, force);
  }

  #show(index) {
    if (!this.#lab) return;
    this.#lab.sentence(index, 1); // throws HeadsError for an index that does not exist
    this.#index = index;
    this.#post({ type: 'view', generation: this.#generation, index, zeroed: this.#zeroed,
      view: this.#lab.sentence(index, GUESSES, { zeroed: this.#zeroed }) });
  }

  // The heads zeroed in what the model shows: measured again at once, so the guesses and the
  // held-out loss with them zeroed are on screen straight away.
  #zero(heads) {
    if (!this.#lab) return;
    const zeroed = Array.isArray(heads) ? [...new Set(heads)].sort((a, b) => a - b) : heads;
    this.#lab.sentence(this.#index, 1, { zeroed }); // throws HeadsError for a head that does not exist
    this.#zeroed = zeroed;
    this.#report(null, true);
  }

  // One picture: the sample sentence always, the held-out measurement every
  // MEASURE_EVERY steps (it costs ~10 training steps), and whenever forced.
  #report(trainLoss, force = false) {
    const steps = this.#steps;
    const due = force || this.#measuredAt < 0 || steps - this.#measuredAt >= MEASURE_EVERY;
    const measured = due ? this.#lab.measure({ zeroed: this.#zeroed }) : null;
    if (due) {
      this.#measuredAt = steps;
      if (this.#heldOut.at(-1)?.steps === steps) this.#heldOut.pop(); // measured again at the same step
      this.#heldOut.push({ steps, loss: measured.heldOutLoss });
    }
    this.#post({ type: 'progress', generation: this.#generation, steps, trainLoss, measured, zeroed: this.#zeroed,
      index: this.#index, view: this.#lab.sentence(this.#index, GUESSES, { zeroed: this.#zeroed }) });
    return due;
  }
}

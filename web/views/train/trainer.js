// The training loop, apart from any page: play / pause / step / reset around a
// step function it is given, keeping the step count and the loss history.
// It never touches the grids itself: `step()` (the widget's, through the core)
// does, and reports the loss after it. Pure and synchronous, so node tests
// drive it with a fake step and a hand-cranked scheduler.
//
//   const t = new Trainer({ step, isMet, onChange });
//   t.begin(loss0); t.play(); ... t.pause(); t.reset(loss0);

import { t } from './words.js';
import { localText } from './readout.js';

/** The loss rising this many steps in a row means the rate is too large: pause. */
export const RISING_STEPS = 20;
/**
 * Settled: over the last SETTLE_STEPS steps the loss fell by less than SETTLE_FALL: pause, and say
 * so. Every run ends: a loss never below 0 can fall by SETTLE_FALL only so many times (and Train
 * after "Goal met" carries on only until the loss settles).
 */
export const SETTLE_STEPS = 100;
export const SETTLE_FALL = 0.001;
/** The curve keeps at most this many losses: past it, every other one is dropped (the first, the
 *  last and the edits kept), so a run of any length holds a bounded history. */
export const MAX_POINTS = 2000;

// One step a frame, run in a task of its own just after the frame is drawn (a timer set from
// the frame's callback), not in the frame's callback: the step's DOM writes and the browser's
// layout and paint of them then fall in two tasks, neither of them long.
const frameScheduler = {
  schedule(fn) {
    const handle = { frame: 0, timer: 0 };
    handle.frame = globalThis.requestAnimationFrame(() => { handle.timer = globalThis.setTimeout(fn, 0); });
    return handle;
  },
  cancel(handle) {
    globalThis.cancelAnimationFrame(handle.frame);
    globalThis.clearTimeout(handle.timer);
  },
};

export class Trainer {
  #step;
  #isMet;
  #onChange;
  #scheduler;
  #stepsPerTick;
  #tickBudget;
  #now;
  #handle = null;
  #rising = 0;
  #recent = []; // the losses of the last SETTLE_STEPS steps and the one before them
  #message = ''; // message: a string, or a function that writes it in the language in force
  #met = false; // isMet() after the latest step or edit (asked once per step: it runs the core)

  /**
   * @param {{ step: () => { loss: number, stalled?: string },
   *           isMet: () => boolean, onChange?: (trainer: Trainer) => void,
   *           scheduler?: { schedule(fn): any, soon?(fn): any, cancel(handle): void }, stepsPerTick?: number,
   *           tickBudget?: number, now?: () => number }} options
   *   step: one update of the grids; returns the loss after it, or `stalled` (a sentence) when
   *   nothing could move; throws an Error whose message is shown when the update was refused.
   *   stepsPerTick: steps per scheduled tick; a batch that has spent tickBudget ms (by `now`) goes on
   *   in a task of its own (scheduler.soon, else schedule), so slow steps never make a long task.
   */
  /** Why it last paused by itself, or '': written now, in the language in force. */
  get message() {
    return typeof this.#message === 'function' ? this.#message() : this.#message;
  }

  set message(text) {
    this.#message = text;
  }

  constructor({ step, isMet, onChange = () => {}, scheduler = frameScheduler, stepsPerTick = 1, tickBudget = Infinity,
    now = () => performance.now() }) {
    this.#step = step;
    this.#isMet = isMet;
    this.#onChange = onChange;
    this.#scheduler = scheduler;
    this.#stepsPerTick = stepsPerTick;
    this.#tickBudget = tickBudget;
    this.#now = now;
    this.playing = false;
    this.steps = 0;
    this.losses = [];   // the losses recorded, oldest first (losses[0]: at the start)
    this.stepOf = [];   // stepOf[k]: how many steps had been taken when losses[k] was recorded
    this.edits = [];    // indices into losses where a hand edit, not a step, moved the loss
    // What the message is: 'met' (the goal), 'settled' (the loss stopped falling), or why it
    // stopped: 'refused' (the step threw; `code` is the error's), 'rising' (the loss ran away),
    // 'stalled' (nothing could move).
    this.kind = '';
    this.code = '';
  }

  /** A fresh run from a state whose loss is loss0. */
  begin(loss0) {
    this.pause();
    this.steps = 0;
    this.losses = [loss0];
    this.stepOf = [0];
    this.edits = [];
    this.message = this.kind = this.code = '';
    this.#rising = 0;
    this.#recent = [loss0];
    this.#met = this.#isMet();
    this.#onChange(this);
  }

  reset(loss0) {
    this.begin(loss0);
  }

  /** The learner changed a cell while paused: the curve shows the jump, marked as an edit. */
  noteEdit(loss) {
    this.#record(loss);
    this.edits.push(this.losses.length - 1);
    this.#rising = 0;
    this.#recent = [loss]; // settling is judged on steps from the learner's numbers
    this.#met = this.#isMet();
    this.#onChange(this);
  }

  /** One update. Returns true when it happened. */
  stepOnce() {
    const ok = this.#advance();
    this.#onChange(this);
    return ok;
  }

  play() {
    if (this.playing) return;
    this.playing = true;
    this.message = this.kind = this.code = '';
    this.#onChange(this);
    this.#tick();
  }

  pause() {
    if (this.#handle !== null) this.#scheduler.cancel(this.#handle);
    this.#handle = null;
    if (!this.playing) return;
    this.playing = false;
    this.#onChange(this);
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  #tick() {
    this.#handle = this.#scheduler.schedule(() => this.#batch(this.#stepsPerTick));
  }

  // `left` steps of a tick's batch; past the tick budget, the rest go on in a task of their own
  // (scheduler.soon), so slow steps never add up to a long task. One onChange per whole batch.
  #batch(left) {
    this.#handle = null;
    if (!this.playing) return;
    const start = this.#now();
    while (left > 0 && this.playing) {
      this.#advance();
      left--;
      if (this.#now() - start >= this.#tickBudget) break;
    }
    if (left > 0 && this.playing) {
      this.#handle = (this.#scheduler.soon ?? this.#scheduler.schedule)(() => this.#batch(left));
      return;
    }
    this.#onChange(this);
    if (this.playing) this.#tick();
  }

  // One step and what it means: the goal just met, the loss running away, nothing able to move.
  #advance() {
    const wasMet = this.#met;
    let result;
    try {
      result = this.#step();
    } catch (err) {
      this.#stop(err?.message ?? String(err), 'refused', err?.code ?? 'refused');
      return false;
    }
    if (result.stalled) {
      this.#stop(result.stalled, 'stalled', 'stalled');
      return false;
    }
    const previous = this.losses.at(-1);
    this.steps++;
    this.#record(result.loss);
    this.#rising = result.loss > previous ? this.#rising + 1 : 0;
    this.#recent.push(result.loss);
    if (this.#recent.length > SETTLE_STEPS + 1) this.#recent.shift();
    this.#met = this.#isMet();
    // The words are written when read (message), in the language in force then: a stop in a frame
    // outside any element's language still reads in the panel's when it paints.
    const n = this.steps;
    if (!wasMet && this.#met) this.#stop(() => t('train.stop.met', { n }), 'met', '');
    else if (this.#rising >= RISING_STEPS)
      this.#stop(() => t('train.stop.rising', { n: RISING_STEPS }), 'rising', 'diverging');
    else if (this.#recent.length > SETTLE_STEPS && !(this.#recent[0] - result.loss >= SETTLE_FALL))
      this.#stop(() => t('train.stop.settled', { fall: localText(String(SETTLE_FALL)), window: SETTLE_STEPS, n }), 'settled', '');
    return true;
  }

  // One more loss on the curve; past MAX_POINTS, every other one goes (first, last and edits stay).
  #record(loss) {
    this.losses.push(loss);
    this.stepOf.push(this.steps);
    if (this.losses.length <= MAX_POINTS) return;
    const edits = new Set(this.edits), last = this.losses.length - 1;
    const keep = this.losses.flatMap((_, k) => (k % 2 === 0 || k === last || edits.has(k) ? [k] : []));
    this.edits = keep.flatMap((k, i) => (edits.has(k) ? [i] : []));
    this.losses = keep.map((k) => this.losses[k]);
    this.stepOf = keep.map((k) => this.stepOf[k]);
  }

  #stop(message, kind, code) {
    this.#message = message;
    this.kind = kind;
    this.code = code;
    this.#rising = 0;
    this.pause();
  }
}

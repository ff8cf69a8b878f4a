// The training loop, apart from any page: play / pause / step / reset around a
// step function it is given, keeping the step count and the loss history.
// It never touches the grids itself: `step()` (the widget's, through the core)
// does, and reports the loss after it. Pure and synchronous, so node tests
// drive it with a fake step and a hand-cranked scheduler.
//
//   const t = new Trainer({ step, isMet, onChange });
//   t.begin(loss0); t.play(); ... t.pause(); t.reset(loss0);

/** The loss rising this many steps in a row means the rate is too large: pause. */
export const RISING_STEPS = 20;

const frameScheduler = {
  schedule: (fn) => globalThis.requestAnimationFrame(fn),
  cancel: (handle) => globalThis.cancelAnimationFrame(handle),
};

export class Trainer {
  #step;
  #isMet;
  #onChange;
  #scheduler;
  #stepsPerTick;
  #handle = null;
  #rising = 0;
  #met = false; // isMet() after the latest step or edit (asked once per step: it runs the core)

  /**
   * @param {{ step: () => { loss: number, stalled?: string },
   *           isMet: () => boolean, onChange?: (trainer: Trainer) => void,
   *           scheduler?: { schedule(fn): any, cancel(handle): void }, stepsPerTick?: number }} options
   *   step: one update of the grids; returns the loss after it, or `stalled` (a sentence) when
   *   nothing could move; throws an Error whose message is shown when the update was refused.
   */
  constructor({ step, isMet, onChange = () => {}, scheduler = frameScheduler, stepsPerTick = 1 }) {
    this.#step = step;
    this.#isMet = isMet;
    this.#onChange = onChange;
    this.#scheduler = scheduler;
    this.#stepsPerTick = stepsPerTick;
    this.playing = false;
    this.steps = 0;
    this.losses = [];   // losses[k]: the loss after k steps (losses[0]: at the start)
    this.edits = [];    // indices into losses where a hand edit, not a step, moved the loss
    this.message = '';  // why it last paused by itself, or ''
    // What the message is: 'met' (the goal), or why it stopped: 'refused' (the step threw; `code`
    // is the error's), 'rising' (the loss ran away), 'stalled' (nothing could move).
    this.kind = '';
    this.code = '';
  }

  /** A fresh run from a state whose loss is loss0. */
  begin(loss0) {
    this.pause();
    this.steps = 0;
    this.losses = [loss0];
    this.edits = [];
    this.message = this.kind = this.code = '';
    this.#rising = 0;
    this.#met = this.#isMet();
    this.#onChange(this);
  }

  reset(loss0) {
    this.begin(loss0);
  }

  /** The learner changed a cell while paused: the curve shows the jump, marked as an edit. */
  noteEdit(loss) {
    this.losses.push(loss);
    this.edits.push(this.losses.length - 1);
    this.#rising = 0;
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
    this.#handle = this.#scheduler.schedule(() => {
      this.#handle = null;
      if (!this.playing) return;
      for (let i = 0; i < this.#stepsPerTick && this.playing; i++) this.#advance();
      this.#onChange(this);
      if (this.playing) this.#tick();
    });
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
    this.losses.push(result.loss);
    this.#rising = result.loss > previous ? this.#rising + 1 : 0;
    this.#met = this.#isMet();
    if (!wasMet && this.#met) this.#stop(`Goal met after ${this.steps} ${this.steps === 1 ? 'step' : 'steps'}.`, 'met', '');
    else if (this.#rising >= RISING_STEPS)
      this.#stop(`The loss rose ${RISING_STEPS} steps in a row: the learning rate is too large for this goal. `
        + 'Lower it and press Train.', 'rising', 'diverging');
    return true;
  }

  #stop(message, kind, code) {
    this.message = message;
    this.kind = kind;
    this.code = code;
    this.#rising = 0;
    this.pause();
  }
}

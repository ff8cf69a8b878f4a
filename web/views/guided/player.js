// Which step is on screen and whether the tour is playing. Pure: the clock is
// injected ({ setTimeout, clearTimeout }), so node tests drive it by hand.
import { STEPS, STEP_COUNT, clampStep } from './steps.js';

/** How long Play stays on a step after its transition before moving on, in ms. */
export const DWELL_MS = 4000;

/**
 * @param {{ onStep: (index: number, playing: boolean) => void, waiting?: (index: number) => boolean,
 *           clock?: { setTimeout: Function, clearTimeout: Function }, dwell?: number }} options
 *   waiting(index): true while the step waits for a guess (Play stops there until it is made).
 */
export function createPlayer({ onStep, waiting = () => false, clock = globalThis, dwell = DWELL_MS }) {
  let index = 0;
  let playing = false;
  let timer = null;
  let from = 0; // the range the tour is locked to (steps="1-4"): 0-based, inclusive
  let to = STEP_COUNT - 1;
  const clamp = (i) => Math.min(to, Math.max(from, clampStep(i)));

  const stopTimer = () => { if (timer !== null) clock.clearTimeout(timer); timer = null; };
  const emit = () => onStep(index, playing);

  function go(next) {
    index = clamp(next);
    if (playing) schedule();
    emit();
  }

  // Play moves on after the dwell; it stops at the end and at a step waiting for a guess.
  function schedule() {
    stopTimer();
    if (index >= to || waiting(index)) { playing = false; return; }
    timer = clock.setTimeout(() => { timer = null; go(index + 1); }, dwell);
  }

  return {
    get index() { return index; },
    get playing() { return playing; },
    get step() { return STEPS[index]; },
    next() { go(index + 1); },
    previous() { go(index - 1); },
    goTo(i) { go(i); },
    get from() { return from; },
    get to() { return to; },
    /** Locks the tour to steps first … last (0-based, inclusive); the step on screen moves inside it. */
    setRange(first, last) {
      from = clampStep(first);
      to = Math.max(from, clampStep(last));
      go(index);
    },
    /** Play from here (from the range's start when at its end). */
    play() {
      if (index >= to) index = from;
      playing = true;
      schedule();
      emit();
    },
    pause() { playing = false; stopTimer(); emit(); },
    toggle() { if (playing) this.pause(); else this.play(); },
    /** A guess was made or skipped: a paused Play does not resume by itself; a playing one continues. */
    resume() { if (playing) schedule(); },
    dispose() { playing = false; stopTimer(); },
  };
}

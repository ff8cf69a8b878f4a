// One training run: a goal, where it started, and the calls that move it on,
// between the trainer (which counts) and the core (which computes). Pure: it
// takes the core and plain states, and returns new ones.
import { cloneState } from '../../model/state.js';
import { stalledSentence } from './readout.js';

const gridsOf = (state) => ({ wq: state.wq, wk: state.wk, wv: state.wv });

/**
 * A run of `goal` from its documented start (seed 0) or a seeded one.
 * Returns { run, state }: the run remembers the start's grids and progress ("was").
 */
export function startRun(core, goal, seed = 0) {
  const { state, pin } = goal.start(core, seed);
  return { run: beginAt(core, goal, state, pin, seed), state };
}

/** A run that starts from the state as it is now (after Reset training, or hand edits before any step). */
export function beginAt(core, goal, state, pin, seed = 0) {
  return { goal, seed, pin, origin: cloneState(state), originProgress: goal.progress(core, state, pin) };
}

/** The goal's loss, its gradient and how far each cell has moved, at this state. */
export function measure(core, run, state) {
  return core.evaluateGoal({ ...state, examples: run.goal.examples(state, run.pin), origin: gridsOf(run.origin) });
}

/**
 * One step of gradient descent from `state`, only on the grids `train` allows.
 * Returns { state, loss, gradients, moved } (gradients and moved at the new state), or
 * { stalled } (a sentence) when every trained grid's gradient was exactly 0, so nothing moved.
 * Throws the core's AttentionError (bad_learning_rate, diverged, ...) with nothing moved.
 */
export function trainOnce(core, run, state, { learningRate, train }) {
  const r = core.trainStep({
    ...state, examples: run.goal.examples(state, run.pin), learningRate, train, origin: gridsOf(run.origin),
  });
  const trained = ['wq', 'wk', 'wv'].filter((name) => train[name]);
  if (trained.every((name) => r.gradientsBefore[name].every((row) => row.every((g) => g === 0))))
    return { stalled: stalledSentence(run.goal.id, train) };
  const next = cloneState(state);
  Object.assign(next, { wq: r.wq, wk: r.wk, wv: r.wv });
  return { state: next, loss: r.loss, gradients: r.gradients, moved: r.moved };
}

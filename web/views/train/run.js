// One training run: a goal, where it started, and the calls that move it on,
// between the trainer (which counts) and the core (which computes). Pure: it
// takes the core and plain states, and returns new ones.
//
// A goal of two layers keeps layer 1 in the widget's state (the cast shows it) and the layers
// above it in `upper` ([{ wq, wk, wv }]): the run holds them (run.upper, from run.originUpper),
// and each step moves every layer through the core's stack (stackStep).
import { cloneState } from '../../model/state.js';
import { stalledSentence } from './readout.js';

const gridsOf = (state) => ({ wq: state.wq, wk: state.wk, wv: state.wv });
const copyLayer = ({ wq, wk, wv }) => ({ wq: wq.map((r) => [...r]), wk: wk.map((r) => [...r]), wv: wv.map((r) => [...r]) });
const switchesOf = (state) => ({ scaled: state.scaled, causal: state.causal, temperature: state.temperature });

/**
 * A run of `goal` from its documented start (seed 0) or a seeded one.
 * Returns { run, state }: the run remembers the start's grids and progress ("was").
 */
export function startRun(core, goal, seed = 0) {
  const { state, pin, upper = null } = goal.start(core, seed);
  return { run: beginAt(core, goal, state, pin, seed, upper), state };
}

/**
 * A run that starts from the state as it is now (after Reset training, or hand edits before any
 * step); `upper`: the layers above the state's, for a goal of two layers.
 */
export function beginAt(core, goal, state, pin, seed = 0, upper = null) {
  const run = { goal, seed, pin, origin: cloneState(state), originUpper: upper && upper.map(copyLayer), upper };
  run.originProgress = goal.progress(core, state, pin, upper);
  return run;
}

/** The run back at its start's layers above the state (Reset training). */
export function resetUpper(run) {
  run.upper = run.originUpper && run.originUpper.map(copyLayer);
}

/**
 * The goal's loss, its gradient and how far each cell has moved, at this state:
 * { loss, gradients, moved, rows } for the state's grids (layer 1), and for a goal of two layers
 * `upper: { gradients, moved }`, the layers above. rows: each training target's row of the last
 * layer's shares (what the goal's check reads).
 */
export function measure(core, run, state) {
  const examples = run.goal.examples(state, run.pin);
  if (!run.upper) return core.evaluateGoal({ ...state, examples, origin: gridsOf(run.origin) });
  const r = core.evaluateStack({
    ...switchesOf(state), examples, layers: [gridsOf(state), ...run.upper], origin: [gridsOf(run.origin), ...run.originUpper],
  });
  return splitLayers(r);
}

// A stack's result as layer 1's (the widget's) and the ones above.
function splitLayers({ loss, gradients, moved, rows }) {
  return { loss, rows, gradients: gradients[0], moved: moved[0], upper: { gradients: gradients.slice(1), moved: moved.slice(1) } };
}

/**
 * One step of gradient descent from `state`, only on the grids `train` allows (in every layer).
 * Returns { state, upper?, loss, gradients, moved, rows } (gradients and moved at the new state; upper:
 * the new layers above, with their gradients and moved), or { stalled } (a sentence) when every
 * trained grid's gradient was exactly 0, so nothing moved. Throws the core's AttentionError
 * (bad_learning_rate, diverged, too_large, ...) with nothing moved.
 */
export function trainOnce(core, run, state, { learningRate, train }) {
  const examples = run.goal.examples(state, run.pin);
  const trained = ['wq', 'wk', 'wv'].filter((name) => train[name]);
  const zero = (grids) => trained.every((name) => grids[name].every((row) => row.every((g) => g === 0)));
  const next = cloneState(state);
  if (!run.upper) {
    const r = core.trainStep({ ...state, examples, learningRate, train, origin: gridsOf(run.origin) });
    if (zero(r.gradientsBefore)) return { stalled: stalledSentence(run.goal.id, train) };
    Object.assign(next, { wq: r.wq, wk: r.wk, wv: r.wv });
    return { state: next, loss: r.loss, gradients: r.gradients, moved: r.moved, rows: r.rows };
  }
  const r = core.stackStep({
    ...switchesOf(state), examples, learningRate, train,
    layers: [gridsOf(state), ...run.upper], origin: [gridsOf(run.origin), ...run.originUpper],
  });
  if (r.gradientsBefore.every(zero)) return { stalled: stalledSentence(run.goal.id, train) };
  Object.assign(next, r.layers[0]);
  const { upper, ...layer1 } = splitLayers(r);
  return { state: next, ...layer1, upper: { layers: r.layers.slice(1), ...upper } };
}

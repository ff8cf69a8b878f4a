// The guided tour's twelve steps, in the chapter's order: score, soften, mix for one
// asker, then where q, k, v come from, everyone at once, the mask, the thermostat,
// the whole formula, and training choosing the violet grids.
// Pure data: which numbers each step is the first to show, and which steps ask
// a misconception probe and for a guess before they show them (in `predict` mode).

import { t } from './words.js';

/**
 * Each step: id, a short title, `reveals` (the kinds of number this step is the first
 * to put on screen; no earlier step may show them), `guess` (the guess asked before the
 * reveal in predict mode, or null), `probe` (the misconception probe asked before it, probes.js,
 * or null) and `needs` (extra core runs the step compares against).
 */
export const STEPS = Object.freeze([
  { id: 'score', title: 'The query meets each key', reveals: ['products', 'scores'], guess: null, probe: null, needs: [] },
  { id: 'bars', title: 'Scores as bars', reveals: ['score-bars'], guess: null, probe: null, needs: [] },
  { id: 'exp', title: 'Exponentiate', reveals: ['exponentials', 'total'], guess: null, probe: null, needs: [] },
  { id: 'shares', title: 'Divide by the total', reveals: ['shares'], guess: 'shares', probe: 'rescaled', needs: [] },
  { id: 'scale', title: 'Scale each value by its share', reveals: ['values'], guess: null, probe: 'values',
    needs: ['revalued'] },
  { id: 'blend', title: 'Tip to tail: the blend', reveals: ['output'], guess: 'pin', probe: 'outside', needs: [] },
  { id: 'project', title: 'Where q, k and v come from', reveals: ['weights', 'embeddings'], guess: null, probe: null,
    needs: [] },
  { id: 'everyone', title: 'Everyone asks at once', reveals: ['score-grid', 'share-grid'], guess: null,
    probe: 'symmetric', needs: [] },
  { id: 'mask', title: 'The causal mask', reveals: ['masked-grid'], guess: 'mask', probe: 'renormalise',
    needs: ['open', 'masked'] },
  { id: 'thermostat', title: 'The thermostat: divide by √d_k', reveals: ['scaled-scores', 'scaled-shares'],
    guess: 'trend', probe: 'ranking', needs: ['hot', 'cool'] },
  { id: 'formula', title: 'The whole formula', reveals: ['formula'], guess: null, probe: null, needs: [] },
  { id: 'train', title: 'Let training choose the grids', reveals: ['training'], guess: null, probe: null, needs: [] },
]);

export const STEP_COUNT = STEPS.length;

/** "Step 3 of 12" for a 0-based index, in the language in force. */
export function stepLabel(index) {
  return t('tour.step', { n: index + 1, count: STEP_COUNT });
}

/**
 * A step's title in the language in force. STEPS' own `title` stays English: the tour's events
 * carry it, and events are language-neutral.
 */
export const stepTitle = (step) => t(`tour.title.${step.id}`);

/** Clamps any number to a step index (0 … STEP_COUNT − 1). */
export function clampStep(index) {
  const i = Math.trunc(Number(index));
  if (!Number.isFinite(i)) return 0;
  return Math.min(STEP_COUNT - 1, Math.max(0, i));
}

/** The set of number kinds on screen by step `index` (this step's and every earlier one's). */
export function revealedBy(index) {
  const shown = new Set();
  for (const step of STEPS.slice(0, clampStep(index) + 1)) for (const kind of step.reveals) shown.add(kind);
  return shown;
}

/** The step that first reveals a kind of number, or -1. */
export function stepRevealing(kind) {
  return STEPS.findIndex((s) => s.reveals.includes(kind));
}

/**
 * The core runs a step compares against, as state changes on top of the current state:
 * open/masked = the causal mask off/on, hot/cool = ÷√d_k off/on, revalued = W_V doubled
 * (every value twice as long; the values probe shows the shares stay). A function: made from the state.
 */
export const VARIANTS = Object.freeze({
  open: { causal: false }, masked: { causal: true },
  hot: { scaled: false }, cool: { scaled: true },
  revalued: (state) => ({ wv: state.wv.map((row) => row.map((x) => 2 * x)) }),
});

/**
 * The results a step needs: { now, open?, masked?, hot?, cool? }, each from `attend`
 * (the core) on the current state with one switch set. `now` is the current result.
 */
export function resultsFor(index, state, now, attend) {
  const results = { now };
  for (const name of STEPS[clampStep(index)].needs) {
    const change = typeof VARIANTS[name] === 'function' ? VARIANTS[name](state) : VARIANTS[name];
    const same = Object.entries(change).every(([k, v]) => state[k] === v);
    results[name] = same ? now : attend({ ...state, ...change });
  }
  return results;
}

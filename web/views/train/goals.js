// The training goals: each a small named loss the core computes, a target a
// check can see, and a challenge to try by hand first. Pure data and reading;
// every number comes from the core passed in (`core`: loadAttention({ training: true })'s object).
//
// A goal:
//   start(core, seed)         -> { state, pin, upper? }: the widget state to begin from
//                                (seed 0: the documented start; 1, 2, ...: seeded random grids);
//                                a goal of two layers (`layers: 2`) keeps layer 1 in the state and
//                                the layers above it in `upper` ([{ wq, wk, wv }])
//   examples(state, pin)      -> what the core trains on (trainStep's `examples`)
//   progress(core, state, pin, upper, measured?) -> { met, ... } the numbers the check and the
//                                readout use (measured: the run's measurement of this very state,
//                                whose rows save a pronoun goal a pass over its sentences)
//   learningRate, maxSteps    the default rate, and the bound the tests hold it to
//   canFail                   the goal is not expected to be met (one layer on the pronouns)
import { presetState } from '../../model/presets.js';
import { fixed2 } from '../../shared/numbers.js';
import { t } from './words.js';
import {
  ANIMALS, BREAKABLES, CUES, FEATURES, HELD_OUT, HELD_OUT_SET, PRONOUN_TARGET, TRAINING, VOCABULARY, expectedNoun, sentence,
} from './pronouns.js';
import { judge } from './verdict.js';

const THE = 0, SAT = 2; // in the chapter's "the cat sat"

// The chapter's cast, or its sentence with seeded random grids (scale 1).
function castStart(core, seed) {
  const state = presetState('cat-sat');
  if (seed > 0) {
    state.wq = core.randomGrid(2, 3, { seed: 3 * seed, scale: 1 });
    state.wk = core.randomGrid(2, 3, { seed: 3 * seed + 1, scale: 1 });
    state.wv = core.randomGrid(2, 3, { seed: 3 * seed + 2, scale: 1 });
  }
  return state;
}

const satAttendsToThe = {
  id: 'sat-the',
  learningRate: 0.01,
  maxSteps: 300,
  start(core, seed = 0) {
    return { state: castStart(core, seed), pin: null };
  },
  examples(state) {
    return [{ embeddings: state.embeddings, shares: [{ asker: SAT, key: THE }] }];
  },
  progress(core, state) {
    const share = core.attend(state).weights[SAT][THE];
    return { met: share > 0.8, asker: state.tokens[SAT], key: state.tokens[THE], share };
  },
};

const DEFAULT_PIN = Object.freeze([1, 2]);

const matchABlend = {
  id: 'blend',
  learningRate: 0.01,
  maxSteps: 300,
  /** seed 0: the pin at [1, 2]; seed s: a seeded pin in [−3, 3]² from the core. */
  start(core, seed = 0) {
    const pin = seed > 0 ? core.randomGrid(1, 2, { seed: 1000 + seed, scale: 3 })[0] : [...DEFAULT_PIN];
    return { state: castStart(core, 0), pin };
  },
  examples(state, pin) {
    return [{ embeddings: state.embeddings, blends: [{ asker: SAT, point: pin }] }];
  },
  progress(core, state, pin) {
    const output = core.attend(state).outputs[SAT];
    const { loss } = core.evaluateGoal({ ...state, examples: this.examples(state, pin) });
    return { met: loss < 0.01, asker: state.tokens[SAT], output, pin, error: loss };
  },
};

// ---- the pronoun goals: one layer (allowed to fail) and two stacked layers ----

const TRAINING_SENTENCES = TRAINING.map(sentence);
const HELD_OUT_SENTENCES = HELD_OUT_SET.map(sentence);
const HELD_OUT_SENTENCE = sentence(HELD_OUT);
const TRAINING_TEXTS = new Set(TRAINING.map(([text]) => text));
const D_MODEL = FEATURES.length;

// Layer l's grids for seed s: seeds 100 s + 10 l + (0, 1, 2), entries in [−0.5, 0.5]. Layer 1 is
// the same for both goals, so the same seed starts them from the same first layer.
function pronounLayer(core, seed, l) {
  const grid = (rows, k) => core.randomGrid(rows, D_MODEL, { seed: 100 * seed + 10 * l + k, scale: 0.5 });
  return { wq: grid(2, 0), wk: grid(2, 1), wv: grid(D_MODEL, 2) };
}

// The held-out sentence on screen, non-causal (the chapter's "it" reads the whole sentence),
// with layer 1's grids; "it" asks.
function pronounState(core, seed) {
  const s = HELD_OUT_SENTENCE;
  return {
    tokens: [...s.tokens], embeddings: s.embeddings.map((row) => [...row]), ...pronounLayer(core, seed, 0),
    causal: false, scaled: false, temperature: 1, asker: s.links[0].asker,
  };
}

const pronounExamples = () => TRAINING_SENTENCES.map(({ embeddings, links }) => ({ embeddings, shares: links }));

// Every layer's shares for these words: attend() for one layer, the stack's forward pass for more.
function layerWeights(core, state, upper, embeddings) {
  const switches = { scaled: state.scaled, causal: state.causal, temperature: state.temperature };
  if (!upper?.length) return [core.attend({ ...switches, embeddings, wq: state.wq, wk: state.wk, wv: state.wv }).weights];
  const layers = [{ wq: state.wq, wk: state.wk, wv: state.wv }, ...upper];
  return core.stackForward({ ...switches, layers, embeddings }).layers.map((l) => l.weights);
}

// Each sentence's row of "it" in the last layer, in order, from one evaluation of the core
// (the goal's loss and gradient come with it, unused here).
function lastRows(core, state, upper, sentences) {
  const examples = sentences.map(({ embeddings, links }) => ({ embeddings, shares: links }));
  if (!upper?.length) return core.evaluateGoal({ ...state, examples }).rows;
  const layers = [{ wq: state.wq, wk: state.wk, wv: state.wv }, ...upper];
  return core.evaluateStack({ scaled: state.scaled, causal: state.causal, temperature: state.temperature, layers, examples }).rows;
}

/**
 * The numbers both pronoun goals show, from the core: in the training sentences, how many give
 * "it"'s noun more than the target (of the last layer's attention); in the held-out ones, how many
 * resolve ("it"'s noun its largest share, verdict.js) and how many put more on the right noun
 * than on the other; and the sentence on screen: every layer's shares, who "it" should mean.
 * `rows`: the training sentences' rows when a measurement of this state already has them.
 */
function pronounProgress(core, state, upper, rows = lastRows(core, state, upper, TRAINING_SENTENCES)) {
  const shares = (s, row) => {
    const { key } = s.links[0];
    const other = s.tokens.findIndex((w, j) => j !== key && (ANIMALS.includes(w) || BREAKABLES.includes(w)));
    return { row, key, share: row[key], rest: row[other] };
  };
  const training = TRAINING_SENTENCES.map((s, i) => shares(s, rows[i]));
  const heldOutRows = lastRows(core, state, upper, HELD_OUT_SENTENCES);
  const heldOut = HELD_OUT_SENTENCES.map((s, i) => shares(s, heldOutRows[i]));
  const above = training.filter((t) => t.share > PRONOUN_TARGET).length;
  const layers = layerWeights(core, state, upper, state.embeddings);
  const text = state.tokens.join(' ');
  const expected = expectedNoun(state.tokens);
  return {
    met: above === training.length,
    training: { count: training.length, above, right: training.filter((t) => t.share > t.rest).length },
    heldOut: {
      count: heldOut.length,
      resolved: heldOut.filter((t) => judge(t.row, t.key).kind === 'largest').length,
      right: heldOut.filter((t) => t.share > t.rest).length,
    },
    sentence: {
      tokens: state.tokens, layers, expected, swapped: swappedCue(core, state, upper, expected),
      trained: TRAINING_TEXTS.has(text), heldOut: HELD_OUT_SET.some(([t]) => t === text),
    },
  };
}

// The sentence on screen with its cue swapped ("hungry" <-> "fragile"), and every layer's shares
// for it: if "it" resolves by its cue, its choice flips. null when the sentence has no cue.
function swappedCue(core, state, upper, expected) {
  if (expected.cue === undefined) return null;
  const other = Object.keys(CUES).find((w) => w !== state.tokens[expected.cue]);
  const tokens = state.tokens.map((w, i) => (i === expected.cue ? other : w));
  return { tokens, layers: layerWeights(core, state, upper, tokens.map((w) => [...VOCABULARY[w]])) };
}

const pronounsFindTheirNoun = {
  id: 'pronouns',
  layers: 1,
  canFail: true, // one layer cannot: docs/training.md
  learningRate: 0.5,
  maxSteps: 300,
  training: TRAINING_SENTENCES,
  /** Small random grids from the seed: nothing is wired by hand. */
  start(core, seed = 0) {
    return { state: pronounState(core, seed), pin: null };
  },
  examples: pronounExamples,
  progress(core, state, pin, upper, measured) {
    return pronounProgress(core, state, null, measured?.rows);
  },
};

const itReadsItsSentence = {
  id: 'it-two-layers',
  layers: 2,
  learningRate: 0.5,
  maxSteps: 60,
  training: TRAINING_SENTENCES,
  /** Layer 1 in the widget's state; layer 2 (`upper`) beside it. Random grids from the seed. */
  start(core, seed = 0) {
    return { state: pronounState(core, seed), pin: null, upper: [pronounLayer(core, seed, 1)] };
  },
  examples: pronounExamples,
  progress(core, state, pin, upper, measured) {
    return pronounProgress(core, state, upper, measured?.rows);
  },
};

// A goal's words (name, target with its threshold, loss, hint) are the catalogue's, read in the
// language in force each time they are read (web/shared/i18n/; keys train.goal.<id>.*).
function withWords(goal, threshold) {
  const key = (part) => `train.goal.${goal.id}.${part}`;
  return Object.defineProperties(goal, {
    name: { get: () => t(key('name')), enumerable: true },
    target: { get: () => t(key('target'), { target: fixed2(threshold) }), enumerable: true },
    loss: { get: () => t(key('loss')), enumerable: true },
    hint: { get: () => t(key('hint')), enumerable: true },
  });
}

export const GOALS = Object.freeze([
  withWords(satAttendsToThe, 0.8), withWords(matchABlend, 0.01),
  withWords(pronounsFindTheirNoun, PRONOUN_TARGET), withWords(itReadsItsSentence, PRONOUN_TARGET),
]);

/** The goal with this id, or undefined. */
export function goalById(id) {
  return GOALS.find((g) => g.id === id);
}

// The training goals: each a small named loss the core computes, a target a
// check can see, and a challenge to try by hand first. Pure data and reading;
// every number comes from the core passed in (`core`: loadAttention({ training: true })'s object).
//
// A goal:
//   start(core, seed)         -> { state, pin }: the widget state to begin from
//                                (seed 0: the documented start; 1, 2, ...: seeded random grids)
//   examples(state, pin)      -> what the core trains on (trainStep's `examples`)
//   progress(core, state, pin) -> { met, ... } the numbers the check and the readout use
//   learningRate, maxSteps    the default rate, and the bound the tests hold it to
import { presetState } from '../../model/presets.js';
import { HELD_OUT, TRAINING, sentence } from './pronouns.js';

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
  name: 'sat attends to the',
  target: 'sat gives more than 0.80 of its attention to “the”.',
  loss: 'Loss: −log(sat’s share on “the”), the cross-entropy of sat’s row: 0 only when the share is 1.',
  hint: 'By hand: one cell of W_Q is enough. Which one?',
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
  name: 'match a target blend',
  target: 'sat’s output lands on the pin: a squared error below 0.01.',
  loss: 'Loss: |o_sat − pin|², the squared distance between sat’s output and the pin.',
  hint: 'By hand: drag the value arrows (or type in W_V) until sat’s output sits on the pin.',
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

const TRAINING_SENTENCES = TRAINING.map(sentence);
const HELD_OUT_SENTENCE = sentence(HELD_OUT);

const pronounsFindTheirNoun = {
  id: 'pronouns',
  name: 'pronouns find their noun',
  target: 'In every training sentence, each pronoun and adjective gives its noun more than half its attention.',
  loss: 'Loss: the mean of −log(share on the right noun) over every pronoun and adjective of the training sentences.',
  hint: 'By hand: make W_K read “animal” and “breakable” from each key, and W_Q ask for them.',
  learningRate: 0.1,
  maxSteps: 400,
  training: TRAINING_SENTENCES,
  heldOut: HELD_OUT_SENTENCE,
  /** Small random grids from the seed: nothing is wired by hand. */
  start(core, seed = 0) {
    const s = seed;
    const dModel = HELD_OUT_SENTENCE.embeddings[0].length;
    const grid = (k) => core.randomGrid(2, dModel, { seed: 3 * s + k, scale: 0.5 });
    const state = {
      tokens: [...HELD_OUT_SENTENCE.tokens], embeddings: HELD_OUT_SENTENCE.embeddings.map((row) => [...row]),
      wq: grid(0), wk: grid(1), wv: grid(2),
      causal: true, scaled: false, temperature: 1, asker: HELD_OUT_SENTENCE.links[1].asker, // "it"
    };
    return { state, pin: null };
  },
  examples() {
    return TRAINING_SENTENCES.map(({ embeddings, links }) => ({ embeddings, shares: links }));
  },
  // The training sentences with the state's grids; the held-out one is the sentence on screen.
  progress(core, state) {
    const read = (s, embeddings) => {
      const { weights } = core.attend({ ...state, embeddings });
      return s.links.map(({ asker, key }) => ({
        asker: s.tokens[asker], key: s.tokens[key], share: weights[asker][key],
        largest: weights[asker].every((w, j) => j === key || w < weights[asker][key]),
      }));
    };
    const training = TRAINING_SENTENCES.map((s) => ({ text: s.tokens.join(' '), links: read(s, s.embeddings) }));
    const heldOut = read(HELD_OUT_SENTENCE, state.embeddings);
    return {
      met: training.every((s) => s.links.every((l) => l.share > 0.5)),
      training, heldOut, heldOutMet: heldOut.every((l) => l.largest),
    };
  },
};

export const GOALS = Object.freeze([satAttendsToThe, matchABlend, pronounsFindTheirNoun]);

/** The goal with this id, or undefined. */
export function goalById(id) {
  return GOALS.find((g) => g.id === id);
}

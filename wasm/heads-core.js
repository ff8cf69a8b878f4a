// The heads lab's model, from its WebAssembly module (dist/attention-heads.mjs) once loaded:
// checks hyper-parameters before they reach the heap, copies numbers out, and turns the
// module's status objects into HeadsError. Browsers and node alike. It imports no module
// itself: wasm/heads.js loads the module lazily for pages; the lab's worker imports it
// statically (web/views/heads/heads-worker.js), so the worker holds no dynamic import() and
// bundles as one file (Vite's and VitePress's default worker format cannot split code).

import { quote } from './quote.js';

/** Thrown for every bad input; `code` is stable, `message` is for people. */
export class HeadsError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'HeadsError';
    this.code = code;
  }
}

/** The defaults the lab trains with (docs/heads.md explains the choice). */
export const DEFAULT_CONFIG = Object.freeze({
  heads: 2, dModel: 24, dHead: 4, batch: 32, learningRate: 0.03, seed: 1,
});

/** A HeadsCore from the module's factory (its default export), or a promise of it. */
export async function openHeads(factory) {
  try {
    return new HeadsCore(await (await factory)());
  } catch (err) {
    throw new HeadsError(`the heads model could not load: ${err?.message ?? err}`, 'load_failed');
  }
}

class HeadsCore {
  #core;

  constructor(core) {
    this.#core = core;
    this.limits = Object.freeze({
      maxHeads: core.maxHeads, maxModelDim: core.maxModelDim, maxHeadDim: core.maxHeadDim,
      maxBatch: core.maxBatch, maxStepsPerCall: core.maxStepsPerCall, maxLearningRate: core.maxLearningRate,
    });
    /** The labels' thresholds (heads::label_of, docs/heads.md), applied to two-decimal numbers. */
    this.thresholds = Object.freeze({
      previous: core.previousLabel, noun: core.nounLabel, nounOverall: core.nounOverallLabel, needed: core.neededLoss,
    });
    this.vocabulary = Object.freeze(Array.from(core.vocabulary()));
    this.sentenceLength = core.sentenceLength();
    /** What each row of a sentence is, in the grammar's order (core/include/attention/heads.hpp Role). */
    this.roles = Object.freeze(Array.from(core.roles()));
  }

  /** A fresh model for config (defaults fill what is missing). Throws HeadsError. */
  createLab(config = {}) {
    const checked = readConfig(config, this.limits); // before any memory in the module is taken
    const lab = new this.#core.HeadsLab();
    try {
      return new Lab(lab, checked, this);
    } catch (err) {
      lab.delete(); // refused: nothing is kept in the module
      throw err;
    }
  }
}

class Lab {
  #lab;
  #core;

  constructor(lab, config, core) {
    this.#lab = lab;
    this.#core = core;
    this.reset(config);
  }

  /** Starts again from the seed's random weights. Throws HeadsError (model kept). */
  reset(config = {}) {
    const c = readConfig({ ...this.config, ...config }, this.#core.limits);
    check(this.#lab.reset(c));
    this.config = Object.freeze(c);
  }

  /** Runs `steps` Adam steps; { trainLoss (last batch), steps (total so far) }. */
  train(steps) {
    const max = this.#core.limits.maxStepsPerCall;
    if (!Number.isInteger(steps) || steps < 1 || steps > max)
      throw new HeadsError(`steps must be a whole number from 1 to ${max} (got ${describe(steps)})`, 'bad_hyper_parameter');
    const r = check(this.#lab.train(steps));
    return { trainLoss: r.trainLoss, steps: r.steps };
  }

  /**
   * Held-out loss and, per head, the measurements behind its label; zeroedLoss: the held-out
   * loss with the heads in `zeroed` (0-based) zeroed (heldOutLoss when none are).
   */
  measure({ zeroed = [] } = {}) {
    const r = check(this.#lab.measure(this.#mask(zeroed)));
    return {
      heldOutLoss: r.heldOutLoss,
      zeroedLoss: r.zeroedLoss,
      heldOutSentences: r.heldOutSentences,
      heads: Array.from(r.heads, (h) => ({ ...h, previousByRole: { ...h.previousByRole }, jobRoles: Array.from(h.jobRoles) })),
    };
  }

  /**
   * Held-out sentence `index`: words, weights[h][i][j] (row i = asker i, 0 above
   * the diagonal), the job row, the first noun's position and the top k guesses
   * for the word after the job row.
   */
  sentence(index = 0, k = 5, { zeroed = [] } = {}) {
    if (!Number.isInteger(index) || index < 0)
      throw new HeadsError(`sentence index must be a whole number from 0 (got ${describe(index)})`, 'bad_argument');
    if (!Number.isInteger(k) || k < 1 || k > this.#core.vocabulary.length)
      throw new HeadsError(`k must be a whole number from 1 to ${this.#core.vocabulary.length} (got ${describe(k)})`,
        'bad_argument');
    const r = check(this.#lab.sentence(index, k, this.#mask(zeroed)));
    const T = r.words.length;
    const weights = [];
    for (let h = 0; h < this.config.heads; h++) {
      const grid = [];
      for (let i = 0; i < T; i++) grid.push(Array.from(r.weights.subarray((h * T + i) * T, (h * T + i + 1) * T)));
      weights.push(grid);
    }
    return {
      words: Array.from(r.words), weights, jobRow: r.jobRow, firstNoun: r.firstNoun,
      guesses: Array.from(r.guesses, (g) => ({ word: g.word, probability: g.probability })),
    };
  }

  /** Every learned number, flat (layout: core/include/attention/heads.hpp). */
  parameters() {
    return this.#lab.parameters();
  }

  /** Replaces every learned number; refuses a wrong length or a number that is not finite (nothing changes). */
  setParameters(values) {
    if (!(values instanceof Float64Array))
      throw new HeadsError(`setParameters needs a Float64Array (got ${describe(values)})`, 'bad_argument');
    const bad = values.findIndex((x) => !Number.isFinite(x));
    if (bad >= 0)
      throw new HeadsError(`setParameters: number ${bad} is ${describe(values[bad])}, not a finite number`, 'bad_argument');
    check(this.#lab.setParameters(values));
  }

  /** Loss and its gradient over the first `sentences` training sentences. */
  lossAndGradient(sentences) {
    if (!Number.isInteger(sentences) || sentences < 1)
      throw new HeadsError(`lossAndGradient: sentences must be a whole number from 1 (got ${describe(sentences)})`,
        'bad_argument');
    const r = check(this.#lab.lossAndGradient(sentences));
    return { loss: r.loss, gradient: r.gradient };
  }

  // [0-based head, ...] -> the module's mask (bit h = head h). Throws HeadsError.
  #mask(zeroed) {
    if (!Array.isArray(zeroed))
      throw new HeadsError(`zeroed must be an array of head indices (got ${describe(zeroed)})`, 'bad_argument');
    let mask = 0;
    for (const h of zeroed) {
      if (!Number.isInteger(h) || h < 0 || h >= this.config.heads)
        throw new HeadsError(`zeroed: a head index must be a whole number from 0 to ${this.config.heads - 1} (got ${describe(h)})`,
          'bad_argument');
      mask |= 1 << h;
    }
    return mask;
  }

  /** Frees the model's memory in the module; the lab is unusable after. */
  dispose() {
    this.#lab.delete();
    this.#lab = null;
  }
}

function check(status) {
  if (!status.ok) throw new HeadsError(status.message, status.code);
  return status;
}

// config -> the module's config, every field checked. Throws HeadsError.
function readConfig(config, limits) {
  if (config === null || typeof config !== 'object')
    throw new HeadsError(`the configuration must be an object (got ${describe(config)})`, 'bad_hyper_parameter');
  const c = { ...DEFAULT_CONFIG, ...config };
  wholeNumber('heads', c.heads, 1, limits.maxHeads);
  wholeNumber('dModel', c.dModel, 1, limits.maxModelDim);
  wholeNumber('dHead', c.dHead, 1, limits.maxHeadDim);
  wholeNumber('batch', c.batch, 1, limits.maxBatch);
  wholeNumber('seed', c.seed, 0, 2 ** 32 - 1);
  if (typeof c.learningRate !== 'number' || !(c.learningRate > 0) || !(c.learningRate <= limits.maxLearningRate))
    throw new HeadsError(
      `learningRate must be a number above 0 and at most ${limits.maxLearningRate} (got ${describe(c.learningRate)})`,
      'bad_hyper_parameter');
  const { heads, dModel, dHead, batch, learningRate, seed } = c;
  return { heads, dModel, dHead, batch, learningRate, seed };
}

function wholeNumber(name, value, min, max) {
  if (!Number.isInteger(value) || value < min || value > max)
    throw new HeadsError(`${name} must be a whole number from ${min} to ${max} (got ${describe(value)})`,
      'bad_hyper_parameter');
}

const describe = (value) => quote(value, 20); // the package's one quoting rule (wasm/quote.js)

// The training path (gradients, evaluateGoal, trainStep, randomGrid; docs/training.md) over the
// training build of the teaching core (dist/attention-core-train.mjs). Loaded with that build
// only (attention.js, loadAttention({ training: true })).
import { AttentionError, checkFlag, checkSize, describe, nest, nestGrids, readInput, readMatrix, readRequest } from './checks.js';

/** The training functions of one training-build instance (`core`), within `limits`. */
export function createTrainingPath(core, limits) {
  return {
    gradients(request) {
      const { x, q, k, v, scaled, causal, temperature } = readInput(() => readRequest(request, limits));
      const upstream = readInput(() => readUpstream(request.upstream, limits));
      const r = core.gradients({ embeddings: x, wq: q, wk: k, wv: v, scaled, causal, temperature, upstream });
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return { embeddings: nest(r.embeddings), wq: nest(r.wq), wk: nest(r.wk), wv: nest(r.wv) };
    },

    /** A goal's loss at these grids and its gradient: { loss, gradients: { wq, wk, wv } }. */
    evaluateGoal(request) {
      const r = core.evaluateGoal(readInput(() => readGoal(request, limits)));
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return { loss: r.loss, gradients: nestGrids(r.gradients), ...(r.moved && { moved: nestGrids(r.moved) }) };
    },

    /**
     * One step of gradient descent on the grids not frozen. Returns the new grids, the loss
     * before and after, the gradient the step used and the one at the new grids. Throws
     * AttentionError (bad_learning_rate, diverged, ...) and then nothing has moved.
     */
    trainStep(request) {
      const goal = readInput(() => readGoal(request, limits));
      const { learningRate, train = {} } = request;
      if (typeof learningRate !== 'number')
        throw new AttentionError(`learningRate must be a number (got ${describe(learningRate)})`, 'bad_learning_rate');
      if (train === null || typeof train !== 'object')
        throw new AttentionError(`train must be an object { wq, wk, wv } of true/false (got ${describe(train)})`,
          'invalid_argument');
      const { wq = true, wk = true, wv = true } = train;
      for (const [name, flag] of [['train.wq', wq], ['train.wk', wk], ['train.wv', wv]]) checkFlag(name, flag);
      const r = core.trainStep({ ...goal, learningRate, trainWq: wq, trainWk: wk, trainWv: wv });
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return {
        ...nestGrids(r.grids), lossBefore: r.lossBefore, loss: r.loss,
        gradientsBefore: nestGrids(r.gradientsBefore), gradients: nestGrids(r.gradients),
        ...(r.moved && { moved: nestGrids(r.moved) }),
      };
    },

    /** A small seeded random grid, the same everywhere: entries in [-scale, scale], two decimals. */
    randomGrid(rows, cols, options = {}) {
      for (const [name, value] of [['rows', rows], ['cols', cols]]) checkSize(`randomGrid: ${name}`, value);
      if (options === null || typeof options !== 'object')
        throw new AttentionError(`randomGrid: options must be an object { seed, scale } (got ${describe(options)})`,
          'invalid_argument');
      const { seed = 1, scale = 0.5 } = options;
      if (!Number.isSafeInteger(seed) || seed < 0)
        throw new AttentionError(`randomGrid: seed must be a whole number from 0 (got ${describe(seed)})`, 'invalid_argument');
      if (typeof scale !== 'number' || !(scale > 0) || !(scale <= limits.maxEntry))
        throw new AttentionError(`randomGrid: scale must be above 0 and at most ${limits.maxEntry} (got ${describe(scale)})`,
          'invalid_argument');
      const r = core.randomGrid(rows, cols, scale, seed);
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return nest(r.grid);
    },
  };
}

// gradients()'s upstream: { weights?, outputs?, logits? }, each nested rows or absent.
function readUpstream(upstream = {}, limits) {
  if (upstream === null || typeof upstream !== 'object')
    throw new AttentionError(`upstream must be an object { weights, outputs, logits } (got ${describe(upstream)})`,
      'invalid_argument');
  const out = {};
  for (const name of ['weights', 'outputs', 'logits'])
    if (upstream[name] !== undefined)
      out[name] = readMatrix(`upstream ${name}`, upstream[name], limits.maxTokens, limits.maxTokens);
  return out;
}

// A goal for evaluateGoal() / trainStep(): the grids, the switches, and the examples
// [{ embeddings, shares: [{ asker, key }], blends: [{ asker, point }] }].
function readGoal(request = {}, limits) {
  if (request === null || typeof request !== 'object')
    throw new AttentionError(`a goal needs an object { wq, wk, wv, examples, ... } (got ${describe(request)})`,
      'invalid_argument');
  const { wq, wk, wv, examples, scaled = false, causal = false, temperature = 1, origin } = request;
  checkFlag('scaled', scaled);
  checkFlag('causal', causal);
  if (typeof temperature !== 'number')
    throw new AttentionError(`temperature must be a number (got ${describe(temperature)})`, 'bad_temperature');
  if (!Array.isArray(examples) || examples.length === 0)
    throw new AttentionError(`examples must be a non-empty array of sentences (got ${describe(examples)})`,
      'invalid_argument');
  if (examples.length > limits.maxTokens)
    throw new AttentionError(`examples has ${examples.length} sentences; at most ${limits.maxTokens}`, 'too_large');
  return {
    wq: readMatrix('wq', wq, limits.maxDim, limits.maxDim),
    wk: readMatrix('wk', wk, limits.maxDim, limits.maxDim),
    wv: readMatrix('wv', wv, limits.maxDim, limits.maxDim),
    examples: examples.map((ex, e) => readExample(ex, `sentence ${e + 1}`, limits)),
    scaled, causal, temperature,
    ...(origin !== undefined && { origin: readOrigin(origin, limits) }),
  };
}

// The grids a training run started from: { wq, wk, wv }.
function readOrigin(origin, limits) {
  if (origin === null || typeof origin !== 'object')
    throw new AttentionError(`origin must be an object { wq, wk, wv } (got ${describe(origin)})`, 'invalid_argument');
  return {
    wq: readMatrix('origin wq', origin.wq, limits.maxDim, limits.maxDim),
    wk: readMatrix('origin wk', origin.wk, limits.maxDim, limits.maxDim),
    wv: readMatrix('origin wv', origin.wv, limits.maxDim, limits.maxDim),
  };
}

function readExample(example, where, limits) {
  if (example === null || typeof example !== 'object')
    throw new AttentionError(`${where} must be an object { embeddings, shares, blends } (got ${describe(example)})`,
      'invalid_argument');
  const { embeddings, shares = [], blends = [] } = example;
  const x = readMatrix(`${where} embeddings`, embeddings, limits.maxTokens, limits.maxDim);
  const list = (name, value) => {
    if (!Array.isArray(value) || value.length > limits.maxTokens)
      throw new AttentionError(`${where} ${name} must be an array of targets (got ${describe(value)})`,
        'invalid_argument');
    return value;
  };
  const index = (name, i) => {
    if (!Number.isSafeInteger(i) || i < 0)
      throw new AttentionError(`${where}: a target's ${name} must be a token index from 0 (got ${describe(i)})`,
        'invalid_argument');
    return i;
  };
  return {
    embeddings: x,
    shares: list('shares', shares).map((s) => ({ asker: index('asker', s?.asker), key: index('key', s?.key) })),
    blends: list('blends', blends).map((b) => ({
      asker: index('asker', b?.asker),
      point: readMatrix(`${where} target point`, [b?.point], 1, limits.maxDim).data,
    })),
  };
}

// The training path (gradients, evaluateGoal, trainStep, randomGrid, and the stack's stackForward,
// evaluateStack, stackStep; docs/training.md) over the
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
      const goal = readInput(() => readGoal(request, limits));
      checkGoalWork(goal.examples, [goal], core.maxGoalWork);
      const r = core.evaluateGoal(goal);
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return { loss: r.loss, gradients: nestGrids(r.gradients), rows: plainRows(r.rows), ...(r.moved && { moved: nestGrids(r.moved) }) };
    },

    /**
     * One step of gradient descent on the grids not frozen. Returns the new grids, the loss
     * before and after, the gradient the step used and the one at the new grids. Throws
     * AttentionError (bad_learning_rate, diverged, ...) and then nothing has moved.
     */
    trainStep(request) {
      const goal = readInput(() => readGoal(request, limits));
      const step = readInput(() => readStep(request));
      checkGoalWork(goal.examples, [goal], core.maxGoalWork);
      const r = core.trainStep({ ...goal, ...step });
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return {
        ...nestGrids(r.grids), lossBefore: r.lossBefore, loss: r.loss,
        gradientsBefore: nestGrids(r.gradientsBefore), gradients: nestGrids(r.gradients), rows: plainRows(r.rows),
        ...(r.moved && { moved: nestGrids(r.moved) }),
      };
    },

    // ---- the stack: layers [{ wq, wk, wv }], each W_V (d_model x d_model); docs/training.md ----

    /** The stack's forward pass on one sentence: each layer's attend() trace and inputs, and the final vectors. */
    stackForward(request) {
      const r = core.stackForward(readInput(() => readStackRequest(request, limits, core.maxLayers)));
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return {
        layers: Array.from(r.layers, (t) => ({
          inputs: nest(t.inputs), queries: nest(t.queries), keys: nest(t.keys), values: nest(t.values),
          scores: nest(t.scores), logits: nest(t.logits), weights: nest(t.weights), outputs: nest(t.outputs),
          divisor: t.divisor,
        })),
        stream: nest(r.stream),
      };
    },

    /** A goal's loss on the stack and its gradient: { loss, gradients: [{ wq, wk, wv }, ...], moved? }. */
    evaluateStack(request) {
      const goal = readInput(() => readStackGoal(request, limits, core.maxLayers));
      checkGoalWork(goal.examples, goal.layers, core.maxGoalWork);
      const r = core.evaluateStack(goal);
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return { loss: r.loss, gradients: nestLayers(r.gradients), rows: plainRows(r.rows), ...(r.moved && { moved: nestLayers(r.moved) }) };
    },

    /** One step of plain gradient descent on every layer (trainStep's rules, layer by layer). */
    stackStep(request) {
      const goal = readInput(() => readStackGoal(request, limits, core.maxLayers));
      const step = readInput(() => readStep(request));
      checkGoalWork(goal.examples, goal.layers, core.maxGoalWork);
      const r = core.stackStep({ ...goal, ...step });
      if (!r.ok) throw new AttentionError(r.message, r.code);
      return {
        layers: nestLayers(r.layers), lossBefore: r.lossBefore, loss: r.loss,
        gradientsBefore: nestLayers(r.gradientsBefore), gradients: nestLayers(r.gradients), rows: plainRows(r.rows),
        ...(r.moved && { moved: nestLayers(r.moved) }),
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

const nestLayers = (layers) => Array.from(layers, nestGrids);
// The share targets' rows of weights (Float64Arrays) as plain arrays of numbers.
const plainRows = (rows) => Array.from(rows, (row) => Array.from(row));

// A step's learning rate and freeze switches -> the core's { learningRate, trainWq, trainWk, trainWv }.
function readStep(request) {
  const { learningRate, train = {} } = request;
  if (typeof learningRate !== 'number')
    throw new AttentionError(`learningRate must be a number (got ${describe(learningRate)})`, 'bad_learning_rate');
  if (train === null || typeof train !== 'object')
    throw new AttentionError(`train must be an object { wq, wk, wv } of true/false (got ${describe(train)})`,
      'invalid_argument');
  const { wq = true, wk = true, wv = true } = train;
  for (const [name, flag] of [['train.wq', wq], ['train.wk', wk], ['train.wv', wv]]) checkFlag(name, flag);
  return { learningRate, trainWq: wq, trainWk: wk, trainWv: wv };
}

// The core's cap on a goal (training.hpp, kMaxGoalWork), checked here too so a goal far past it is
// refused before its sentences are copied into the heap. One pass: per sentence and layer,
// n d_model (2 d_k + d_v) multiply-adds to project and n² (d_k + d_v) to score and blend.
function checkGoalWork(examples, layers, maxGoalWork) {
  let work = 0;
  for (const { embeddings: { rows: n, cols: dModel } } of examples)
    for (const { wq, wv } of layers) work += n * dModel * (2 * wq.rows + wv.rows) + n * n * (wq.rows + wv.rows);
  if (work <= maxGoalWork) return;
  const count = `${examples.length} ${examples.length === 1 ? 'sentence' : 'sentences'}`;
  throw new AttentionError(`the goal is too large to train on: one pass over its ${count} is `
    + `${withCommas(work)} multiply-adds; at most ${withCommas(maxGoalWork)} (use fewer or shorter sentences)`, 'too_large');
}

// 2550136832 -> "2,550,136,832", as the core writes it (fixed_text.hpp's Commas).
const withCommas = (x) => String(x).replace(/\B(?=(\d{3})+$)/g, ',');

// A stack's layers: [{ wq, wk, wv }, ...], 1 to maxLayers of them.
function readLayers(layers, limits, maxLayers) {
  if (!Array.isArray(layers) || layers.length === 0)
    throw new AttentionError(`layers must be a non-empty array of { wq, wk, wv } (got ${describe(layers)})`,
      'invalid_argument');
  if (layers.length > maxLayers)
    throw new AttentionError(`layers has ${layers.length} layers; at most ${maxLayers}`, 'too_large');
  return layers.map((layer, l) => {
    if (layer === null || typeof layer !== 'object')
      throw new AttentionError(`layer ${l + 1} must be an object { wq, wk, wv } (got ${describe(layer)})`,
        'invalid_argument');
    return {
      wq: readMatrix(`layer ${l + 1} wq`, layer.wq, limits.maxDim, limits.maxDim),
      wk: readMatrix(`layer ${l + 1} wk`, layer.wk, limits.maxDim, limits.maxDim),
      wv: readMatrix(`layer ${l + 1} wv`, layer.wv, limits.maxDim, limits.maxDim),
    };
  });
}

// A goal on a stack: readGoal's, with `layers` (and an origin of layers) in place of one layer's grids.
function readStackGoal(request = {}, limits, maxLayers) {
  checkObject(request, 'a goal needs an object { layers, examples, ... }');
  const { origin } = request;
  const switches = readSwitches(request);
  const examples = readExamples(request.examples, limits);
  return {
    layers: readLayers(request.layers, limits, maxLayers), examples, ...switches,
    ...(origin !== undefined && { origin: readLayers(origin, limits, maxLayers) }),
  };
}

// stackForward()'s request: { layers, embeddings, scaled, causal, temperature }.
function readStackRequest(request = {}, limits, maxLayers) {
  checkObject(request, 'stackForward needs an object { layers, embeddings, ... }');
  return {
    layers: readLayers(request.layers, limits, maxLayers),
    embeddings: readMatrix('embeddings', request.embeddings, limits.maxTokens, limits.maxDim),
    ...readSwitches(request),
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
  checkObject(request, 'a goal needs an object { wq, wk, wv, examples, ... }');
  const { wq, wk, wv, origin } = request;
  const switches = readSwitches(request);
  const examples = readExamples(request.examples, limits);
  return {
    wq: readMatrix('wq', wq, limits.maxDim, limits.maxDim),
    wk: readMatrix('wk', wk, limits.maxDim, limits.maxDim),
    wv: readMatrix('wv', wv, limits.maxDim, limits.maxDim),
    examples, ...switches,
    ...(origin !== undefined && { origin: readOrigin(origin, limits) }),
  };
}

function checkObject(value, what) {
  if (value === null || typeof value !== 'object')
    throw new AttentionError(`${what} (got ${describe(value)})`, 'invalid_argument');
}

// { scaled, causal, temperature } with their defaults; the core checks the temperature's range.
function readSwitches({ scaled = false, causal = false, temperature = 1 }) {
  checkFlag('scaled', scaled);
  checkFlag('causal', causal);
  if (typeof temperature !== 'number')
    throw new AttentionError(`temperature must be a number (got ${describe(temperature)})`, 'bad_temperature');
  return { scaled, causal, temperature };
}

function readExamples(examples, limits) {
  if (!Array.isArray(examples) || examples.length === 0)
    throw new AttentionError(`examples must be a non-empty array of sentences (got ${describe(examples)})`,
      'invalid_argument');
  if (examples.length > limits.maxTokens)
    throw new AttentionError(`examples has ${examples.length} sentences; at most ${limits.maxTokens}`, 'too_large');
  return examples.map((ex, e) => readExample(ex, `sentence ${e + 1}`, limits));
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

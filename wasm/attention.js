// The friendly face of the WebAssembly core: validates arguments before they
// touch the heap, copies typed arrays in and out, and turns the core's status
// objects into AttentionError. Works unchanged in browsers and in node.
//
//   const attn = await loadAttention();
//   const r = attn.attend({ embeddings, wq, wk, wv, scaled, causal, temperature });

/** Thrown for every bad input; `code` is stable, `message` is for people. */
export class AttentionError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'AttentionError';
    this.code = code;
  }
}

// A 1-function module using one SIMD instruction: validates only where wasm SIMD exists.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15,
  253, 98, 11,
]);
// (v128, v128, v128) -> v128 returning f32x4.relaxed_madd of its arguments (fd 85 02):
// validates only where relaxed SIMD exists (Chromium; node with --experimental-wasm-relaxed-simd).
const RELAXED_SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 8, 1, 96, 3, 123, 123, 123, 1, 123, 3, 2, 1, 0, 10, 13, 1, 11, 0,
  32, 0, 32, 1, 32, 2, 253, 133, 2, 11,
]);

function validates(bytes) {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(bytes);
  } catch {
    return false;
  }
}

export function hasWasmSimd() {
  return validates(SIMD_PROBE);
}

export function hasRelaxedSimd() {
  return validates(RELAXED_SIMD_PROBE);
}

/**
 * The builds this engine can run, fastest first: 'relaxed' (fused multiply-add),
 * 'simd', 'scalar'. Each module is the same core; only the instructions differ.
 */
export function usableVariants() {
  return [hasRelaxedSimd() && 'relaxed', hasWasmSimd() && 'simd', 'scalar'].filter(Boolean);
}

const VARIANTS = ['relaxed', 'simd', 'scalar']; // what `variant` may name (training: `training: true`)
const loaded = new Map(); // requested variant (or 'best') -> Promise<Attention>: loads once per page

/**
 * Loads the core once per page (per variant) and resolves to an Attention.
 * By default the fastest build that validates here, falling back to the next one if it fails
 * to load; `variant` asks for one build ('relaxed', 'simd', 'scalar'); `simd: false` is 'scalar',
 * `simd: true` is 'simd'; `training: true` is the training build (the SIMD core plus gradients,
 * evaluateGoal, trainStep, randomGrid: a separate module, so pages without training never
 * download it). Never throws: bad options and every load failure reject with an AttentionError.
 * @param {{ variant?: 'relaxed' | 'simd' | 'scalar', simd?: boolean, training?: boolean }} [options]
 */
export function loadAttention(options = {}) {
  const flag = (name) => options?.[name] === undefined || typeof options[name] === 'boolean';
  if (options === null || typeof options !== 'object' || !flag('simd') || !flag('training')
    || !(options.variant === undefined || VARIANTS.includes(options.variant)))
    return Promise.reject(new AttentionError('loadAttention takes nothing or { variant: relaxed | simd | scalar, '
      + `simd: true | false, training: true | false } (got ${describe(options?.variant ?? options?.simd ?? options?.training ?? options)})`,
      'invalid_argument'));
  const { variant, simd, training } = options;
  const wanted = training ? 'train' : variant ?? (simd === undefined ? 'best' : simd ? 'simd' : 'scalar');
  if (!loaded.has(wanted)) {
    const promise = loadFirst(wanted === 'best' ? usableVariants() : [wanted]).catch((err) => {
      loaded.delete(wanted); // let a later call try again (e.g. after a network blip)
      throw err;
    });
    loaded.set(wanted, promise);
  }
  return loaded.get(wanted);
}

// The first of `variants` that loads; the last one's error if none does.
async function loadFirst(variants) {
  let failure;
  for (const variant of variants) {
    try {
      // Emscripten's own console message for a failed load would repeat the error
      // we throw (or, when the next build loads, report a failure that was handled).
      const create = await importCore(variant).catch((err) => { throw loadFailure(err, 'fetch'); });
      const core = await Promise.resolve(create({ printErr: () => {} })).catch((err) => { throw loadFailure(err, 'start'); });
      warmUp(core);
      const attn = new Attention(core, variant);
      if (!loaded.has(variant)) loaded.set(variant, Promise.resolve(attn)); // asking for it by name: the same one
      return attn;
    } catch (err) {
      failure = err instanceof AttentionError ? err : loadFailure(err, 'start');
    }
  }
  throw failure;
}

/**
 * Why the core did not load, in words a page author can act on: an AttentionError 'load_failed'
 * whose message names the cause (the page's CSP, no WebAssembly, the module file missing) and
 * quotes at most a short piece of the engine's text; the original error is its `cause`.
 * stage: 'fetch' (the module file did not arrive) or 'start' (it arrived, compiling or starting failed).
 */
function loadFailure(err, stage) {
  const raw = unwrapAbort(errorText(err));
  let why;
  if (typeof WebAssembly !== 'object') why = 'this browser has no WebAssembly (or it is turned off), and the core needs it';
  else if (/Content.Security.Policy|wasm-unsafe-eval|'unsafe-eval'/i.test(raw))
    why = "this page's Content-Security-Policy blocks WebAssembly: the page must allow it with 'wasm-unsafe-eval' in script-src";
  else if (stage === 'fetch')
    why = `its module file did not arrive (${cut(raw, 160)}); check that dist/ is served next to wasm/, then reload the page`;
  else why = cut(raw, 200);
  const error = new AttentionError(`the attention core could not load: ${why}`, 'load_failed');
  error.cause = err;
  return error;
}

function errorText(err) {
  try {
    return String(err?.message ?? err);
  } catch {
    return 'an error that cannot be read';
  }
}

// Emscripten's abort text is "Aborted(<reason>). Build with -s ASSERTIONS=1 for more info.": keep the reason.
function unwrapAbort(text) {
  const start = text.indexOf('Aborted(');
  const end = text.lastIndexOf(')');
  return start >= 0 && end > start ? text.slice(start + 'Aborted('.length, end) : text;
}

// At most `max` characters, no trailing full stop (messages are joined into sentences by the caller).
function cut(text, max) {
  if (text.length > max) return `${text.slice(0, max)}…`;
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1] === ' ')) end -= 1;
  return text.slice(0, end);
}

async function importCore(variant) {
  if (typeof WebAssembly !== 'object') throw new Error('this browser has no WebAssembly');
  const module = variant === 'relaxed' ? await import('../dist/attention-core-relaxed.mjs')
    : variant === 'simd' ? await import('../dist/attention-core.mjs')
      : variant === 'train' ? await import('../dist/attention-core-train.mjs')
        : await import('../dist/attention-core-scalar.mjs');
  return module.default;
}

// One small call of each raw path (about 3 ms), so the kernel's functions are
// compiled before the first real call. V8 compiles a wasm function only when
// it is first called, with its baseline compiler, and moves hot ones to the
// optimising tier in the background: without this, the first attendRaw at
// n = 2048 ran its first ~10 ms in baseline code (plus compile pauses).
function warmUp(core) {
  const n = 64, d = 64, ws = new core.RawWorkspace();
  try {
    ws.resize(n, d, true);
    for (const view of [ws.queries(), ws.keys(), ws.values()]) view.fill(0.5);
    ws.run(n, d, true, false, true);
    ws.run(n, d, true, true, false);
  } finally {
    ws.delete();
  }
}

class Attention {
  #core;
  #workspace = null; // created on first attendRaw or attendRawRows, reused by both after

  constructor(core, variant) {
    this.#core = core;
    this.variant = variant;
    this.limits = Object.freeze({
      maxTokens: core.maxTokens,
      maxDim: core.maxDim,
      maxRawTokens: core.maxRawTokens,
      maxStreamTokens: core.maxStreamTokens,
      maxRawWork: core.maxRawWork, // attendRaw(): n * n * d
      maxEntry: core.maxEntry,
      maxLearningRate: core.maxLearningRate,
    });
  }

  /**
   * The teaching path: every intermediate of one forward pass, as nested arrays.
   * Throws AttentionError on bad input.
   */
  attend(request) {
    const { x, q, k, v, scaled, causal, temperature } = readInput(() => readRequest(request, this.limits));
    // Each matrix keeps its own shape: the core names any mismatch best.
    const r = this.#core.attend({ embeddings: x, wq: q, wk: k, wv: v, scaled, causal, temperature });
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return {
      n: x.rows, dK: q.rows, dV: v.rows, divisor: r.divisor,
      queries: nest(r.queries), keys: nest(r.keys), values: nest(r.values),
      scores: nest(r.scores), logits: nest(r.logits), exponentials: nest(r.exponentials),
      expSums: Array.from(r.expSums), weights: nest(r.weights), outputs: nest(r.outputs),
    };
  }

  // ---- training (docs/training.md) ----

  /**
   * The backward pass: dloss/d{embeddings, wq, wk, wv} for a loss whose own gradient
   * ("upstream") on the weights, outputs and/or logits is given as nested arrays.
   */
  // The training functions live in the training build only (loadAttention({ training: true })).
  #needTraining() {
    if (typeof this.#core.trainStep !== 'function')
      throw new AttentionError('training needs the training build of the core: loadAttention({ training: true })',
        'unsupported');
  }

  gradients(request) {
    this.#needTraining();
    const { x, q, k, v, scaled, causal, temperature } = readInput(() => readRequest(request, this.limits));
    const upstream = readInput(() => readUpstream(request.upstream, this.limits));
    const r = this.#core.gradients({ embeddings: x, wq: q, wk: k, wv: v, scaled, causal, temperature, upstream });
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return { embeddings: nest(r.embeddings), wq: nest(r.wq), wk: nest(r.wk), wv: nest(r.wv) };
  }

  /** A goal's loss at these grids and its gradient: { loss, gradients: { wq, wk, wv } }. */
  evaluateGoal(request) {
    this.#needTraining();
    const r = this.#core.evaluateGoal(readInput(() => readGoal(request, this.limits)));
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return { loss: r.loss, gradients: nestGrids(r.gradients), ...(r.moved && { moved: nestGrids(r.moved) }) };
  }

  /**
   * One step of gradient descent on the grids not frozen. Returns the new grids, the loss
   * before and after, the gradient the step used and the one at the new grids. Throws
   * AttentionError (bad_learning_rate, diverged, ...) and then nothing has moved.
   */
  trainStep(request) {
    this.#needTraining();
    const goal = readInput(() => readGoal(request, this.limits));
    const { learningRate, train = {} } = request;
    if (typeof learningRate !== 'number')
      throw new AttentionError(`learningRate must be a number (got ${describe(learningRate)})`, 'bad_learning_rate');
    if (train === null || typeof train !== 'object')
      throw new AttentionError(`train must be an object { wq, wk, wv } of true/false (got ${describe(train)})`,
        'invalid_argument');
    const { wq = true, wk = true, wv = true } = train;
    for (const [name, flag] of [['train.wq', wq], ['train.wk', wk], ['train.wv', wv]]) checkFlag(name, flag);
    const r = this.#core.trainStep({ ...goal, learningRate, trainWq: wq, trainWk: wk, trainWv: wv });
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return {
      ...nestGrids(r.grids), lossBefore: r.lossBefore, loss: r.loss,
      gradientsBefore: nestGrids(r.gradientsBefore), gradients: nestGrids(r.gradients),
      ...(r.moved && { moved: nestGrids(r.moved) }),
    };
  }

  /** A small seeded random grid, the same everywhere: entries in [-scale, scale], two decimals. */
  randomGrid(rows, cols, { seed = 1, scale = 0.5 } = {}) {
    this.#needTraining();
    for (const [name, value] of [['rows', rows], ['cols', cols]]) checkSize(`randomGrid: ${name}`, value);
    if (!Number.isSafeInteger(seed) || seed < 0)
      throw new AttentionError(`randomGrid: seed must be a whole number from 0 (got ${describe(seed)})`, 'invalid_argument');
    if (typeof scale !== 'number' || !(scale > 0) || !(scale <= this.limits.maxEntry))
      throw new AttentionError(`randomGrid: scale must be above 0 and at most ${this.limits.maxEntry} (got ${describe(scale)})`,
        'invalid_argument');
    const r = this.#core.randomGrid(rows, cols, scale, seed);
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return nest(r.grid);
  }

  /**
   * Heap use, for leak tests: heapBytes is the size of the wasm memory (it only
   * grows); mallocBytes is what malloc has handed out and not had back;
   * valHandles counts JS values the C++ side still holds (Embind handles).
   */
  memoryStats() {
    const { heapBytes, mallocBytes } = this.#core.memoryStats();
    return { heapBytes, mallocBytes, valHandles: this.#core.count_emval_handles() };
  }

  /**
   * The fast path on typed arrays: Q, K, V are n x d row-major Float32Arrays.
   * weights: false skips the n x n grid (online softmax, memory O(n d)).
   * into: { weights?, outputs } the caller's own Float32Arrays to write into
   * (no allocation per call); without it, fresh arrays.
   * Returns copies, never heap views: { weights: Float32Array | null, outputs: Float32Array }.
   */
  attendRaw(Q, K, V, n, d, options) {
    const { scaled, causal, weights, into } = readInput(() => readRawArguments(Q, K, V, n, d, options));
    const ws = (this.#workspace ??= new this.#core.RawWorkspace());
    throwIfFailed(ws.resize(n, d, weights));
    // Views are fetched after resize: the heap may have grown and detached old ones.
    ws.queries().set(Q);
    ws.keys().set(K);
    ws.values().set(V);
    throwIfFailed(ws.run(n, d, scaled, causal, weights));
    if (!into) {
      const grid = weights ? copyGrid(ws.weights(), new Float32Array(n * n), n, causal, true) : null;
      return { weights: grid, outputs: ws.outputs().slice() };
    }
    // Written only after the core succeeded: a failed call leaves the caller's buffers as they were.
    if (weights) copyGrid(ws.weights(), into.weights, n, causal, false);
    into.outputs.set(ws.outputs());
    return { weights: weights ? into.weights : null, outputs: into.outputs };
  }

  /**
   * One band of askers of attendRaw(Q, K, V, n, d): rows first .. first + count - 1,
   * for splitting the rows across workers. Q, K, V are the whole (n, d) inputs;
   * returns { weights: (count, n) | null, outputs: (count, d) }, and `into`, if
   * given, holds arrays of exactly those sizes. A band whose first row is a
   * multiple of 32 has bit for bit the numbers of the same rows of attendRaw.
   */
  attendRawRows(Q, K, V, n, d, options) {
    const { first, count, scaled, causal, weights, into } = readInput(() => readBandArguments(Q, K, V, n, d, options));
    const ws = (this.#workspace ??= new this.#core.RawWorkspace());
    throwIfFailed(ws.resizeBand(count, n, d, weights));
    ws.queries().set(Q.subarray(first * d, (first + count) * d));
    ws.keys().set(K);
    ws.values().set(V);
    throwIfFailed(ws.runBand(first, count, n, d, scaled, causal, weights));
    const out = into ?? { weights: weights ? new Float32Array(count * n) : null, outputs: new Float32Array(count * d) };
    if (weights) copyGrid(ws.weights(), out.weights, n, causal, !into, first);
    out.outputs.set(ws.outputs());
    return { weights: weights ? out.weights : null, outputs: out.outputs };
  }
}

// attendRawRows()'s arguments: attendRaw's, plus the band { first, count }.
function readBandArguments(Q, K, V, n, d, options = {}) {
  if (options === null || typeof options !== 'object')
    throw new AttentionError(`attendRawRows: options must be an object (got ${describe(options)})`, 'invalid_argument');
  const { first, count, into, ...rest } = options;
  const { scaled, causal, weights } = readRawArguments(Q, K, V, n, d, rest);
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(count) || first < 0 || count < 1 || first + count > n)
    throw new AttentionError(`attendRawRows: first = ${describe(first)} and count = ${describe(count)} must pick `
      + `whole rows of the ${n} askers`, 'invalid_argument');
  return { first, count, scaled, causal, weights, into: into === undefined ? null : readInto(into, [Q, K, V], n, d, weights, count) };
}

// The n x n grid out of the heap. Causal: row i copies only keys 0..i and
// zero-fills the rest (nothing when dst is fresh, hence already zero), which
// reads half the grid instead of all of it; the masked half is exactly 0
// either way.
// A band (attendRawRows) is the same with row i of dst being asker first + i.
function copyGrid(src, dst, n, causal, dstIsZero, first = 0) {
  if (!causal) {
    dst.set(src);
    return dst;
  }
  const rows = dst.length / n;
  for (let i = 0, row = 0; i < rows; i++, row += n) {
    const visible = first + i + 1;
    dst.set(src.subarray(row, row + visible), row);
    if (!dstIsZero) dst.fill(0, row + visible, row + n);
  }
  return dst;
}

// ---- argument checks at the JS edge -------------------------------------

// Input from a page can throw while being read (a getter, a proxy, a revoked
// proxy). That is bad input like any other, so it leaves as an AttentionError.
function readInput(read) {
  try {
    return read();
  } catch (err) {
    if (err instanceof AttentionError) throw err;
    let why;
    try {
      why = String(err?.message ?? err).slice(0, 80);
    } catch {
      why = 'it threw while being read';
    }
    throw new AttentionError(`the input could not be read: ${why || 'it threw while being read'}`, 'invalid_argument');
  }
}

// attend()'s request -> plain values for the core. Throws AttentionError on bad input.
function readRequest(request = {}, limits) {
  if (request === null || typeof request !== 'object')
    throw new AttentionError(`attend needs an object { embeddings, wq, wk, wv, ... } (got ${describe(request)})`,
      'invalid_argument');
  const { embeddings, wq, wk, wv, scaled = false, causal = false, temperature = 1 } = request;
  const x = readMatrix('embeddings', embeddings, limits.maxTokens, limits.maxDim);
  const q = readMatrix('wq', wq, limits.maxDim, limits.maxDim);
  const k = readMatrix('wk', wk, limits.maxDim, limits.maxDim);
  const v = readMatrix('wv', wv, limits.maxDim, limits.maxDim);
  checkFlag('scaled', scaled);
  checkFlag('causal', causal);
  if (typeof temperature !== 'number' || !(temperature > 0) || !Number.isFinite(temperature))
    throw new AttentionError(
      `temperature must be a finite number above 0 (got ${describe(temperature)})`, 'bad_temperature');
  return { x, q, k, v, scaled, causal, temperature };
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

// The real length of a typed array: a subclass getter or a proxy cannot fake it
// (a faked one would make the copy into the heap throw or read the wrong count).
const typedArrayLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Float32Array.prototype), 'length').get;

// attendRaw()'s arguments -> its options. Throws AttentionError on bad input.
function readRawArguments(Q, K, V, n, d, options = {}) {
  checkSize('n', n);
  checkSize('d', d);
  for (const [name, buf] of [['Q', Q], ['K', K], ['V', V]]) {
    if (!(buf instanceof Float32Array))
      throw new AttentionError(`attendRaw: ${name} must be a Float32Array (got ${describe(buf)})`, 'invalid_argument');
    const length = typedArrayLength.call(buf);
    if (length !== n * d)
      throw new AttentionError(
        `attendRaw: ${name} has ${length} numbers but n x d = ${n} x ${d} needs ${n * d}`, 'shape_mismatch');
  }
  if (options === null || typeof options !== 'object')
    throw new AttentionError(`attendRaw: options must be an object (got ${describe(options)})`, 'invalid_argument');
  const { scaled = true, causal = false, weights = true, into } = options;
  checkFlag('attendRaw: scaled', scaled);
  checkFlag('attendRaw: causal', causal);
  checkFlag('attendRaw: weights', weights);
  return { scaled, causal, weights, into: into === undefined ? null : readInto(into, [Q, K, V], n, d, weights) };
}

// attendRaw()'s `into` -> { weights, outputs }: the caller's own Float32Arrays of
// exactly n x n and n x d, not sharing memory with Q, K, V or each other (the
// copy-out would otherwise overwrite an input mid-call, or one result the other).
// rows: the askers returned (attendRawRows' count; all n for attendRaw).
function readInto(into, inputs, n, d, wantWeights, rows = n) {
  if (into === null || typeof into !== 'object')
    throw new AttentionError(`attendRaw: into must be an object { weights, outputs } (got ${describe(into)})`,
      'invalid_argument');
  const { weights, outputs } = into;
  const wanted = [['outputs', outputs, rows * d]];
  if (wantWeights) wanted.unshift(['weights', weights, rows * n]);
  for (const [name, buf, size] of wanted) {
    if (!(buf instanceof Float32Array))
      throw new AttentionError(`attendRaw: into.${name} must be a Float32Array (got ${describe(buf)})`,
        'invalid_argument');
    const length = typedArrayLength.call(buf);
    if (length !== size)
      throw new AttentionError(
        `attendRaw: into.${name} has ${length} numbers but needs ${size} (${name === 'weights' ? `${rows === n ? 'n x n' : 'rows x n'} = ${rows} x ${n}` : `${rows === n ? 'n x d' : 'rows x d'} = ${rows} x ${d}`})`,
        'shape_mismatch');
  }
  for (const [k, [name, buf]] of wanted.entries()) {
    const others = [...inputs, ...wanted.filter((_, i) => i !== k).map(([, other]) => other)];
    if (others.some((other) => overlaps(buf, other)))
      throw new AttentionError(`attendRaw: into.${name} shares memory with Q, K, V or the other result; give it its own buffer`,
        'invalid_argument');
  }
  return { weights: wantWeights ? weights : null, outputs };
}

// Whether two typed arrays view overlapping bytes of the same buffer.
const byteOffsetOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Float32Array.prototype), 'byteOffset').get;
const bufferOf = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Float32Array.prototype), 'buffer').get;
function overlaps(a, b) {
  if (bufferOf.call(a) !== bufferOf.call(b)) return false;
  const a0 = byteOffsetOf.call(a), a1 = a0 + 4 * typedArrayLength.call(a);
  const b0 = byteOffsetOf.call(b), b1 = b0 + 4 * typedArrayLength.call(b);
  return a0 < b1 && b0 < a1;
}

function throwIfFailed(status) {
  if (!status.ok) throw new AttentionError(status.message, status.code);
}

function checkFlag(name, value) {
  if (typeof value !== 'boolean')
    throw new AttentionError(`${name} must be true or false (got ${describe(value)})`, 'invalid_argument');
}

function checkSize(name, value) {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new AttentionError(`attendRaw: ${name} must be a whole number of at least 1 (got ${describe(value)})`,
      value === 0 ? 'empty' : 'invalid_argument');
}

// A nested array (or array of typed arrays) of finite numbers -> { rows, cols, data: Float64Array }.
function readMatrix(name, value, maxRows, maxCols) {
  if (!Array.isArray(value))
    throw new AttentionError(`${name} must be an array of rows (got ${describe(value)})`, 'invalid_argument');
  const rows = value.length;
  if (rows === 0) throw new AttentionError(`${name} has no rows; give at least one`, 'empty');
  if (rows > maxRows)
    throw new AttentionError(`${name} has ${rows} rows; at most ${maxRows} are allowed`, 'too_large');
  const first = value[0];
  if (!isRow(first))
    throw new AttentionError(`${name} row 1 must be an array of numbers (got ${describe(first)})`, 'invalid_argument');
  const cols = first.length;
  if (cols === 0) throw new AttentionError(`${name} row 1 is empty; rows need at least one number`, 'empty');
  if (cols > maxCols)
    throw new AttentionError(`${name} rows have ${cols} numbers; at most ${maxCols} are allowed`, 'too_large');
  const data = new Float64Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row = value[r];
    if (!isRow(row))
      throw new AttentionError(`${name} row ${r + 1} must be an array of numbers (got ${describe(row)})`, 'invalid_argument');
    if (row.length !== cols)
      throw new AttentionError(
        `${name} row ${r + 1} has ${row.length} numbers but row 1 has ${cols}; every row needs the same length`,
        'shape_mismatch');
    for (let c = 0; c < cols; c++) data[r * cols + c] = readNumber(name, row[c], r, c);
  }
  return { rows, cols, data };
}

function isRow(row) {
  return Array.isArray(row) || row instanceof Float64Array || row instanceof Float32Array;
}

function readNumber(name, x, r, c) {
  if (typeof x === 'number' && Number.isFinite(x)) return x; // the common case: no message built
  const where = `${name} row ${r + 1}, column ${c + 1}`;
  if (typeof x !== 'number')
    throw new AttentionError(`${where} is ${describe(x)}, not a number`, 'invalid_argument');
  if (!Number.isFinite(x))
    throw new AttentionError(`${where} is ${x}; every entry must be a finite number`, 'non_finite');
  return x;
}

// A short, safe description of any value for a message: never long (not the
// whole of a long string, a function's source or a 400-digit BigInt), never throws.
function describe(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  let text;
  try {
    if (value === null) text = 'null';
    else if (Array.isArray(value)) text = `an array of ${value.length}`;
    else if (typeof value === 'function') text = 'a function';
    else if (typeof value === 'object') {
      const name = value.constructor?.name;
      text = typeof name === 'string' && name !== '' ? name : 'an object';
    } else text = String(value);
  } catch {
    text = 'a value that cannot be read';
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

function nestGrids({ wq, wk, wv }) {
  return { wq: nest(wq), wk: nest(wk), wv: nest(wv) };
}

// { rows, cols, data } -> rows of plain numbers
// (A plain loop: Array.from(subarray) per row took half the time of a small attend().)
function nest({ rows, cols, data }) {
  const out = new Array(rows);
  for (let r = 0; r < rows; r++) {
    const row = new Array(cols);
    for (let c = 0; c < cols; c++) row[c] = data[r * cols + c];
    out[r] = row;
  }
  return out;
}

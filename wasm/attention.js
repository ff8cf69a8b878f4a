// The friendly face of the WebAssembly core: validates arguments before they
// touch the heap, copies typed arrays in and out, and turns the core's status
// objects into AttentionError. Works unchanged in browsers and in node.
//
//   const attn = await loadAttention();
//   const r = attn.attend({ embeddings, wq, wk, wv, scaled, causal, temperature });
//
// The core is two modules: the teaching core (attend(), Embind, dist/attention-core.mjs)
// and the kernel (attendRaw, plain exports, dist/attention-kernel*.mjs). loadAttention()
// loads both; { path: 'teaching' } or { path: 'raw' } loads one, so the widget never
// downloads the kernel and the scale lab never downloads the teaching core.
import { AttentionError, describe, nest, readInput, readRequest } from './checks.js';

export { AttentionError };

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

const VARIANTS = ['relaxed', 'simd', 'scalar']; // the kernel builds `variant` may name
const PATHS = ['both', 'teaching', 'raw'];
const requests = new Map();   // "teaching build|kernel asked for" -> Promise<Attention>
const attentions = new Map(); // "teaching build|kernel variant" -> Attention: one per page
const modules = new Map();    // a module's name -> Promise of its started instance: loads once per page

/**
 * Loads the core once per page and resolves to an Attention.
 * path: 'both' (the default): attend() and the raw path; 'teaching': attend() only (the
 * widget's, about 22 KB gzip); 'raw': attendRaw / attendRawRows only (the kernel, about 9 KB
 * with its JS side; the scale lab loads its runner alone, loadKernelRunner below).
 * The raw path's kernel: by default the fastest build that validates here, falling back to the
 * next one if it fails to load; `variant` asks for one build ('relaxed', 'simd', 'scalar');
 * `simd: false` is 'scalar', `simd: true` is 'simd'. `training: true` loads the training build
 * of the teaching core (attend() plus gradients, evaluateGoal, trainStep, randomGrid: a separate
 * module, so pages without training never download it). Never throws: bad options and every
 * load failure reject with an AttentionError.
 * @param {{ path?: 'both' | 'teaching' | 'raw', variant?: 'relaxed' | 'simd' | 'scalar', simd?: boolean, training?: boolean }} [options]
 */
export function loadAttention(options = {}) {
  const flag = (name) => options?.[name] === undefined || typeof options[name] === 'boolean';
  if (options === null || typeof options !== 'object' || !flag('simd') || !flag('training')
    || !(options.variant === undefined || VARIANTS.includes(options.variant))
    || !(options.path === undefined || PATHS.includes(options.path)))
    return Promise.reject(new AttentionError('loadAttention takes nothing or { path: both | teaching | raw, '
      + 'variant: relaxed | simd | scalar, simd: true | false, training: true | false } '
      + `(got ${describe(options?.path ?? options?.variant ?? options?.simd ?? options?.training ?? options)})`,
      'invalid_argument'));
  const { variant, simd, training = false, path = 'both' } = options;
  if (training && path === 'raw')
    return Promise.reject(new AttentionError("training runs on the teaching path: { training: true } cannot go with { path: 'raw' }",
      'invalid_argument'));
  const teaching = path === 'raw' ? null : training ? 'train' : 'core';
  const kernel = path === 'teaching' ? null : variant ?? (simd === undefined ? 'best' : simd ? 'simd' : 'scalar');
  return cached(requests, `${teaching}|${kernel}`, async () => {
    // The raw path: the kernel runner behind the public API's argument checks (raw-path.js).
    const [core, runner, rawPath] = await Promise.all([teaching && loadTeaching(teaching),
      kernel && loadKernelRunner(kernel), kernel && fetched(import('./raw-path.js'))]);
    const raw = runner && new rawPath.RawPath(runner);
    // Asked for by name or as the best: the same object for the same modules.
    const key = `${teaching}|${raw?.variant ?? null}`;
    if (!attentions.has(key)) attentions.set(key, new Attention(core, raw));
    return attentions.get(key);
  });
}

// One promise per key; a failed one is forgotten, so a later call tries again (a network blip).
function cached(map, key, start) {
  if (!map.has(key)) {
    const promise = Promise.resolve().then(start);
    promise.catch(() => map.delete(key));
    map.set(key, promise);
  }
  return map.get(key);
}

// The teaching core ('core') or its training build ('train'), started, with its training path.
function loadTeaching(name) {
  return cached(modules, name, async () => {
    const [create, training] = await Promise.all([importModule(name),
      name === 'train' ? fetched(import('./training-path.js')) : null]);
    const core = await start(create);
    return { core, training };
  });
}

/**
 * The kernel runner alone (kernel-runner.js): the scale lab's entry, not part of the API. It
 * runs bands of buffers its caller made itself and checks no arguments (the kernel refuses what
 * it cannot run), so the lab does not download the raw path's checks. The build as for
 * loadAttention(): a named one ('relaxed', 'simd', 'scalar'), or 'best', the first of
 * usableVariants() that loads; its `variant` says which. Rejects with an AttentionError
 * 'load_failed' as loadAttention() does. One instance per build and page, shared with the raw path.
 */
export function loadKernelRunner(wanted = 'best') {
  return cached(modules, `kernel, ${wanted}`, async () => {
    let failure;
    for (const variant of wanted === 'best' ? usableVariants() : [wanted]) {
      try {
        return await cached(modules, `kernel-${variant}`, async () => {
          const [create, { createKernelRunner }] = await Promise.all([importModule(variant),
            fetched(import('./kernel-runner.js'))]);
          const runner = await createKernelRunner(create); // its failures: load_failed, below
          runner.variant = variant;
          return runner;
        });
      } catch (err) {
        failure = err instanceof AttentionError ? err : loadFailure(err, 'start');
      }
    }
    throw failure;
  });
}

// A module of this folder, imported: its failure is load_failed (the file did not arrive).
const fetched = (loading) => loading.catch((err) => { throw loadFailure(err, 'fetch'); });

// The teaching core, started. Emscripten's own console message for a failed load would repeat
// the error we throw. (The kernel has its own loader, which prints nothing: kernel-runner.js.)
async function start(create) {
  return Promise.resolve(create({ printErr: () => {} })).catch((err) => { throw loadFailure(err, 'start'); });
}

/**
 * Why the core did not load, in words a page author can act on: an AttentionError 'load_failed'
 * whose message names the cause (the page's CSP, no WebAssembly, the module file missing) and
 * quotes at most a short piece of the engine's text; the original error is its `cause`.
 * stage: 'fetch' (the module file did not arrive) or 'start' (it arrived, compiling or starting failed).
 */
function loadFailure(err, stage) {
  const raw = unwrapAbort(errorText(err, stage === 'start'));
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

// named: the engine's error with its kind ("RangeError: …"), as Emscripten's abort quotes it
// (unwrapAbort keeps only what is inside "Aborted(…)"), so the teaching core's failure and the
// kernel's (its own loader, no abort) read the same.
function errorText(err, named) {
  try {
    const text = String(err?.message ?? err);
    return named && err instanceof Error && err.name !== 'Error' ? `${err.name}: ${text}` : text;
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

// The module's factory (createAttentionCore / createAttentionKernel). Literal import()s, so
// every bundler sees each module.
async function importModule(name) {
  try {
    if (typeof WebAssembly !== 'object') throw new Error('this browser has no WebAssembly');
    const module = name === 'core' ? await import('../dist/attention-core.mjs')
      : name === 'train' ? await import('../dist/attention-core-train.mjs')
        : name === 'relaxed' ? await import('../dist/attention-kernel-relaxed.mjs')
          : name === 'simd' ? await import('../dist/attention-kernel.mjs')
            : await import('../dist/attention-kernel-scalar.mjs');
    return module.default;
  } catch (err) {
    throw loadFailure(err, 'fetch');
  }
}

class Attention {
  #core;     // the teaching core (Embind), or null with { path: 'raw' }
  #raw;      // the raw path (raw-path.js), or null with { path: 'teaching' }
  #training; // the training path (training-path.js), with { training: true } only

  constructor(teaching, raw) {
    this.#core = teaching?.core ?? null;
    this.#raw = raw;
    /** The kernel build behind attendRaw ('relaxed', 'simd', 'scalar'), or null without the raw path. */
    this.variant = raw?.variant ?? null;
    const c = this.#core;
    this.limits = Object.freeze(c ? {
      maxTokens: c.maxTokens, maxDim: c.maxDim, maxRawTokens: c.maxRawTokens, maxStreamTokens: c.maxStreamTokens,
      maxRawWork: c.maxRawWork, // attendRaw(): n * n * d
      maxEntry: c.maxEntry, maxLearningRate: c.maxLearningRate,
    } : raw.limits());
    this.#training = teaching?.training?.createTrainingPath(c, this.limits) ?? null;
  }

  /**
   * The teaching path: every intermediate of one forward pass, as nested arrays.
   * Throws AttentionError on bad input.
   */
  attend(request) {
    const core = this.#need(this.#core, 'attend');
    const { x, q, k, v, scaled, causal, temperature } = readInput(() => readRequest(request, this.limits));
    // Each matrix keeps its own shape: the core names any mismatch best.
    const r = core.attend({ embeddings: x, wq: q, wk: k, wv: v, scaled, causal, temperature });
    if (!r.ok) throw new AttentionError(r.message, r.code);
    return {
      n: x.rows, dK: q.rows, dV: v.rows, divisor: r.divisor,
      queries: nest(r.queries), keys: nest(r.keys), values: nest(r.values),
      scores: nest(r.scores), logits: nest(r.logits), exponentials: nest(r.exponentials),
      expSums: Array.from(r.expSums), weights: nest(r.weights), outputs: nest(r.outputs),
    };
  }

  // ---- training (docs/training.md): the training build only (loadAttention({ training: true })) ----

  /**
   * The backward pass: dloss/d{embeddings, wq, wk, wv} for a loss whose own gradient
   * ("upstream") on the weights, outputs and/or logits is given as nested arrays.
   */
  gradients(request) { return this.#needTraining().gradients(request); }

  /** A goal's loss at these grids and its gradient: { loss, gradients: { wq, wk, wv } }. */
  evaluateGoal(request) { return this.#needTraining().evaluateGoal(request); }

  /**
   * One step of gradient descent on the grids not frozen. Returns the new grids, the loss
   * before and after, the gradient the step used and the one at the new grids. Throws
   * AttentionError (bad_learning_rate, diverged, ...) and then nothing has moved.
   */
  trainStep(request) { return this.#needTraining().trainStep(request); }

  /** A small seeded random grid, the same everywhere: entries in [-scale, scale], two decimals. */
  randomGrid(rows, cols, options) { return this.#needTraining().randomGrid(rows, cols, options); }

  /** A stack of layers with a residual (docs/training.md): each layer's trace, and the words' final vectors. */
  stackForward(request) { return this.#needTraining().stackForward(request); }

  /** A goal's loss on a stack and every layer's gradient. */
  evaluateStack(request) { return this.#needTraining().evaluateStack(request); }

  /** One step of plain gradient descent on every layer of a stack; throws with nothing moved. */
  stackStep(request) { return this.#needTraining().stackStep(request); }

  #needTraining() {
    if (!this.#training)
      throw new AttentionError('training needs the training build of the core: loadAttention({ training: true })',
        'unsupported');
    return this.#training;
  }

  // ---- the raw path: the kernel only (loadAttention() or { path: 'raw' }) ----

  /**
   * The fast path on typed arrays: Q, K, V are n x d row-major Float32Arrays.
   * weights: false skips the n x n grid (online softmax, memory O(n d)).
   * into: { weights?, outputs } the caller's own Float32Arrays to write into
   * (no allocation per call); without it, fresh arrays.
   * Returns copies, never heap views: { weights: Float32Array | null, outputs: Float32Array }.
   */
  attendRaw(Q, K, V, n, d, options) { return this.#need(this.#raw, 'attendRaw').attendRaw(Q, K, V, n, d, options); }

  /**
   * One band of askers of attendRaw(Q, K, V, n, d): rows first .. first + count - 1,
   * for splitting the rows across workers. Q, K, V are the whole (n, d) inputs;
   * returns { weights: (count, n) | null, outputs: (count, d) }, and `into`, if
   * given, holds arrays of exactly those sizes. A band whose first row is a
   * multiple of 32 has bit for bit the numbers of the same rows of attendRaw.
   */
  attendRawRows(Q, K, V, n, d, options) {
    return this.#need(this.#raw, 'attendRawRows').attendRawRows(Q, K, V, n, d, options);
  }

  /**
   * Heap use, for leak tests: heapBytes is the size of the wasm memories (they only
   * grow); mallocBytes is what malloc has handed out and not had back; valHandles
   * counts JS values the teaching core's C++ side still holds (Embind handles).
   */
  memoryStats() {
    const teaching = this.#core?.memoryStats() ?? { heapBytes: 0, mallocBytes: 0 };
    const raw = this.#raw?.memoryStats() ?? { heapBytes: 0, mallocBytes: 0 };
    return { heapBytes: teaching.heapBytes + raw.heapBytes, mallocBytes: teaching.mallocBytes + raw.mallocBytes,
      valHandles: this.#core?.count_emval_handles() ?? 0 };
  }

  // The part of the core a method runs on, or an AttentionError naming the load that has it.
  #need(part, method) {
    if (part) return part;
    const [path, other] = method === 'attend' ? ['raw', 'teaching'] : ['teaching', 'raw'];
    throw new AttentionError(`${method} is not in this core: it was loaded with { path: '${path}' }; `
      + `use loadAttention() or loadAttention({ path: '${other}' })`, 'unsupported');
  }
}

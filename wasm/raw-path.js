// The raw path (attendRaw, attendRawRows) over the kernel module (dist/attention-kernel*.mjs,
// wasm/kernel_exports.cpp): the inputs are copied into the kernel's heap buffers in place,
// the kernel runs, the results are copied out. Loaded with the kernel only (attention.js), so
// a page with the widget alone never downloads it.
import { AttentionError, checkFlag, checkSize, describe, readInput, typedArrayLength } from './checks.js';

const SCALED = 1, CAUSAL = 2, WEIGHTS = 4; // attn_run_band's flags
const BUFFERS = ['queries', 'keys', 'values', 'outputs', 'weights']; // attn_buffer's order
const utf8 = new TextDecoder();

/**
 * Starts one kernel instance and its raw path. `createKernel`: a kernel module's default export
 * (scripts/kernel-module.mjs), which instantiates the wasm with the imports made here.
 */
export async function createRawPath(createKernel) {
  let memory;
  // The kernel's one import, emscripten_resize_heap: its workspace asks for more memory
  // (kernel_exports.cpp, Workspace). Import and export names are one letter each in the
  // modules (scripts/kernel-module.mjs, IMPORTS and EXPORTS).
  const { exports: e } = await createKernel({ e: { g: (bytes) => growMemory(memory, bytes >>> 0) } });
  memory = e.m;
  e.i(); // __wasm_call_ctors: the C++ start-up (empty today, but part of the module's contract)
  const path = new RawPath({ memory, resize: e.r, buffer: e.b, runBand: e.c, statusCode: e.s,
    statusMessage: e.t, limit: e.l, memoryUse: e.u });
  path.warmUp();
  return path;
}

// emscripten_resize_heap as Emscripten's runtime has it: the memory grows to at least `bytes`,
// with headroom (a fifth more, at most 96 MiB more; less if that is refused), so that n dragged up
// a step at a time does not grow it at every step. 1 if it grew, 0 if the engine refused.
function growMemory(memory, bytes) {
  const old = memory.buffer.byteLength;
  if (bytes > 2 ** 31) return 0; // the module's maximum (wasm/CMakeLists.txt, MAXIMUM_MEMORY)
  for (const headroom of [0.2, 0.1, 0.05]) {
    const size = Math.min(2 ** 31, Math.max(bytes, Math.min(old * (1 + headroom), bytes + 96 * 2 ** 20)));
    try {
      memory.grow(Math.ceil((size - old) / 65536));
      return 1;
    } catch {
      // refused: less headroom
    }
  }
  return 0;
}

class RawPath {
  #k; // the kernel's memory and its attn_* functions (kernel_exports.cpp), named without attn_

  constructor(kernel) {
    this.#k = kernel;
  }

  // The caps, as the core has them: 0 maxTokens ... 6 maxLearningRate (kernel_exports.cpp, attn_limit).
  limits() {
    const names = ['maxTokens', 'maxDim', 'maxRawTokens', 'maxStreamTokens', 'maxRawWork', 'maxEntry', 'maxLearningRate'];
    return Object.fromEntries(names.map((name, i) => [name, this.#k.limit(i)]));
  }

  memoryStats() {
    return { heapBytes: this.#k.memoryUse(0), mallocBytes: this.#k.memoryUse(1) };
  }

  attendRaw(Q, K, V, n, d, options) {
    const { scaled, causal, weights, into } = readInput(() => readRawArguments(Q, K, V, n, d, options));
    this.#run(Q, K, V, { first: 0, count: n, n, d, scaled, causal, weights });
    if (!into) {
      const grid = weights ? copyGrid(this.#view('weights', n * n), new Float32Array(n * n), n, causal, true) : null;
      return { weights: grid, outputs: this.#view('outputs', n * d).slice() };
    }
    // Written only after the core succeeded: a failed call leaves the caller's buffers as they were.
    if (weights) copyGrid(this.#view('weights', n * n), into.weights, n, causal, false);
    into.outputs.set(this.#view('outputs', n * d));
    return { weights: weights ? into.weights : null, outputs: into.outputs };
  }

  attendRawRows(Q, K, V, n, d, options) {
    const { first, count, scaled, causal, weights, into } = readInput(() => readBandArguments(Q, K, V, n, d, options));
    this.#run(Q, K, V, { first, count, n, d, scaled, causal, weights });
    const out = into ?? { weights: weights ? new Float32Array(count * n) : null, outputs: new Float32Array(count * d) };
    if (weights) copyGrid(this.#view('weights', count * n), out.weights, n, causal, !into, first);
    out.outputs.set(this.#view('outputs', count * d));
    return { weights: weights ? out.weights : null, outputs: out.outputs };
  }

  // One small call of each raw path (about 3 ms), so the kernel's functions are
  // compiled before the first real call. V8 compiles a wasm function only when
  // it is first called, with its baseline compiler, and moves hot ones to the
  // optimising tier in the background: without this, the first attendRaw at
  // n = 2048 ran its first ~10 ms in baseline code (plus compile pauses).
  warmUp() {
    const n = 64, d = 64, ones = new Float32Array(n * d).fill(0.5);
    this.attendRaw(ones, ones, ones, n, d, { causal: false, weights: true });
    this.attendRaw(ones, ones, ones, n, d, { causal: true, weights: false });
  }

  // Sizes the buffers, copies the band's queries and all keys and values in, runs the kernel.
  #run(Q, K, V, { first, count, n, d, scaled, causal, weights }) {
    this.#check(this.#k.resize(count, n, d, weights ? 1 : 0));
    // Views are made after the resize: the heap may have grown and detached old ones.
    this.#view('queries', count * d).set(count === n ? Q : Q.subarray(first * d, (first + count) * d));
    this.#view('keys', n * d).set(K);
    this.#view('values', n * d).set(V);
    this.#check(this.#k.runBand(first, count, n, d, (scaled ? SCALED : 0) | (causal ? CAUSAL : 0) | (weights ? WEIGHTS : 0)));
  }

  // A view of one of the kernel's buffers (never handed out: the memory may grow under it).
  #view(name, length) {
    return new Float32Array(this.#k.memory.buffer, this.#k.buffer(BUFFERS.indexOf(name)), length);
  }

  #check(ok) {
    if (!ok) throw new AttentionError(this.#text(this.#k.statusMessage()), this.#text(this.#k.statusCode()));
  }

  // The C string (UTF-8, ends at a zero byte) at `at` in the kernel's memory.
  #text(at) {
    const bytes = new Uint8Array(this.#k.memory.buffer, at);
    return utf8.decode(bytes.subarray(0, bytes.indexOf(0)));
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

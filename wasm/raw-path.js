// The raw path (attendRaw, attendRawRows): the public API's argument checks in front of the
// kernel runner (kernel-runner.js), which copies the inputs into the kernel's heap buffers in
// place, runs the kernel and copies the results out. Every argument a page may pass is checked
// here, before it touches the heap. Loaded with the kernel only (attention.js), so a page with
// the widget alone never downloads it.
import { AttentionError, checkFlag, checkSize, describe, readInput, typedArrayLength } from './checks.js';

/** The raw path over a started kernel runner (kernel-runner.js, createKernelRunner). */
export class RawPath {
  #runner;

  constructor(runner) {
    this.#runner = runner;
    this.variant = runner.variant;
  }

  // The caps, as the core has them (kernel_exports.cpp, attn_limit's order).
  limits() {
    const names = ['maxTokens', 'maxDim', 'maxRawTokens', 'maxStreamTokens', 'maxRawWork', 'maxEntry', 'maxLearningRate'];
    return Object.fromEntries(names.map((name, i) => [name, this.#runner.limit(i)]));
  }

  memoryStats() {
    return { heapBytes: this.#runner.memoryUse(0), mallocBytes: this.#runner.memoryUse(1) };
  }

  attendRaw(Q, K, V, n, d, options) {
    const { scaled, causal, weights, into } = readInput(() => readRawArguments(Q, K, V, n, d, options));
    return this.#runner.run(Q, K, V, { n, d, scaled, causal, weights }, into);
  }

  attendRawRows(Q, K, V, n, d, options) {
    const { first, count, scaled, causal, weights, into } = readInput(() => readBandArguments(Q, K, V, n, d, options));
    return this.#runner.run(Q, K, V, { n, d, first, count, scaled, causal, weights }, into);
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

/**
 * attendRaw()'s arguments, checked as attendRaw checks them, for a caller that runs the kernel
 * elsewhere (the worker pool, parallel.js): returns its options { scaled, causal, weights, into }
 * or throws the AttentionError attendRaw would.
 */
export function checkRawArguments(Q, K, V, n, d, options) {
  return readInput(() => readRawArguments(Q, K, V, n, d, options));
}

/** K and V alone (n x d each), checked as attendRaw checks them; throws its AttentionError. */
export function checkKeysValues(K, V, n, d) {
  readInput(() => readBuffers([['K', K], ['V', V]], n, d));
}

// attendRaw()'s arguments -> its options. Throws AttentionError on bad input.
function readRawArguments(Q, K, V, n, d, options = {}) {
  readBuffers([['Q', Q], ['K', K], ['V', V]], n, d);
  if (options === null || typeof options !== 'object')
    throw new AttentionError(`attendRaw: options must be an object (got ${describe(options)})`, 'invalid_argument');
  const { scaled = true, causal = false, weights = true, into } = options;
  checkFlag('attendRaw: scaled', scaled);
  checkFlag('attendRaw: causal', causal);
  checkFlag('attendRaw: weights', weights);
  return { scaled, causal, weights, into: into === undefined ? null : readInto(into, [Q, K, V], n, d, weights) };
}

// n and d, and each named buffer a Float32Array of n x d numbers. Throws AttentionError.
function readBuffers(buffers, n, d) {
  checkSize('n', n);
  checkSize('d', d);
  for (const [name, buf] of buffers) {
    if (!(buf instanceof Float32Array))
      throw new AttentionError(`attendRaw: ${name} must be a Float32Array (got ${describe(buf)})`, 'invalid_argument');
    const length = typedArrayLength.call(buf);
    if (length !== n * d)
      throw new AttentionError(
        `attendRaw: ${name} has ${length} numbers but n x d = ${n} x ${d} needs ${n * d}`, 'shape_mismatch');
  }
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

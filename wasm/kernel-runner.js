// The kernel runner: one instance of a kernel module (dist/attention-kernel*.mjs,
// wasm/kernel_exports.cpp) and the few things it needs from JavaScript: the memory it grows
// into, views of its buffers, one band of askers run, a failed status read back. It checks no
// arguments: the kernel itself refuses sizes it cannot run (n, d, the work, the memory) and
// non-finite numbers, with the core's own messages. Two users (docs/kernel.md, "Two
// modules"): the public raw path (raw-path.js), which checks every argument a page may pass
// before it gets here, and the scale lab (attention.js, loadKernelRunner), which passes only
// buffers it made itself.
import { AttentionError } from './checks.js';

const SCALED = 1, CAUSAL = 2, WEIGHTS = 4; // attn_run_band's flags
const QUERIES = 0, KEYS = 1, VALUES = 2, OUTPUTS = 3, WEIGHTS_GRID = 4; // attn_buffer's indices
const utf8 = new TextDecoder();

/**
 * Starts one kernel instance, warmed up. `createKernel`: a kernel module's default export
 * (scripts/kernel-module.mjs), which instantiates the wasm with the imports made here.
 */
export async function createKernelRunner(createKernel) {
  let memory;
  // The kernel's one import, emscripten_resize_heap: its workspace asks for more memory
  // (kernel_exports.cpp, Workspace).
  const { exports } = await createKernel({ env: { emscripten_resize_heap: (bytes) => growMemory(memory, bytes >>> 0) } });
  memory = exports.memory;
  exports.__wasm_call_ctors(); // the C++ start-up (empty today, but part of the module's contract)
  const runner = new KernelRunner(exports);
  runner.warmUp();
  return runner;
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

// The kernel's memory and its attn_* functions (kernel_exports.cpp).
class KernelRunner {
  #memory;
  #resize;        // attn_resize(count, n, d, weights): sizes the workspace for a band
  #buffer;        // attn_buffer(i): where buffer i (QUERIES ... WEIGHTS_GRID) starts
  #runBand;       // attn_run_band(first, count, n, d, flags)
  #statusCode;    // attn_status_code(), attn_status_message(): C strings of the last failure
  #statusMessage;

  constructor(exports) {
    this.#memory = exports.memory;
    this.#resize = exports.attn_resize;
    this.#buffer = exports.attn_buffer;
    this.#runBand = exports.attn_run_band;
    this.#statusCode = exports.attn_status_code;
    this.#statusMessage = exports.attn_status_message;
    /** attn_limit(i): cap i, 0 maxTokens ... 6 maxLearningRate (raw-path.js names them). */
    this.limit = exports.attn_limit;
    /** attn_memory(0): the memory's size in bytes; attn_memory(1): the workspace's. */
    this.memoryUse = exports.attn_memory;
  }

  /**
   * Askers first .. first + count - 1 (all n by default) of attention over Q, K, V (n x d
   * row-major Float32Arrays). Results go into `into` ({ weights, outputs }: count x n and
   * count x d) when given, else into fresh arrays; they are written only after the kernel
   * succeeded, so a failed call leaves them as they were. Returns { weights (null without
   * `weights`), outputs }. Throws the kernel's AttentionError.
   */
  run(Q, K, V, { n, d, first = 0, count = n, scaled = true, causal = false, weights = true }, into = null) {
    this.#check(this.#resize(count, n, d, weights ? 1 : 0));
    // Views are made after the resize: the heap may have grown and detached old ones.
    this.#view(QUERIES, count * d).set(count === n ? Q : Q.subarray(first * d, (first + count) * d));
    this.#view(KEYS, n * d).set(K);
    this.#view(VALUES, n * d).set(V);
    this.#check(this.#runBand(first, count, n, d, (scaled ? SCALED : 0) | (causal ? CAUSAL : 0) | (weights ? WEIGHTS : 0)));
    const out = into ?? { weights: weights ? new Float32Array(count * n) : null, outputs: new Float32Array(count * d) };
    if (weights) copyGrid(this.#view(WEIGHTS_GRID, count * n), out.weights, n, causal, !into, first);
    out.outputs.set(this.#view(OUTPUTS, count * d));
    return { weights: weights ? out.weights : null, outputs: out.outputs };
  }

  // One small call of each kind (about 3 ms), so the kernel's functions are
  // compiled before the first real call. V8 compiles a wasm function only when
  // it is first called, with its baseline compiler, and moves hot ones to the
  // optimising tier in the background: without this, the first call at
  // n = 2048 ran its first ~10 ms in baseline code (plus compile pauses).
  warmUp() {
    const n = 64, d = 64, ones = new Float32Array(n * d).fill(0.5);
    this.run(ones, ones, ones, { n, d });
    this.run(ones, ones, ones, { n, d, causal: true, weights: false });
  }

  // A view of one of the kernel's buffers (never handed out: the memory may grow under it).
  #view(which, length) {
    return new Float32Array(this.#memory.buffer, this.#buffer(which), length);
  }

  #check(ok) {
    if (!ok) throw new AttentionError(this.#text(this.#statusMessage()), this.#text(this.#statusCode()));
  }

  // The C string (UTF-8, ends at a zero byte) at `at` in the kernel's memory.
  #text(at) {
    const bytes = new Uint8Array(this.#memory.buffer, at);
    return utf8.decode(bytes.subarray(0, bytes.indexOf(0)));
  }
}

// The band's rows of the n x n grid out of the heap, row i of dst being asker first + i.
// Causal: row i copies only keys 0..first + i and zero-fills the rest (nothing when dst is
// fresh, hence already zero), which reads half the grid instead of all of it; the masked half
// is exactly 0 either way.
function copyGrid(src, dst, n, causal, dstIsZero, first) {
  if (!causal) {
    dst.set(src);
    return;
  }
  const rows = dst.length / n;
  for (let i = 0, row = 0; i < rows; i++, row += n) {
    const visible = first + i + 1;
    dst.set(src.subarray(row, row + visible), row);
    if (!dstIsZero) dst.fill(0, row + visible, row + n);
  }
}

// Types for wasm/attention.js, the JS API of the attention core.

/** Stable error codes: the core's, plus the JS edge's own. */
export type AttentionErrorCode =
  | 'empty' | 'shape_mismatch' | 'non_finite' | 'bad_temperature' | 'too_large'
  | 'invalid_argument' | 'load_failed';

export class AttentionError extends Error {
  readonly name: 'AttentionError';
  readonly code: AttentionErrorCode;
  constructor(message: string, code: AttentionErrorCode);
}

/** Rows of numbers, row-major: matrix[row][column]. */
export type Matrix = ArrayLike<number>[];

export interface AttendRequest {
  /** (n, d_model): one row per token. */
  embeddings: Matrix;
  /** (d_k, d_model): q = W_Q x, each row dotted with the embedding. */
  wq: Matrix;
  /** (d_k, d_model) */
  wk: Matrix;
  /** (d_v, d_model) */
  wv: Matrix;
  /** Divide scores by sqrt(d_k). Default false (the chapter's spine). */
  scaled?: boolean;
  /** Token i may not look at tokens after it. Default false. */
  causal?: boolean;
  /** Softmax temperature, > 0. Default 1. */
  temperature?: number;
}

export interface AttendResult {
  n: number;
  dK: number;
  dV: number;
  /** sqrt(d_k) * temperature when scaled, else temperature. */
  divisor: number;
  queries: number[][];      // (n, d_k)
  keys: number[][];         // (n, d_k)
  values: number[][];       // (n, d_v)
  /** Raw Q K^T; row i = asker i, column j = key j. */
  scores: number[][];       // (n, n)
  /** scores / divisor as fed to softmax; -Infinity where masked. */
  logits: number[][];       // (n, n)
  /** e^logit as the chapter prints it (may be Infinity for huge logits); 0 where masked. */
  exponentials: number[][]; // (n, n)
  expSums: number[];        // (n)
  /** Row softmax, computed stably; exactly 0 where masked. */
  weights: number[][];      // (n, n)
  outputs: number[][];      // (n, d_v)
}

export interface RawOptions {
  /** Divide by sqrt(d). Default true. */
  scaled?: boolean;
  causal?: boolean;
  /** Return the n x n grid. false: outputs only, memory O(n d). Default true. */
  weights?: boolean;
  /** The caller's own arrays to write the results into (no allocation per call); they are
   *  returned. weights (n x n) is needed unless weights is false; neither may share memory
   *  with Q, K, V or the other. Left untouched when the call throws. */
  into?: { weights?: Float32Array; outputs: Float32Array };
}

export interface RawResult {
  weights: Float32Array | null; // (n, n) row-major, or null
  outputs: Float32Array;        // (n, d) row-major
}

export interface Limits {
  maxTokens: number;       // attend(): n
  maxDim: number;          // any d
  maxRawTokens: number;    // attendRaw() with weights
  maxStreamTokens: number; // attendRaw() outputs only
}

export interface Attention {
  /** The build in use: 'relaxed' (fused multiply-add), 'simd' or 'scalar'. */
  readonly variant: CoreVariant;
  readonly limits: Limits;
  attend(request: AttendRequest): AttendResult;
  attendRaw(Q: Float32Array, K: Float32Array, V: Float32Array, n: number, d: number,
    options?: RawOptions): RawResult;
  /** Askers first .. first + count - 1 of attendRaw (Q, K, V whole): weights (count, n),
   *  outputs (count, d); `into` sized so. Bit for bit attendRaw's rows when first % 32 === 0. */
  attendRawRows(Q: Float32Array, K: Float32Array, V: Float32Array, n: number, d: number,
    options: RawOptions & { first: number; count: number }): RawResult;
  /** Heap use, for leak tests: wasm memory size (only grows), bytes malloc has handed out,
   *  JS values the C++ side still holds. */
  memoryStats(): { heapBytes: number; mallocBytes: number; valHandles: number };
}

export type CoreVariant = 'relaxed' | 'simd' | 'scalar';
export function hasWasmSimd(): boolean;
/** Whether the engine validates f32x4.relaxed_madd (Chromium; node with --experimental-wasm-relaxed-simd). */
export function hasRelaxedSimd(): boolean;
/** The builds this engine can run, fastest first. */
export function usableVariants(): CoreVariant[];
/**
 * Loads the core once per page (per variant): by default the fastest build that
 * validates, falling back to the next; `variant` asks for one build; `simd: false`
 * is 'scalar', `simd: true` is 'simd'.
 */
export function loadAttention(options?: { variant?: CoreVariant; simd?: boolean }): Promise<Attention>;

// Types for wasm/attention.js, the JS API of the attention core.

/** Stable error codes: the core's, plus the JS edge's own. */
export type AttentionErrorCode =
  | 'empty' | 'shape_mismatch' | 'non_finite' | 'bad_temperature' | 'too_large'
  | 'invalid_argument' | 'load_failed'
  | 'bad_learning_rate' | 'diverged'
  | 'closed'; // a call to an AttentionPool after close() (wasm/parallel.js)

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
  maxRawWork: number;      // attendRaw(): n * n * d, the work of one call
  maxEntry: number;        // trainStep(): every grid entry stays within ±maxEntry (1000)
  maxLearningRate: number; // trainStep(): learningRate in (0, maxLearningRate] (100)
}

// ---- training (docs/training.md) ----

/** dloss/d(what attend() computes), for gradients(). A missing one is all zeros. */
export interface Upstream {
  weights?: Matrix;  // (n, n)
  outputs?: Matrix;  // (n, d_v)
  /** Added after the softmax's own gradient; ignored where masked. */
  logits?: Matrix;   // (n, n)
}

export interface GradientsResult {
  embeddings: number[][]; // (n, d_model)
  wq: number[][];         // (d_k, d_model)
  wk: number[][];         // (d_k, d_model)
  wv: number[][];         // (d_v, d_model)
}

export interface GridSet {
  wq: number[][];
  wk: number[][];
  wv: number[][];
}

/** One sentence of a goal and what the goal wants of it (token indices from 0). */
export interface GoalExample {
  embeddings: Matrix;
  /** loss −log weights(asker, key): the asker should give its attention to key. */
  shares?: { asker: number; key: number }[];
  /** loss |outputs(asker) − point|²: the asker's output should land on point (d_v numbers). */
  blends?: { asker: number; point: ArrayLike<number> }[];
}

export interface GoalRequest {
  wq: Matrix;
  wk: Matrix;
  wv: Matrix;
  examples: GoalExample[];
  scaled?: boolean;
  causal?: boolean;
  temperature?: number;
  /** The grids a run started from: the result then carries `moved` = grids − origin. */
  origin?: { wq: Matrix; wk: Matrix; wv: Matrix };
}

export interface TrainStepRequest extends GoalRequest {
  learningRate: number;
  /** Which grids the step may change (the freeze switches). Default all true. */
  train?: { wq?: boolean; wk?: boolean; wv?: boolean };
}

export interface TrainStepResult extends GridSet {
  /** The goal's loss (mean over its targets) before and after the step. */
  lossBefore: number;
  loss: number;
  /** The gradient the step used, and the one at the new grids. */
  gradientsBefore: GridSet;
  gradients: GridSet;
  /** Each share target's asker's row of weights at the new grids (targets in order). */
  rows: number[][];
  /** New grids − origin, when the request gave an origin. */
  moved?: GridSet;
}

/** One layer of a stack: W_Q, W_K (d_k, d_model) and W_V (d_model, d_model), so h + outputs adds up. */
export interface StackLayer {
  wq: Matrix;
  wk: Matrix;
  wv: Matrix;
}

/**
 * A goal on a stack of layers, h_{l+1} = h_l + attend(h_l; layer l).outputs: share targets
 * read the last layer's weights; blend targets the words' final vectors (d_model numbers).
 * One pass over the sentences is capped (too_large) like trainStep's.
 */
export interface StackGoalRequest {
  layers: StackLayer[];
  examples: GoalExample[];
  scaled?: boolean;
  causal?: boolean;
  temperature?: number;
  /** The layers a run started from: the result then carries `moved`, layer by layer. */
  origin?: StackLayer[];
}

export interface StackStepRequest extends StackGoalRequest {
  learningRate: number;
  /** Which grids the step may change, in every layer. Default all true. */
  train?: { wq?: boolean; wk?: boolean; wv?: boolean };
}

export interface StackStepResult {
  layers: GridSet[];
  lossBefore: number;
  loss: number;
  gradientsBefore: GridSet[];
  gradients: GridSet[];
  /** Each share target's asker's row of the last layer's weights, after the step (targets in order). */
  rows: number[][];
  moved?: GridSet[];
}

/** One layer's attend() trace in a stack, with the vectors it read (`inputs`, h_l). */
export interface StackLayerTrace {
  inputs: number[][];
  queries: number[][];
  keys: number[][];
  values: number[][];
  scores: number[][];
  logits: number[][];
  weights: number[][];
  outputs: number[][];
  divisor: number;
}

export interface Attention {
  /** The kernel build behind attendRaw: 'relaxed' (fused multiply-add), 'simd' or 'scalar';
   *  null when loaded with { path: 'teaching' }. */
  readonly variant: CoreVariant | null;
  readonly limits: Limits;
  attend(request: AttendRequest): AttendResult;
  attendRaw(Q: Float32Array, K: Float32Array, V: Float32Array, n: number, d: number,
    options?: RawOptions): RawResult;
  /** dloss/d{embeddings, wq, wk, wv} for a loss with the given upstream gradients. */
  gradients(request: AttendRequest & { upstream?: Upstream }): GradientsResult;
  /** A goal's loss at these grids and its gradient. */
  evaluateGoal(request: GoalRequest): { loss: number; gradients: GridSet; rows: number[][]; moved?: GridSet };
  /** One step of plain gradient descent; throws (bad_learning_rate, diverged, ...) with nothing moved. */
  trainStep(request: TrainStepRequest): TrainStepResult;
  /** A seeded random grid, the same everywhere: entries in [−scale, scale] with two decimals. */
  randomGrid(rows: number, cols: number, options?: { seed?: number; scale?: number }): number[][];
  /** The stack's forward pass on one sentence (training build). */
  stackForward(request: { layers: StackLayer[]; embeddings: Matrix; scaled?: boolean; causal?: boolean;
    temperature?: number }): { layers: StackLayerTrace[]; stream: number[][] };
  /** A goal's loss on a stack and every layer's gradient (training build). */
  evaluateStack(request: StackGoalRequest): { loss: number; gradients: GridSet[]; rows: number[][]; moved?: GridSet[] };
  /** One step of plain gradient descent on every layer; throws (bad_learning_rate, diverged, too_large, ...)
   *  with nothing moved (training build). */
  stackStep(request: StackStepRequest): StackStepResult;
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
/** Which of the core's two modules to load: both (the default), the teaching core only
 *  (attend(); what the widget loads) or the kernel only (attendRaw). */
export type CorePath = 'both' | 'teaching' | 'raw';
/** @internal The scale lab's kernel runner (wasm/kernel-runner.js): no argument checks. */
export interface KernelRunner {
  readonly variant: CoreVariant;
  limits(): Limits;
  memoryStats(): { heapBytes: number; mallocBytes: number };
  run(Q: Float32Array, K: Float32Array, V: Float32Array,
    band: { n: number; d: number; first?: number; count?: number; scaled?: boolean; causal?: boolean; weights?: boolean },
    into?: { weights?: Float32Array; outputs: Float32Array } | null): RawResult;
}
/** @internal The scale lab's entry, not part of the API (may change): the kernel runner alone,
 *  for buffers the caller made itself; loadAttention({ path: 'raw' }) is the checked raw path. */
export function loadKernelRunner(variant?: CoreVariant | 'best'): Promise<KernelRunner>;
/**
 * Loads the core once per page (per module and kernel build). `path` picks the modules; a method
 * of a module not loaded throws `unsupported`. The kernel: by default the fastest build that
 * validates, falling back to the next; `variant` asks for one build; `simd: false` is 'scalar',
 * `simd: true` is 'simd'. `training: true` loads the training build of the teaching core
 * (gradients, evaluateGoal, trainStep, randomGrid work only there; not with path 'raw').
 * Never throws: bad options reject with `invalid_argument`; a core that cannot load rejects with
 * `load_failed`, a message naming the cause (the page's CSP, no WebAssembly, the module file
 * missing) and the original error as `cause`.
 */
export function loadAttention(options?: { path?: CorePath; variant?: CoreVariant; simd?: boolean; training?: boolean }): Promise<Attention>;

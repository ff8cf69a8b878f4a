// Types for wasm/heads.js: the heads lab's model (a tiny attention-only
// language model trained in WebAssembly). See docs/heads.md.

export declare class HeadsError extends Error {
  readonly code: 'bad_hyper_parameter' | 'bad_argument' | 'load_failed' | string;
}

export interface HeadsConfig {
  /** Number of heads, 1 to 4. Default 2. */
  heads?: number;
  /** Width of embeddings and the residual stream, 1 to 64. Default 24. */
  dModel?: number;
  /** Width of each head's queries, keys and values, 1 to 32. Default 4. */
  dHead?: number;
  /** Sentences per training step, 1 to 256. Default 32. */
  batch?: number;
  /** Adam step size, above 0 and at most 1. Default 0.03. */
  learningRate?: number;
  /** Whole number 0 to 2^32 - 1: the corpus split, initial weights, batch order. Default 1. */
  seed?: number;
}

export declare const DEFAULT_CONFIG: Readonly<Required<HeadsConfig>>;

export type HeadJob = 'previous-word' | 'first-noun' | 'none';

/** What each row of a sentence is; every sentence has each exactly once. */
export type RowRole = 'first-word' | 'adjective' | 'first-noun' | 'first-comma' | 'seeing' | 'second-the' | 'seen'
  | 'verb-comma' | 'verb';

export interface HeadReport {
  /** Mean weight on the previous word at the rows of each role (every role but the first word), over held-out sentences. */
  previousByRole: Record<Exclude<RowRole, 'first-word'>, number>;
  /** Mean weight on the previous word over every row that has one. */
  previousShare: number;
  /** Mean weight on the sentence's first noun from the comma before the verb. */
  nounShare: number;
  nounShareSingular: number;
  nounSharePlural: number;
  /** Held-out loss with this head's output zeroed. */
  ablatedLoss: number;
  /** ablatedLoss minus the held-out loss: what zeroing this head costs. */
  cost: number;
  /** Zeroing it costs the needed threshold or more. */
  needed: boolean;
  /** The job its attention does ('none': neither), needed or not. */
  job: HeadJob;
  /** Where the job holds (the rows of these roles). */
  jobRoles: RowRole[];
  /** The job's share over the rows of jobRoles. */
  jobShare: number;
}

export interface Measurement {
  heldOutLoss: number;
  /** Held-out loss with the heads asked for zeroed (heldOutLoss when none). */
  zeroedLoss: number;
  heldOutSentences: number;
  heads: HeadReport[];
}

/** Heads to zero (0-based) in what the model shows; training is not affected. */
export interface Zeroing {
  zeroed?: number[];
}

export interface SentenceView {
  words: string[];
  /** weights[h][i][j]: head h, asker i, key j; exactly 0 for j > i. */
  weights: number[][][];
  jobRow: number;
  firstNoun: number;
  guesses: { word: string; probability: number }[];
}

export interface Lab {
  readonly config: Readonly<Required<HeadsConfig>>;
  reset(config?: HeadsConfig): void;
  train(steps: number): { trainLoss: number; steps: number };
  measure(options?: Zeroing): Measurement;
  sentence(index?: number, k?: number, options?: Zeroing): SentenceView;
  parameters(): Float64Array;
  setParameters(values: Float64Array): void;
  lossAndGradient(sentences: number): { loss: number; gradient: Float64Array };
  dispose(): void;
}

export interface HeadsCore {
  readonly limits: Readonly<{
    maxHeads: number; maxModelDim: number; maxHeadDim: number;
    maxBatch: number; maxStepsPerCall: number; maxLearningRate: number;
  }>;
  /** The labels' thresholds (docs/heads.md), applied to the two-decimal numbers a label prints. */
  readonly thresholds: Readonly<{ previous: number; noun: number; nounOverall: number; needed: number }>;
  readonly vocabulary: readonly string[];
  readonly roles: readonly RowRole[];
  readonly sentenceLength: number;
  createLab(config?: HeadsConfig): Lab;
}

export declare function loadHeads(): Promise<HeadsCore>;

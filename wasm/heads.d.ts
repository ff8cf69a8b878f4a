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

export interface HeadReport {
  /** Mean weight on the previous word from the job row, over held-out sentences. */
  previousShare: number;
  /** Mean weight on the sentence's first noun from the job row. */
  nounShare: number;
  nounShareSingular: number;
  nounSharePlural: number;
  /** Held-out loss with this head's output zeroed. */
  ablatedLoss: number;
  job: HeadJob;
}

export interface Measurement {
  heldOutLoss: number;
  heldOutSentences: number;
  heads: HeadReport[];
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
  measure(): Measurement;
  sentence(index?: number, k?: number): SentenceView;
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
  readonly vocabulary: readonly string[];
  readonly sentenceLength: number;
  createLab(config?: HeadsConfig): Lab;
}

export declare function loadHeads(): Promise<HeadsCore>;

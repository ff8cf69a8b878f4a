import type { RawOptions, RawResult } from './attention.js';

/** At most this many workers in a pool. */
export const MAX_POOL_WORKERS: number;

/** Bands of rows for `parts` workers: each starts on a multiple of `unit` (32); causal balances work. */
export function splitBands(n: number, parts: number, options?: { unit?: number; causal?: boolean }):
  { first: number; count: number }[];

export interface AttentionPool {
  /** How many workers compute (0: the page's own thread). */
  readonly workerCount: number;
  /** Sends K and V (n x d each) to every worker once; they stay there for later calls. Refused as attendRaw refuses them. */
  setKeysValues(K: Float32Array, V: Float32Array, n: number, d: number): Promise<void>;
  /** Attention for Q (n x d) against the K and V set last: bit for bit attendRaw's numbers, and its errors. */
  attendRaw(Q: Float32Array, options?: RawOptions): Promise<RawResult>;
  /** Stops the workers: every later call rejects with an AttentionError of code 'closed'. */
  close(): void;
}

/** attendRaw across module workers (one per core, at most 4); the page's thread where none can start. */
export function createAttentionPool(options?: { workers?: number; createWorker?: () => Worker }): AttentionPool;

// The live numbers beside the heat map. Entries and memory follow from n and
// d_k alone, so they update the moment a slider moves; time and GFLOP/s wait
// for the measurement of exactly those settings.

import { entriesSentence, formatCount, formatGflops, formatMB, formatMs } from './format.js';
import { setText } from '../../shared/dom.js';

const FLOAT_BYTES = 4;

// The core's builds (wasm/attention.js variants) as the readout names them.
const BUILD_NAMES = { relaxed: 'relaxed SIMD (fused multiply-add)', simd: 'SIMD', scalar: 'scalar' };

/** Bytes held by one run: the n x n weights grid, and Q, K, V, outputs (n x d each). */
export function memoryBytes(n, d) {
  return { weights: n * n * FLOAT_BYTES, vectors: 4 * n * d * FLOAT_BYTES };
}

/** FLOPs counted as 4 n^2 d (two n x n x d products, two FLOPs per multiply-add). */
export function flopCount(n, d) {
  return 4 * n * n * d;
}

/** Sets the text of the lab's readout `name` (its data-readout), only when it changed. */
export function set(root, name, text) {
  setText(root.querySelector(`[data-readout="${name}"]`), text);
}

/** Entries and memory for the current settings. */
export function showSizes(root, n, d) {
  const { weights, vectors } = memoryBytes(n, d);
  set(root, 'entries', entriesSentence(n));
  set(root, 'entries-count', formatCount(n * n));
  set(root, 'memory', formatMB(weights + vectors));
  set(root, 'memory-detail', `weights ${formatMB(weights)} + Q, K, V, outputs ${formatMB(vectors)}`);
}

/** Time and speed of one measurement, or placeholders while it runs. */
export function showTiming(root, result, mode) {
  if (!result) {
    set(root, 'time', 'computing\u2026');
    set(root, 'gflops', '\u2026');
    return;
  }
  const where = mode === 'main' ? 'page thread' : result.workers > 1 ? `${result.workers} workers at once` : 'worker';
  set(root, 'time', formatMs(result.ms));
  set(root, 'gflops', formatGflops(flopCount(result.n, result.dk), result.ms));
  set(root, 'where', `${where}, wasm ${BUILD_NAMES[result.variant] ?? result.variant}` +
    (result.reps > 1 ? `, mean of ${formatCount(result.reps)} runs` : ''));
}

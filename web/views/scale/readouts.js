// The live numbers beside the heat map. Entries and memory follow from n and
// d_k alone, so they update the moment a slider moves; time and GFLOP/s wait
// for the measurement of exactly those settings.

import { entriesSentence, formatCount, formatGflops, formatMB, formatMs } from './format.js';
import { setText } from '../../shared/dom.js';
import { t } from './words.js';

const FLOAT_BYTES = 4;

// The core's builds (wasm/attention.js variants) as the readout names them (scale.build.*).
const BUILDS = ['relaxed', 'simd', 'scalar'];

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
  set(root, 'memory-detail', t('scale.memoryDetail', { weights: formatMB(weights), vectors: formatMB(vectors) }));
}

/** Time and speed of one measurement, or placeholders while it runs. */
export function showTiming(root, result, mode) {
  if (!result) {
    set(root, 'time', t('scale.computingShort'));
    set(root, 'gflops', '\u2026');
    return;
  }
  const where = mode === 'main' ? t('scale.wherePage')
    : result.workers > 1 ? t('scale.whereWorkers', { count: formatCount(result.workers) }) : t('scale.whereWorker');
  const build = BUILDS.includes(result.variant) ? t(`scale.build.${result.variant}`) : result.variant;
  set(root, 'time', formatMs(result.ms));
  set(root, 'gflops', formatGflops(flopCount(result.n, result.dk), result.ms));
  set(root, 'where', t(result.reps > 1 ? 'scale.whereMean' : 'scale.where', { where, build, reps: formatCount(result.reps) }));
}

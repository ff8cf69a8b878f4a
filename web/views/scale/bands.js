// Row bands: how the scale lab splits one grid across several workers, and
// how their results are put back together. Pure functions, shared by the page
// side (client.js) and the tests.

import { blockLayout } from './downsample.js';
import { splitBands } from '../../../wasm/row-bands.js';

/**
 * Splits the n askers into at most `parts` bands for parallel workers: each
 * starts on a multiple of 32 (so the core computes exactly what one call
 * would) and of the heat map's block (so each pixel's mean is one worker's),
 * and each holds about the same share of the work as those edges allow
 * (splitBands: the causal mask moves the boundaries). Returns [{ first, count }].
 */
export function splitRows(n, parts, maxPixels, causal = false) {
  const { block } = blockLayout(n, maxPixels);
  return splitBands(n, parts, { unit: lcm(32, block), causal });
}

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));
const lcm = (a, b) => (a / gcd(a, b)) * b;

/**
 * The bands' results put together: the whole grid's result, as computeGrid
 * without a band would give it (the same means, bit for bit). The time is the
 * slowest band's: the bands run at the same time, one per worker.
 */
export function mergeBands(parts) {
  parts = [...parts].sort((a, b) => a.band.first - b.band.first);
  const [head] = parts;
  const p = head.pixels;
  const means = new Float32Array(p * p);
  let max = 0, ms = 0, reps = Infinity;
  for (const part of parts) {
    means.set(part.means, (part.band.first / head.block) * p);
    max = Math.max(max, part.max);
    ms = Math.max(ms, part.ms);
    reps = Math.min(reps, part.reps);
  }
  return { ...head, means, max, ms, reps, band: null, workers: parts.length };
}

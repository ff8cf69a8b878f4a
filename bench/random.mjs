// The benchmarks' seeded inputs, drawn with the scale lab's own generator (mulberry32 with
// Box–Muller normals, web/views/scale/inputs.js): one generator for the product and its
// benchmarks, the same stream for a seed in node and in the browser (bench/browser-page.mjs
// imports this file too), so two runs, or the two sides of an A/B run, time the same numbers.
import { fillGaussian, mulberry32 } from '../web/views/scale/inputs.js';

export { mulberry32 };

/** Q, K, V: (n, d) row-major Float32Arrays of N(0, 1) draws, so the scores ÷ √d have unit variance. */
export function randomInputs(n, d, seed) {
  const next = mulberry32(seed);
  const make = () => fillGaussian(new Float32Array(n * d), next);
  return { Q: make(), K: make(), V: make() };
}

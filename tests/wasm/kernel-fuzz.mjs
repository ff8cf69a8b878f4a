// A differential fuzz of the fast kernel as shipped: the built wasm modules
// (SIMD and scalar) through attendRaw(), against textbook attention in double
// (kernel-reference.mjs). The native fuzzers (tests/fuzz/) exercise the C++
// kernel on SSE; this one reaches the wasm SIMD code and the JS edge around
// it: the copy in, the causal copy-out that writes the masked zeros on the JS
// side, `into` arrays holding stale numbers, and one workspace carried from
// call to call, so every case runs after a random other one.
//
// Each case picks n, d (biased towards the kernel's block edges), the flags,
// a score spread, the outputs-only path or the grid, and `into` or fresh
// arrays, all from one seeded generator: a failure names its seed and case,
// and `runKernelFuzz({ seed, cases })` repeats it exactly.
import { mulberry32 } from '../../web/views/scale/inputs.js';
import { assertOutputsClose, assertWeightsClose, loadBuilds, normals, reference, testedVariants } from './kernel-reference.mjs';

// Sizes near the quad (4), panel (32) and key-block (up to 64) edges, and a few others.
const EDGES = [1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 63, 64, 65, 96, 127, 128, 129];

/**
 * Runs cases until `cases` are done or `seconds` have passed; throws on the first mismatch.
 * @returns {{ cases: number, byBuild: Record<string, number> }}
 */
export async function runKernelFuzz({ seed = 1, cases = Infinity, seconds = Infinity, maxN = 160, variants = testedVariants() } = {}) {
  const builds = await loadBuilds(variants);
  const random = mulberry32(seed);
  const pick = (items) => items[Math.floor(random() * items.length)];
  const size = (max) => Math.min(max, random() < 0.6 ? pick(EDGES) : 1 + Math.floor(random() * max));
  const deadline = performance.now() + seconds * 1000;
  const byBuild = Object.fromEntries(variants.map((v) => [v, 0]));
  let done = 0;
  for (; done < cases && performance.now() < deadline; done++) {
    // Mostly the first (fastest) build, a quarter of the cases the others.
    const variant = variants.length === 1 || random() < 0.75 ? variants[0] : variants[1 + Math.floor(random() * (variants.length - 1))];
    const n = size(maxN), d = size(140);
    const options = { scaled: random() < 0.5, causal: random() < 0.5, weights: random() < 0.8 };
    // Score spread from 0.25 to 2 standard deviations (peaky and flat rows), seeded per case.
    const spread = 0.25 + 1.75 * random();
    const caseSeed = Math.floor(random() * 2 ** 31);
    const x = fuzzInputs(n, d, spread, options.scaled, caseSeed);
    const where = `kernel fuzz seed ${seed} case ${done}: ${variant} n=${n} d=${d} ${JSON.stringify(options)} spread=${spread.toFixed(2)}`;
    const into = random() < 0.5 ? staleArrays(n, d, options.weights, random) : undefined;
    const got = builds[variant].attendRaw(x.Q, x.K, x.V, n, d, { ...options, into });
    const want = reference(x, options);
    if (options.weights) assertWeightsClose(got.weights, want.weights, where);
    else if (got.weights !== null) throw new Error(`${where}: outputs-only returned a grid`);
    assertOutputsClose(got.outputs, want, x, where);
    if (into && (got.outputs !== into.outputs || (options.weights && got.weights !== into.weights)))
      throw new Error(`${where}: the result is not the caller's own arrays`);
    byBuild[variant] += 1;
  }
  return { cases: done, byBuild };
}

// Q and K scaled so the scores the kernel softmaxes have standard deviation `spread`.
function fuzzInputs(n, d, spread, scaled, seed) {
  const perEntry = Math.sqrt(spread) * (scaled ? 1 : d ** -0.25);
  return { n, d, Q: normals(n * d, perEntry, seed), K: normals(n * d, perEntry, seed + 1), V: normals(n * d, 1, seed + 2) };
}

// The caller's arrays, full of what an earlier use left there (including NaN), to be overwritten.
function staleArrays(n, d, withWeights, random) {
  const stale = () => (random() < 0.1 ? NaN : random() * 10 - 5);
  return {
    weights: withWeights ? Float32Array.from({ length: n * n }, stale) : undefined,
    outputs: Float32Array.from({ length: n * d }, stale),
  };
}

// The benchmarks' one random generator: mulberry32, a small 32-bit generator that gives the same
// stream for a seed in node and in the browser (bench/browser-page.mjs imports this file too), and
// normal draws from it by Box–Muller. Inputs made from a seed are the same on every machine, so two
// runs (or the two sides of an A/B run) time the same numbers.
//
//   const random = createRandom(1);
//   random.uniform();  // 0.6270739, 0.0027357, 0.5274470, ... in [0, 1)
//   createRandom(1).normal();  // 1.4043388, 0.0241416, 1.2157546, ... (both halves of a pair used)
//
// (Another copy of this generator is planned for the tests' fixtures; bench/ keeps its own until
// the two are one module.)

/** { uniform() in [0, 1), normal() ~ N(0, 1) } from a 32-bit seed. */
export function createRandom(seed) {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let spare = null;
  const normal = () => {
    if (spare !== null) {
      const x = spare;
      spare = null;
      return x;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform())); // 1 - u: never log(0)
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  return { uniform, normal };
}

/** Q, K, V: (n, d) row-major Float32Arrays of N(0, 1) draws, so the scores ÷ √d have unit variance. */
export function randomInputs(n, d, seed) {
  const { normal } = createRandom(seed);
  const make = () => Float32Array.from({ length: n * d }, normal);
  return { Q: make(), K: make(), V: make() };
}

// Seeded inputs for the scale lab: Q, K, V as n x d row-major Float32Arrays,
// reproducible from a seed so a learner (and a test) sees the same grid twice.
//
//   random    every entry an independent draw with mean 0, variance 1 (the
//             thermostat's assumption: unit-variance q and k)
//   local     nearby tokens match: q_i . k_j is about d * exp(-(i - j)^2 / (2 L^2)), L = max(2, n / 16)
//   previous  each token's query matches the key one position back

export const INPUTS = Object.freeze(['random', 'local', 'previous']);

/** A small, fast 32-bit PRNG (mulberry32): same seed, same stream, everywhere. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fills `out` with standard normal draws (Box-Muller, both halves used). */
export function fillGaussian(out, rand) {
  for (let i = 0; i < out.length; i += 2) {
    const u = 1 - rand(); // in (0, 1]: log(u) is finite
    const radius = Math.sqrt(-2 * Math.log(u));
    const angle = 2 * Math.PI * rand();
    out[i] = radius * Math.cos(angle);
    if (i + 1 < out.length) out[i + 1] = radius * Math.sin(angle);
  }
  return out;
}

// Pattern shapes: width L in tokens, and how far back each query looks. The
// local band widens with n (1/16 of the context, at least 2 tokens) so it stays
// visible when a 4096-token grid is averaged down to 512 pixels.
const PATTERNS = {
  local: { width: (n) => Math.max(2, n / 16), shift: 0 },
  previous: { width: () => 0.6, shift: 1 },
};

/**
 * Q, K, V (each n x d row-major) for one input kind and seed.
 * Q and K come from separate draws; V is always unit-variance noise (it does not
 * change the weights, only the outputs).
 */
export function makeInputs({ n, d, input = 'random', seed = 1 }) {
  const rand = mulberry32(seed);
  const size = n * d;
  let Q, K;
  if (input === 'random') {
    Q = fillGaussian(new Float32Array(size), rand);
    K = fillGaussian(new Float32Array(size), rand);
  } else if (Object.hasOwn(PATTERNS, input)) { // own names only: not "constructor" or "__proto__"
    ({ Q, K } = positionalPair(n, d, PATTERNS[input], rand));
  } else {
    throw new Error(`unknown input "${input}"; use one of ${INPUTS.join(', ')}`);
  }
  const V = fillGaussian(new Float32Array(size), rand);
  return { Q, K, V };
}

// Random Fourier features of a Gaussian bump: with frequencies w ~ N(0, 1/L^2),
// features(a) . features(b) = sum over pairs of 2 cos(w (a - b)), whose expected
// value is d * exp(-(a - b)^2 / (2 L^2)). Every entry has variance about 1, like
// the random input, so the thermostat's story holds here too.
function positionalPair(n, d, { width, shift }, rand) {
  const L = width(n);
  const freqs = fillGaussian(new Float32Array(Math.ceil(d / 2)), rand).map((z) => z / L);
  const phase = 2 * Math.PI * rand(); // used by the lone last entry when d is odd
  const Q = new Float32Array(n * d);
  const K = new Float32Array(n * d);
  for (let i = 0; i < n; i++) {
    writeFeatures(Q, i * d, d, i - shift, freqs, phase);
    writeFeatures(K, i * d, d, i, freqs, phase);
  }
  return { Q, K };
}

function writeFeatures(out, offset, d, position, freqs, phase) {
  for (let c = 0; c < d; c++) {
    const w = freqs[c >> 1];
    const angle = w * position + (c === d - 1 && d % 2 === 1 ? phase : 0);
    out[offset + c] = Math.SQRT2 * (c % 2 === 0 ? Math.cos(angle) : Math.sin(angle));
  }
}

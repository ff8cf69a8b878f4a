// The paired A/B rounds of two kernel builds (bench/kernel-ab.mjs in node,
// bench/kernel-ab-browser.mjs in Chromium): plain JS, no node or DOM API, so the
// same loop runs in both.
//
// Cases: n = 512, 1024, 2048, d = 64, full and causal, with the weights grid and
// outputs only, each build with its own `into` arrays, reused. Before timing, both
// builds' results must be bit for bit the same. Each round times A then B, or B then
// A (alternating), each the median of a few calls, and keeps the ratio new / old.
import { median, quartiles } from './stats.mjs';
import { mulberry32 } from '../web/views/scale/inputs.js';

/**
 * A kernel module's raw path, from the raw-path.js that goes with it. Since the kernel has its own
 * loader (scripts/kernel-module.mjs), createRawPath is async and takes the module's factory; before,
 * it took the module emcc's factory had started.
 */
export async function startRawPath(createRawPath, create) {
  if (createRawPath.constructor.name === 'AsyncFunction') return createRawPath(create);
  return createRawPath(await create({ printErr: () => {} }));
}

// The case sets: 'main', sizes a multiple of 4 (every asker in a quad of four, keys in
// pairs, d in whole vectors); 'big', main's largest alone (more rounds in the same time,
// for differences of a percent or two); 'odd', the sizes that are not a multiple of 4: a
// band's last 1-3 askers, an odd last key and a d % 4 tail, the kernel's edges.
const SIZES = {
  main: [[512, 64], [1024, 64], [2048, 64]],
  big: [[2048, 64]],
  odd: [[1021, 64], [2047, 64], [1024, 63], [2048, 65]],
};

export function abCases(set = 'main') {
  if (!SIZES[set]) throw new Error(`unknown case set ${set}: ${Object.keys(SIZES).join(', ')}`);
  const out = [];
  for (const [n, d] of SIZES[set])
    for (const causal of [false, true])
      for (const weights of [true, false]) out.push({ n, d, causal, weights });
  return out;
}

export const abLabel = ({ n, d, causal, weights }) =>
  `n=${n} d=${d} ${causal ? 'causal' : 'full  '} ${weights ? 'P and O' : 'O only '}`;

function inputs(n, d, seed) {
  const uniform = mulberry32(seed);
  const make = () => Float32Array.from({ length: n * d }, () => 2 * uniform() - 1);
  return { Q: make(), K: make(), V: make() };
}

function caller(path, { n, d, causal, weights }, { Q, K, V }) {
  const into = { weights: weights ? new Float32Array(n * n) : null, outputs: new Float32Array(n * d) };
  return () => path.attendRaw(Q, K, V, n, d, { causal, weights, into });
}

function sameBits(a, b) {
  if (a === null || b === null) return a === b;
  const x = new Uint32Array(a.buffer, a.byteOffset, a.length), y = new Uint32Array(b.buffer, b.byteOffset, b.length);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

function timeCalls(call, calls) {
  const times = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    call();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * Paired rounds of raw paths a (old) and b (new) on every case of a set (abCases); one
 * line of text per case. Throws if the two give different numbers.
 */
export function abRounds(a, b, rounds, set = 'main') {
  const lines = [];
  for (const c of abCases(set)) {
    const data = inputs(c.n, c.d, 7 + c.n);
    const [ca, cb] = [caller(a, c, data), caller(b, c, data)];
    const [ra, rb] = [ca(), cb()];
    if (!sameBits(ra.outputs, rb.outputs) || !sameBits(ra.weights, rb.weights))
      throw new Error(`${abLabel(c)}: the two builds give different numbers`);
    const calls = c.n <= 512 ? 9 : c.n <= 1024 ? 5 : 3;
    for (let i = 0; i < 2; i++) timeCalls(ca, calls), timeCalls(cb, calls); // warm both
    const ratios = [], ta = [], tb = [];
    for (let r = 0; r < rounds; r++) {
      const aFirst = r % 2 === 0;
      const x = aFirst ? timeCalls(ca, calls) : 0, y = timeCalls(cb, calls), z = aFirst ? 0 : timeCalls(ca, calls);
      const old = aFirst ? x : z;
      ta.push(old), tb.push(y), ratios.push(y / old);
    }
    const [q1, q3] = quartiles(ratios);
    lines.push(`  ${abLabel(c)}: old ${median(ta).toFixed(2)} ms, new ${median(tb).toFixed(2)} ms, `
      + `new/old median ${median(ratios).toFixed(3)} (middle half ${q1.toFixed(3)}–${q3.toFixed(3)})`);
  }
  return lines;
}

// The practical wasm SIMD ceilings on this machine: a tight loop of f32x4.mul
// and f32x4.add on register-resident data (plain wasm SIMD has no FMA, so a
// multiply and an add are two instructions, 8 flops for 4 lanes), and, for
// the relaxed-SIMD build, a loop of f32x4.relaxed_madd (one instruction, 8
// flops; it needs an engine with relaxed SIMD: Chromium, or node with
// --experimental-wasm-relaxed-simd). Independent chains hide the latencies; with too many chains
// V8 (16 SIMD registers on x86-64) spills, so several chain counts are tried
// and the best is the ceiling. The module is assembled here byte by byte, so
// what is timed is exactly this loop, whatever any compiler would make of it.

import { median } from './rounds.mjs';

const u8 = (...bytes) => bytes;
function uleb(n) {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const section = (id, body) => [id, ...uleb(body.length), ...body];
const vec = (items) => [...uleb(items.length), ...items.flat()];

const SIMD = 0xfd;
const op = {
  localGet: (i) => [0x20, ...uleb(i)],
  localSet: (i) => [0x21, ...uleb(i)],
  localTee: (i) => [0x22, ...uleb(i)],
  v128Const: (f) => [SIMD, 0x0c, ...new Uint8Array(new Float32Array([f, f, f, f]).buffer)],
  f32x4Add: [SIMD, ...uleb(228)],
  f32x4Mul: [SIMD, ...uleb(230)],
  f32x4RelaxedMadd: [SIMD, ...uleb(0x105)],
  f32x4ExtractLane0: [SIMD, 0x1f, 0],
};

// (iterations: i32) -> f32. Three loop bodies:
//   'independent': `muls` chains x *= m and `adds` chains y += a, all independent;
//   'matmul': `muls` pairs x *= m; y += x (a product feeding an accumulator, as in
//   a dot product), adds = muls;
//   'fma': `muls` independent chains x = x * m + a in one relaxed_madd each
//   (adds = muls: each counts as a multiply and an add).
function ceilingModule(kind, muls, adds) {
  const chains = kind === 'fma' ? muls : muls + adds, M = chains + 1, A = chains + 2; // locals: 0 = iterations, then v128s
  const body = [];
  for (let c = 1; c <= chains; c++) body.push(op.v128Const(1 + c / 64), op.localSet(c));
  body.push(op.v128Const(0.99999994), op.localSet(M), op.v128Const(1e-7), op.localSet(A));
  body.push(u8(0x03, 0x40)); // loop
  if (kind === 'fma')
    for (let c = 1; c <= chains; c++)
      body.push(op.localGet(c), op.localGet(M), op.localGet(A), op.f32x4RelaxedMadd, op.localSet(c));
  else {
    for (let c = 1; c <= muls; c++) body.push(op.localGet(c), op.localGet(M), op.f32x4Mul, op.localSet(c));
    for (let c = muls + 1; c <= chains; c++)
      body.push(op.localGet(c), op.localGet(kind === 'matmul' ? c - muls : A), op.f32x4Add, op.localSet(c));
  }
  body.push(op.localGet(0), u8(0x41, 1, 0x6b), op.localTee(0), u8(0x0d, 0), u8(0x0b)); // --i; br_if; end
  body.push(op.localGet(1));
  for (let c = 2; c <= chains; c++) body.push(op.localGet(c), op.f32x4Add);
  body.push(op.f32x4ExtractLane0, u8(0x0b));
  const code = [...vec([[...uleb(chains + 2), 0x7b]]), ...body.flat()]; // locals: chains + 2 v128s
  return new Uint8Array([
    ...u8(0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0),
    ...section(1, vec([[0x60, 1, 0x7f, 1, 0x7d]])), // type: (i32) -> f32
    ...section(3, vec([[0]])),
    ...section(7, vec([[...uleb(4), ...new TextEncoder().encode('peak'), 0x00, 0]])),
    ...section(10, vec([[...uleb(code.length), ...code]])),
  ]);
}

// The loop for one shape, compiled and warmed up (V8 tiers wasm up per function,
// after some calls): a function (iterations) -> the GFLOP/s it ran at.
async function timedPeak(kind, muls, adds) {
  const { instance } = await WebAssembly.instantiate(ceilingModule(kind, muls, adds));
  const peak = instance.exports.peak;
  for (let w = 0; w < 30; w++) peak(100_000);
  return (iterations) => {
    const t0 = performance.now();
    peak(iterations);
    return (iterations * (muls + adds) * 4) / ((performance.now() - t0) * 1e6); // 4 flops per f32x4 mul or add
  };
}

/**
 * Measures the ceiling; returns { gflops, kind, muls, adds, tried: [{ kind, muls, adds, gflops }] }.
 * build: 'simd' (mul + add loops) or 'relaxed' (relaxed_madd loops).
 * @param {{ iterations?: number, repeats?: number, build?: 'simd' | 'relaxed' }} [options]
 */
export async function measureSimdCeiling({ iterations = 10_000_000, repeats = 7, build = 'simd' } = {}) {
  const variants = [];
  if (build === 'relaxed') for (const k of [4, 6, 8, 10, 12]) variants.push({ kind: 'fma', muls: k, adds: k });
  else {
    for (const [muls, adds] of [[4, 4], [5, 5], [6, 6], [7, 7], [6, 8], [8, 6]]) variants.push({ kind: 'independent', muls, adds });
    for (const k of [4, 5, 6, 7]) variants.push({ kind: 'matmul', muls: k, adds: k });
  }
  for (const v of variants) {
    v.run = await timedPeak(v.kind, v.muls, v.adds);
    v.rates = [];
  }
  // Interleaved rounds, so a burst of load elsewhere hits every variant alike.
  for (let r = 0; r < repeats; r++) for (const v of variants) v.rates.push(v.run(iterations));
  const tried = variants.map(({ kind, muls, adds, rates }) => ({ kind, muls, adds, gflops: median(rates) }));
  const best = tried.reduce((a, b) => (b.gflops > a.gflops ? b : a));
  return { ...best, tried };
}

/**
 * A short measurement of one ceiling shape (the best one measureSimdCeiling
 * found), to interleave with kernel calls: run() takes about `seconds` and
 * returns the GFLOP/s of that moment. See the targets in bench/kernel.mjs.
 */
export async function makeCeilingProbe({ kind, muls, adds, gflops }, seconds) {
  const timed = await timedPeak(kind, muls, adds);
  const iterations = Math.round((seconds * gflops * 1e9) / ((muls + adds) * 4));  // fma: muls + adds = 2 * chains
  return { run: () => timed(iterations) };
}

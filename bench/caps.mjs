// How long the largest call each cap allows takes (docs/hardening-round-2.md): attend() at
// n = maxTokens with every d = maxDim (the teaching path, double precision, every intermediate
// kept), and attendRaw() at n x n x d = maxRawWork, with the weights grid (n = 4096, d = 512:
// the scale lab's largest; n = 8192, d = 128) and outputs only (n = 16384, d = 32), and at the
// outputs-only n cap with d = 1 (where the softmax's work per pair dominates), on the SIMD and
// the scalar module. One call each after a small warm-up; prints the machine and its load.
//
//   npm run bench:caps
import { cpus, loadavg } from 'node:os';
import { loadAttention } from '../wasm/attention.js';

const random = (count, seed) => {
  let s = seed >>> 0;
  return Float32Array.from({ length: count }, () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32 - 0.5; });
};
const nested = (rows, cols, seed) => {
  const flat = random(rows * cols, seed);
  return Array.from({ length: rows }, (_, r) => Array.from(flat.subarray(r * cols, (r + 1) * cols)));
};
const time = (run) => { const t = performance.now(); run(); return performance.now() - t; };

console.log(`${cpus()[0]?.model ?? 'unknown CPU'}, ${cpus().length} cores; load average ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);
for (const simd of [true, false]) {
  const attn = await loadAttention({ simd });
  const { maxTokens: n, maxDim: d, maxRawWork } = attn.limits;
  attn.attend({ embeddings: nested(8, 8, 1), wq: nested(8, 8, 2), wk: nested(8, 8, 3), wv: nested(8, 8, 4) }); // warm
  const request = { embeddings: nested(n, d, 5), wq: nested(d, d, 6), wk: nested(d, d, 7), wv: nested(d, d, 8), scaled: true };
  const rows = [[`attend() n = ${n}, d_model = d_k = d_v = ${d}`, time(() => attn.attend(request))]];
  for (const [rn, rd, weights] of [[4096, 512, true], [8192, 128, true], [16384, 32, false], [16384, 1, false]]) {
    if (rn * rn * rd > maxRawWork) throw new Error(`${rn} x ${rn} x ${rd} is above the cap`);
    const q = random(rn * rd, rn + rd);
    attn.attendRaw(q.subarray(0, 64 * rd), q.subarray(0, 64 * rd), q.subarray(0, 64 * rd), 64, rd, { weights }); // warm
    rows.push([`attendRaw() n = ${rn}, d = ${rd}, ${weights ? 'with the weights grid' : 'outputs only'}`,
      time(() => attn.attendRaw(q, q, q, rn, rd, { weights }))]);
  }
  console.log(`\n${attn.variant} module:`);
  for (const [what, ms] of rows) console.log(`  ${what}: ${(ms / 1000).toFixed(2)} s`);
}
console.log(`\nload average after: ${loadavg().map((x) => x.toFixed(2)).join(', ')}`);

// The three speed targets at n = 2048, measured paired.
//
// Why a phase of its own: this VM has slow stretches of a few seconds (other
// tenants on the host) in which every cache-heavy contender, and the ceiling
// loop itself, slows by up to 2x. A table of medians taken minutes apart then
// compares a fast moment with a slow one. Here every quantity a target
// compares is measured in the same short round (about 0.6 s), in a rotating
// order, and each target is the median over rounds of that round's ratio:
//
//   ours vs onnxruntime-web   = ORT ms / our ms           (d = 128, no mask)
//   share of the SIMD ceiling = our GFLOP/s / the ceiling loop's GFLOP/s
//   causal speed-up           = our full ms / our causal ms (d = 64 and 128)
//
// The causal calls here alternate with full calls of the same n, so the
// workspace never skips zeroing the masked half (its masked_zero shortcut):
// the conservative causal number.
import { makeCeilingProbe } from './simd-ceiling.mjs';
import { median, quartiles } from './stats.mjs';

const N = 2048;
const flops = (n, d) => 4 * n * n * d;

/**
 * @param {{ simd: object, ort: object }} apis loaded contenders (implementations.mjs)
 * @param {{ gflops: number, kind: string, muls: number, adds: number }} ceilingShape
 *        the best shape found by measureSimdCeiling
 * @param {(n: number, d: number, seed: number) => {Q, K, V}} inputs
 */
export async function measureTargets(apis, ceilingShape, inputs, { rounds = 21 } = {}) {
  const probe = await makeCeilingProbe(ceilingShape, 0.05);
  const tasks = [
    { key: 'ours128', api: apis.simd, d: 128, causal: false },
    { key: 'ort128', api: apis.ort, d: 128, causal: false },
    { key: 'ours128causal', api: apis.simd, d: 128, causal: true },
    { key: 'ours64', api: apis.simd, d: 64, causal: false },
    { key: 'ours64causal', api: apis.simd, d: 64, causal: true },
  ];
  const data = { 128: inputs(N, 128, N * 7 + 128), 64: inputs(N, 64, N * 7 + 64) };
  for (const t of tasks) {
    t.run = await t.api.prepare({ n: N, d: t.d, causal: t.causal, ...data[t.d] });
    await t.run(); // warm-up
  }
  tasks.push({ key: 'ceiling', run: probe.run });

  const per = Object.fromEntries(tasks.map((t) => [t.key, []]));
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < tasks.length; k++) {
      const t = tasks[(k + round) % tasks.length];
      if (t.key === 'ceiling') {
        per.ceiling.push(t.run());
        continue;
      }
      const t0 = performance.now();
      await t.run();
      per[t.key].push(performance.now() - t0);
    }
  const ratio = (f) => per.ceiling.map((_, r) => f(r));
  return {
    rounds,
    ms: Object.fromEntries(Object.entries(per).filter(([k]) => k !== 'ceiling').map(([k, v]) => [k, median(v)])),
    ceiling: median(per.ceiling),
    vsOrt: ratio((r) => per.ort128[r] / per.ours128[r]),
    ofCeiling: ratio((r) => flops(N, 128) / per.ours128[r] / 1e6 / per.ceiling[r]),
    causal128: ratio((r) => per.ours128[r] / per.ours128causal[r]),
    causal64: ratio((r) => per.ours64[r] / per.ours64causal[r]),
  };
}

export function printTargetsPaired(t) {
  const fmt = (x, digits = 2) => x.toFixed(digits);
  const line = (label, xs, target, pct = false) => {
    const m = median(xs), [q1, q3] = quartiles(xs);
    const show = (x) => (pct ? `${fmt(100 * x, 0)}%` : `${fmt(x)}x`);
    console.log(`  ${label}: median ${show(m)} (middle half of rounds ${show(q1)}–${show(q3)}; ` +
      `target ${show(target)}) ${m >= target ? 'MET' : 'MISSED'}`);
  };
  console.log(`\ntargets, paired (n = ${N}, ${t.rounds} interleaved rounds; each target = median of the per-round ratio):`);
  console.log(`  medians, ms: ours d=128 ${fmt(t.ms.ours128, 1)}, onnxruntime-web d=128 ${fmt(t.ms.ort128, 1)}, ` +
    `ours causal d=128 ${fmt(t.ms.ours128causal, 1)}, ours d=64 ${fmt(t.ms.ours64, 1)}, ours causal d=64 ${fmt(t.ms.ours64causal, 1)}; ` +
    `ceiling loop ${fmt(t.ceiling, 1)} GFLOP/s`);
  line('ours vs onnxruntime-web, d=128', t.vsOrt, 1.3);
  line('share of the SIMD ceiling, d=128', t.ofCeiling, 0.8, true);
  line('causal speed-up, d=128', t.causal128, 1.8);
  line('causal speed-up, d=64', t.causal64, 1.8);
}

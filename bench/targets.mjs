// The speed targets at n = 2048, measured paired, for one build of the core
// (SIMD or relaxed SIMD) against the ceiling loop of the same build kind.
//
// Why a phase of its own: this VM has slow stretches of a few seconds (other
// tenants on the host) in which every cache-heavy contender, and the ceiling
// loop itself, slows by up to 2x. A table of medians taken minutes apart then
// compares a fast moment with a slow one. Here every quantity a target
// compares is measured in the same short round (about 0.6 s), in a rotating
// order, and each target is the median over rounds of that round's ratio:
//
//   ours vs onnxruntime-web   = ORT ms / our ms           (d = 128, no mask)
//   share of the ceiling      = our GFLOP/s / the ceiling loop's GFLOP/s, the
//                               loop of the same kind as the build (mul + add
//                               for SIMD, relaxed_madd for relaxed SIMD)
//   causal speed-up           = our full ms / our causal ms (d = 64 and 128;
//                               with `into` arrays, and at d = 128 also with
//                               fresh arrays per call when apis.fresh is given)
//
// P and O are returned by every call. The causal calls run in the same
// workspace as full calls of the same n; the wasm workspace never zeroes the
// masked half either way (it is never read: RawOptions::masked_zero), so
// their order does not matter.
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
  if (apis.fresh)
    tasks.push({ key: 'fresh128', api: apis.fresh, d: 128, causal: false },
      { key: 'fresh128causal', api: apis.fresh, d: 128, causal: true });
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
    causalFresh128: per.fresh128 ? ratio((r) => per.fresh128[r] / per.fresh128causal[r]) : null,
    ceilingKind: ceilingShape.kind,
  };
}

/** The targets of the issue: against onnxruntime-web, of the FMA ceiling (relaxed build only), causal. */
export const TARGETS = { vsOrt: 1.8, ofFmaCeiling: 0.75, causal: 1.8 };

export function printTargetsPaired(t, build = 'SIMD build') {
  const fmt = (x, digits = 2) => x.toFixed(digits);
  const line = (label, xs, target, pct = false) => {
    const m = median(xs), [q1, q3] = quartiles(xs);
    const show = (x) => (pct ? `${fmt(100 * x, 0)}%` : `${fmt(x)}x`);
    console.log(`  ${label}: median ${show(m)} (middle half of rounds ${show(q1)}–${show(q3)}` +
      (target === null ? ')' : `; target ${show(target)}) ${m >= target ? 'MET' : 'MISSED'}`));
  };
  const fma = t.ceilingKind === 'fma';
  console.log(`\ntargets, paired, ${build} (n = ${N}, ${t.rounds} interleaved rounds; each target = median of the per-round ratio):`);
  console.log(`  medians, ms: ours d=128 ${fmt(t.ms.ours128, 1)}, onnxruntime-web d=128 ${fmt(t.ms.ort128, 1)}, ` +
    `ours causal d=128 ${fmt(t.ms.ours128causal, 1)}, ours d=64 ${fmt(t.ms.ours64, 1)}, ours causal d=64 ${fmt(t.ms.ours64causal, 1)}; ` +
    `${t.ms.fresh128 ? `fresh arrays d=128 ${fmt(t.ms.fresh128, 1)}, causal ${fmt(t.ms.fresh128causal, 1)}; ` : ''}` +
    `ceiling loop (${fma ? 'relaxed_madd' : 'mul + add'}) ${fmt(t.ceiling, 1)} GFLOP/s`);
  line('ours vs onnxruntime-web, d=128, P and O returned', t.vsOrt, TARGETS.vsOrt);
  if (fma) line('share of the same-run FMA ceiling, d=128', t.ofCeiling, TARGETS.ofFmaCeiling, true);
  else line('share of the same-run mul + add ceiling, d=128 (no target for this build)', t.ofCeiling, null, true);
  line('causal speed-up, d=128, into', t.causal128, TARGETS.causal);
  if (t.causalFresh128) line('causal speed-up, d=128, fresh arrays', t.causalFresh128, TARGETS.causal);
  line('causal speed-up, d=64, into', t.causal64, TARGETS.causal);
}

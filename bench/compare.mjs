// Do two contenders agree? Both computed in float32 with their own summation
// order and exp, on unit-variance scores: their weights differ by ~1e-7
// relative and their outputs (O(1) numbers) by ~1e-6, so these tolerances are
// loose enough for every library and tight enough to catch a wrong mask,
// a missing scale or a transposed matrix (all of which move entries by >1e-2).
export const TOLERANCE = { weights: 1e-4, outputs: 1e-4 };

/** got, want: { P: (n, n), O: (n, d) } -> { ok, message, weightRel, outputAbs } */
export function compareResults(got, want, n, d) {
  if (got.P.length !== n * n || got.O.length !== n * d)
    return { ok: false, message: `shapes: P has ${got.P.length}, O has ${got.O.length} numbers` };
  let weightRel = 0, outputAbs = 0, worst = '';
  for (let i = 0; i < n * n; i++) {
    const w = want.P[i], diff = Math.abs(got.P[i] - w);
    // Below 1e-6 a weight is compared absolutely (1e-10): relative error of a
    // near-zero exp says nothing, but a masked entry must still be ~0.
    const rel = w >= 1e-6 ? diff / w : diff / 1e-6;
    if (!(rel <= weightRel)) [weightRel, worst] = [rel, `P[${Math.floor(i / n)}][${i % n}] = ${got.P[i]} vs ${w}`];
  }
  for (let i = 0; i < n * d; i++) {
    const diff = Math.abs(got.O[i] - want.O[i]);
    if (!(diff <= outputAbs)) [outputAbs, worst] = [diff, `O[${Math.floor(i / d)}][${i % d}] = ${got.O[i]} vs ${want.O[i]}`];
  }
  const ok = weightRel <= TOLERANCE.weights && outputAbs <= TOLERANCE.outputs;
  return { ok, weightRel, outputAbs, message: `largest difference: ${worst} (P ${weightRel.toExponential(1)} relative, O ${outputAbs.toExponential(1)} absolute)` };
}

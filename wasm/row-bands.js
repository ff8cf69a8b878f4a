// How to split the n askers of one attention call into bands of rows for
// parallel workers (wasm/parallel.js, and the scale lab's web/scale/bands.js).

/**
 * Splits n askers into at most `parts` bands, each starting on a multiple of
 * `unit` (32: the kernel's panel, so a band computes exactly what one call
 * would), with about the same work each: the same number of rows, or with the
 * causal mask (row i costs about i + 1 keys) boundaries at n sqrt(k / parts).
 * Returns [{ first, count }].
 */
export function splitBands(n, parts, { unit = 32, causal = false } = {}) {
  const units = Math.ceil(n / unit);
  const count = Math.max(1, Math.min(parts, units));
  const bands = [];
  for (let k = 0, u0 = 0; k < count; k++) {
    const share = (k + 1) / count;
    const u1 = Math.round(units * (causal ? Math.sqrt(share) : share));
    const first = u0 * unit, last = Math.min(n, u1 * unit);
    if (last > first) bands.push({ first, count: last - first });
    u0 = u1;
  }
  return bands;
}

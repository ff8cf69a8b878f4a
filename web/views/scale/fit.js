// The time plot's curve: the least-squares c in t = c n^2 through measured points.
// Minimising sum (t_i - c n_i^2)^2 gives c = sum t_i n_i^2 / sum n_i^4; the large
// n dominate, which is what we want (tiny n are mostly fixed overhead).

/** points: [{ n, ms }]. Returns c (ms per entry), or null with no usable point. */
export function fitSquare(points) {
  let top = 0;
  let bottom = 0;
  for (const { n, ms } of points) {
    const n2 = n * n;
    top += ms * n2;
    bottom += n2 * n2;
  }
  return bottom > 0 ? top / bottom : null;
}

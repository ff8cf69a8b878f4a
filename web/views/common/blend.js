// The blend's geometry, for every picture of it (the widget's arrows plot, the guided tour's
// arrow pictures): value arrows scaled by their shares and laid tip to tail, and the values that
// land on the same point. Layout math only (positions on screen, y up); every printed number is
// the core's. How a picture frames its points is its own (arrows.js, ../guided/plot.js).

/** The first two numbers of a vector (one number: drawn along the horizontal axis). */
export const first2 = (v) => [v[0], v.length > 1 ? v[1] : 0];

/**
 * Each value scaled by its share, and where it starts when laid tip to tail: [{ j, scaled, from, to }].
 * Masked shares are skipped, and shares of at most `minShare` (the widget's plot leaves out links
 * too short to see).
 */
export function chain(values, shares, minShare = 0) {
  const links = [];
  let at = [0, 0];
  values.forEach((v, j) => {
    if (!(shares[j] > minShare)) return;
    const [x, y] = first2(v);
    const scaled = [shares[j] * x, shares[j] * y];
    links.push({ j, scaled, from: at, to: [at[0] + scaled[0], at[1] + scaled[1]] });
    at = links.at(-1).to;
  });
  return links;
}

/** Groups of value indices whose first two numbers print the same (one label each), in order. */
export function samePoint(values) {
  const groups = new Map();
  values.forEach((v, j) => {
    const key = first2(v).map((x) => x.toFixed(2)).join();
    groups.set(key, [...(groups.get(key) ?? []), j]);
  });
  return [...groups.values()];
}

// Geometry for the guided tour's arrow pictures: the frame that holds a set of
// points, and value arrows scaled by their shares and laid tip to tail. Layout
// math only (positions on screen); every printed number is the core's.

/** The first two numbers of a vector (one number: drawn along the horizontal axis). */
export const first2 = (v) => [v[0], v.length > 1 ? v[1] : 0];

/** Each value scaled by its share, and where it starts when laid tip to tail (masked shares skipped). */
export function chain(values, shares) {
  const links = [];
  let at = [0, 0];
  values.forEach((v, j) => {
    if (!(shares[j] > 0)) return;
    const [x, y] = first2(v);
    const scaled = [shares[j] * x, shares[j] * y];
    links.push({ j, scaled, from: at, to: [at[0] + scaled[0], at[1] + scaled[1]] });
    at = links.at(-1).to;
  });
  return links;
}

/** { x, y, w, h } (data units, y up) covering the points with a margin, never thinner than 1. */
export function frame(points) {
  const xs = points.map((p) => p[0]).filter(Number.isFinite);
  const ys = points.map((p) => p[1]).filter(Number.isFinite);
  let [x0, x1, y0, y1] = [Math.min(0, ...xs), Math.max(0, ...xs), Math.min(0, ...ys), Math.max(0, ...ys)];
  const span = Math.max(x1 - x0, y1 - y0, 1);
  const pad = span * 0.15;
  x0 -= pad; x1 += pad; y0 -= pad; y1 += pad;
  // Keep the picture between square and 2:1 wide, so it reads on a phone and on a laptop.
  const w = x1 - x0; const h = y1 - y0;
  if (h < w / 2) { y0 -= (w / 2 - h) / 2; y1 += (w / 2 - h) / 2; }
  if (h > w) { x0 -= (h - w) / 2; x1 += (h - w) / 2; }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The SVG viewBox for a frame (SVG's y axis points down, so y is flipped). */
export function viewBox(f) {
  const r = (v) => Number(v.toFixed(3));
  return `${r(f.x)} ${r(-(f.y + f.h))} ${r(f.w)} ${r(f.h)}`;
}

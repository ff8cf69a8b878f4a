// The frame of the guided tour's arrow pictures: a box that holds a set of points, between
// square and 2:1 wide. (The arrows themselves, scaled and laid tip to tail: ../common/blend.js.)
// Layout math only (positions on screen); every printed number is the core's.

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

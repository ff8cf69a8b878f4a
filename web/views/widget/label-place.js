// Where the output's label o(token) goes in the arrows plot: beside the output's tip, clear of
// the output arrow's own shaft and of the dashed chain that ends at the same tip, and inside the
// plot. Pure geometry in the plot's own coordinates (y up), so it is tested in node.

// Eight places around the tip, as unit directions; the first clear one wins, in this order:
// below-right, right, below, above-right, ... (below first: the value labels sit above their tips).
const DIRECTIONS = [[0.7, -0.7], [1, 0], [0, -1], [0.7, 0.7], [-0.7, -0.7], [0, 1], [-1, 0], [-0.7, 0.7]];

/**
 * @param {[number, number]} tip the output's tip
 * @param {Array<[[number, number], [number, number]]>} segments what the label must not cover:
 *   the output's shaft from the origin, and the chain's links
 * @param {{ x0: number, y0: number, w: number, h: number }} view the plot's box, y up (y0 its bottom)
 * @param {{ width: number, height: number, gap: number }} text the label's size and its gap from the tip
 * @returns {{ x: number, y: number, anchor: 'start' | 'middle' | 'end', clear: boolean }}
 *   the text's anchor point (y: its baseline, y up) and whether it touches nothing
 */
export function placeOutputLabel(tip, segments, view, text) {
  let best = null;
  for (const [k, direction] of DIRECTIONS.entries()) {
    const place = candidate(tip, direction, text);
    const hits = segments.filter(([a, b]) => segmentMeetsBox(a, b, place.box)).length;
    const outside = insideView(place.box, view) ? 0 : 1;
    const cost = hits * 10 + outside * 5 + k * 0.01; // touch nothing, stay inside, then the order
    if (!best || cost < best.cost) best = { ...place, cost, clear: hits === 0 && outside === 0 };
  }
  return { x: best.x, y: best.y, anchor: best.anchor, clear: best.clear };
}

// The label's anchor, baseline and box for one direction from the tip.
function candidate([tx, ty], [dx, dy], { width, height, gap }) {
  const ax = tx + dx * gap, ay = ty + dy * gap;
  const anchor = dx > 0.3 ? 'start' : dx < -0.3 ? 'end' : 'middle';
  const left = anchor === 'start' ? ax : anchor === 'end' ? ax - width : ax - width / 2;
  const bottom = dy > 0.3 ? ay : dy < -0.3 ? ay - height : ay - height / 2;
  return { x: ax, y: bottom, anchor, box: { left, right: left + width, bottom, top: bottom + height } };
}

function insideView(box, { x0, y0, w, h }) {
  return box.left >= x0 && box.right <= x0 + w && box.bottom >= y0 && box.top <= y0 + h;
}

/** Whether the segment a-b crosses or touches the box (Liang-Barsky clipping). */
export function segmentMeetsBox([ax, ay], [bx, by], { left, right, bottom, top }) {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  for (const [p, q] of [[-dx, ax - left], [dx, right - ax], [-dy, ay - bottom], [dy, top - ay]]) {
    if (p === 0) {
      if (q < 0) return false; // parallel to this edge and outside it
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

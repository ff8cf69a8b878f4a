// The output's label in the arrows plot (web/views/widget/label-place.js): beside the tip, clear of the
// output's shaft and of the dashed chain, inside the plot whenever some place around the tip is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placeOutputLabel, segmentMeetsBox } from '../../web/views/widget/label-place.js';

// The label's box for a placement (the same reading of anchor and baseline as the module).
function boxOf({ x, y, anchor }, { width, height }) {
  const left = anchor === 'start' ? x : anchor === 'end' ? x - width : x - width / 2;
  return { left, right: left + width, bottom: y, top: y + height };
}

test('segments and boxes: crossing, touching, inside, beside and parallel', () => {
  const box = { left: 0, right: 1, bottom: 0, top: 1 };
  assert.equal(segmentMeetsBox([-1, 0.5], [2, 0.5], box), true);   // straight through
  assert.equal(segmentMeetsBox([0.2, 0.2], [0.4, 0.4], box), true); // wholly inside
  assert.equal(segmentMeetsBox([-1, 2], [2, 2], box), false);       // above, parallel
  assert.equal(segmentMeetsBox([2, -1], [3, 3], box), false);       // beside
  assert.equal(segmentMeetsBox([-1, 0], [1, 2], box), true);        // touches the corner (0, 1)
});

test("the chapter's o(sat) at 1280 px: off the output arrow and the chain, inside the plot", () => {
  // sat's blend: values the [0, 2], cat [3, 1], sat [1, 0] with shares 0.09, 0.67, 0.24 -> o(sat) = [2.24, 0.85].
  const tip = [2.24, 0.85];
  const chain = [[[0, 0], [0, 0.18]], [[0, 0.18], [2.01, 0.85]], [[2.01, 0.85], tip]];
  const segments = [[[0, 0], tip], ...chain];
  const view = { x0: -0.5, y0: -0.5, w: 4, h: 3 };
  const text = { width: 6 * 4 * 0.042 * 0.6, height: 4 * 0.042, gap: 4 * 0.03 };
  const place = placeOutputLabel(tip, segments, view, text);
  assert.equal(place.clear, true);
  const box = boxOf(place, text);
  for (const [a, b] of segments) assert.equal(segmentMeetsBox(a, b, box), false, `${a} -> ${b} under the label`);
});

test('an output pointing up-left: the first choice (below-right) is on its shaft, so it goes elsewhere', () => {
  const tip = [-2, 1], segments = [[[0, 0], tip], [[0, 0], [-1, 0]], [[-1, 0], tip]];
  const text = { width: 0.8, height: 0.3, gap: 0.24 };
  const place = placeOutputLabel(tip, segments, { x0: -4, y0: -2, w: 6, h: 5 }, text);
  assert.equal(place.clear, true);
  const box = boxOf(place, text);
  for (const [a, b] of segments) assert.equal(segmentMeetsBox(a, b, box), false);
});

test('300 random blends: the label finds a clear place in nearly all, and says so truly', () => {
  let seed = 7;
  let clear = 0;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 6 - 3;
  for (let k = 0; k < 300; k++) {
    const values = [0, 1, 2].map(() => [random(), random()]);
    const raw = values.map(() => Math.abs(random()) + 0.01), total = raw.reduce((a, b) => a + b);
    const shares = raw.map((r) => r / total);
    let at = [0, 0];
    const chain = values.map((v, j) => { const to = [at[0] + shares[j] * v[0], at[1] + shares[j] * v[1]]; const link = [at, to]; at = to; return link; });
    const tip = at, segments = [[[0, 0], tip], ...chain];
    const view = { x0: -4, y0: -4, w: 8, h: 8 };
    const text = { width: 0.8, height: 0.3, gap: 0.24 };
    const place = placeOutputLabel(tip, segments, view, text);
    const box = boxOf(place, text);
    const touches = segments.filter(([a, b]) => segmentMeetsBox(a, b, box)).length;
    if (place.clear) assert.equal(touches, 0, `blend ${k}`);
    clear += place.clear ? 1 : 0;
  }
  assert.ok(clear >= 285, `clear in ${clear} of 300`);
});

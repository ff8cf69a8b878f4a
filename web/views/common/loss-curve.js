// One geometry for a loss curve: training steps (from 0) across, loss (from 0) up, in a box of
// SVG user units (y down). The geometry is pure, so node tests it; the drawing builds SVG nodes
// (node draws them too: tests/snapshots/), its axes by ../../shared/axes.js. Two pictures use it:
//   the train panel's small curve (curveGeometry, smallCurve): one series, the axes' tops the
//     largest loss and step so far (at least minSteps wide, so the first steps do not fill the box
//     at once), as a polyline of about one point per unit of width;
//   the heads lab's curves (curveScales, pathData, xOf, yOf, drawLossCurves): training and held-out
//     loss in VIEW's margins, the axes' tops round ticks that hold every point.
import { setAttr, svg } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { axes, niceTicks } from '../../shared/axes.js';

/** The point of (steps, loss) in `box` ({ left, top, width, height }) whose axes end at xMax and yMax. */
export function place(steps, loss, { xMax, yMax }, box) {
  return [box.left + (steps / xMax) * box.width, box.top + box.height - (loss / yMax) * box.height];
}

// ---- the train panel's curve ----

/**
 * @param {number[]} losses losses[k] after k steps
 * @returns {{ points: string, xMax: number, yMax: number, last: [number, number] | null }}
 *   points: "x,y x,y ..." for a polyline; yMax: the top of the y axis (the largest loss).
 */
export function curveGeometry(losses, { width, height, minSteps = 50 }) {
  const n = losses.length;
  if (n === 0) return { points: '', xMax: minSteps, yMax: 1, last: null };
  const axes = { xMax: Math.max(minSteps, n - 1), yMax: Math.max(...losses) || 1 }; // all zero: any top will do
  const box = { left: 0, top: 0, width, height };
  const every = Math.max(1, Math.ceil(n / width));
  const coords = [];
  for (let k = 0; k < n; k += every) coords.push(place(k, losses[k], axes, box));
  if ((n - 1) % every !== 0) coords.push(place(n - 1, losses[n - 1], axes, box));
  const points = coords.map(([a, b]) => `${round(a)},${round(b)}`).join(' ');
  return { points, ...axes, last: coords.at(-1) };
}

const round = (v) => Math.round(v * 10) / 10;

/**
 * The train panel's small curve: an <svg> stretched to its box (so the panel writes its two labels
 * in HTML beside it) with its axis lines, the loss line and a dot at each hand edit. paint(losses,
 * edits) draws the finite losses (losses[k] after k steps) and returns their geometry (curveGeometry).
 */
export function smallCurve({ width, height }) {
  const line = svg('polyline', { class: 'loss-line', points: '0,0' });
  const dots = svg('g');
  const element = svg('svg', { class: 'curve', role: 'img', viewBox: `-2 -4 ${width + 4} ${height + 8}`,
    preserveAspectRatio: 'none' },
  axes({ left: 0, right: width, top: 0, bottom: height }, { baseline: true, spine: true }), line, dots);
  const box = { left: 0, top: 0, width, height };
  function paint(losses, edits) {
    const g = curveGeometry(losses, { width, height });
    setAttr(line, 'points', g.points || '0,0');
    line.style.visibility = g.points ? '' : 'hidden';
    dots.replaceChildren(...edits.filter((k) => k < losses.length).map((k) => {
      const [cx, cy] = place(k, losses[k], g, box);
      return svg('circle', { class: 'edit', cx, cy, r: 3 });
    }));
    return g;
  }
  return { element, paint };
}

// ---- the heads lab's curves ----

export const VIEW = Object.freeze({ width: 600, height: 200, left: 64, right: 24, top: 18, bottom: 30 });
const PLOT = { left: VIEW.left, top: VIEW.top, width: VIEW.width - VIEW.left - VIEW.right, height: VIEW.height - VIEW.top - VIEW.bottom };

/** Scales that hold every point of every series ([{ steps, loss }]): steps from 0, loss from 0, with round ticks. */
export function curveScales(series, minSteps = 500) {
  let maxSteps = minSteps, maxLoss = 1;
  for (const points of series)
    for (const { steps, loss } of points) {
      if (steps > maxSteps) maxSteps = steps;
      if (Number.isFinite(loss) && loss > maxLoss) maxLoss = loss;
    }
  const stepTicks = niceTicks(maxSteps, 5), lossTicks = niceTicks(maxLoss, 4);
  return { maxSteps: stepTicks.at(-1), maxLoss: lossTicks.at(-1), stepTicks, lossTicks };
}

const axesOf = (scales) => ({ xMax: scales.maxSteps, yMax: scales.maxLoss });

export const xOf = (steps, scales) => place(steps, 0, axesOf(scales), PLOT)[0];
export const yOf = (loss, scales) => place(0, loss, axesOf(scales), PLOT)[1];

/** "M x y L x y ..." through the finite points, or "" when there are none. */
export function pathData(points, scales) {
  return points
    .filter(({ loss }) => Number.isFinite(loss))
    .map(({ steps, loss }, i) => {
      const [x, y] = place(steps, loss, axesOf(scales), PLOT);
      return `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The heads lab's two curves in their <path>s (parts.trainPath, parts.heldPath) and, when the
 * scales changed, the axes' grid lines and labels (parts.axes). train, heldOut: [{ steps, loss }].
 */
export function drawLossCurves(parts, train, heldOut, minSteps) {
  const scales = curveScales([train, heldOut], minSteps);
  parts.trainPath.setAttribute('d', pathData(train, scales));
  parts.heldPath.setAttribute('d', pathData(heldOut, scales));
  const key = `${scales.maxSteps}/${scales.maxLoss}`;
  if (parts.axes.dataset.key === key) return;
  parts.axes.dataset.key = key;
  axes({ left: PLOT.left, right: PLOT.left + PLOT.width, top: PLOT.top, bottom: PLOT.top + PLOT.height }, {
    y: scales.lossTicks.map((t) => ({ at: yOf(t, scales), text: fixed2(t) })),
    x: scales.stepTicks.map((t) => ({ at: xOf(t, scales), text: String(t) })) }, parts.axes);
}

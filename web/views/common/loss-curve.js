// One geometry for a loss curve: training steps (from 0) across, loss up, in a box of SVG user
// units (y down). The geometry is pure, so node tests it; the drawing builds SVG nodes (node draws
// them too: tests/snapshots/), its axes by ../../shared/axes.js. Two pictures use it:
//   the train panel's small curve (curveGeometry, smallCurve): one series from 0, the axes' tops
//     the largest loss and step so far (at least minSteps wide, so the first steps do not fill the
//     box at once), as a polyline of about one point per unit of width;
//   the heads lab's curves (curveScales, pathData, xOf, yOf, drawLossCurves): training and held-out
//     loss in VIEW's margins, the loss axis fitted to the newest three quarters of the steps, so
//     the small fall where the heads take their jobs is not flattened by the large fall of the
//     first steps.
import { setAttr, svg } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { axes, niceStep, niceTicks } from '../../shared/axes.js';

/** The point of (steps, loss) in `box` ({ left, top, width, height }) whose axes end at xMax and yMax. */
export function place(steps, loss, { xMax, yMax }, box) {
  return [box.left + (steps / xMax) * box.width, box.top + box.height - (loss / yMax) * box.height];
}

// ---- the train panel's curve ----

/**
 * @param {number[]} losses the losses, oldest first
 * @param {{ width: number, height: number, minSteps?: number, steps?: number[] }} options
 *   steps[k]: the step count at losses[k] (default k: one loss per step)
 * @returns {{ points: string, xMax: number, yMax: number, last: [number, number] | null }}
 *   points: "x,y x,y ..." for a polyline; yMax: the top of the y axis (the largest loss).
 */
export function curveGeometry(losses, { width, height, minSteps = 50, steps = null }) {
  const n = losses.length;
  if (n === 0) return { points: '', xMax: minSteps, yMax: 1, last: null };
  const stepAt = (k) => (steps ? steps[k] : k);
  let top = 0; // a loop, not Math.max(...losses): a spread of 100,000 arguments overflows the stack
  for (const loss of losses) if (loss > top) top = loss;
  const axes = { xMax: Math.max(minSteps, stepAt(n - 1)), yMax: top || 1 }; // all zero: any top will do
  const box = { left: 0, top: 0, width, height };
  const every = Math.max(1, Math.ceil(n / width));
  const coords = [];
  for (let k = 0; k < n; k += every) coords.push(place(stepAt(k), losses[k], axes, box));
  if ((n - 1) % every !== 0) coords.push(place(stepAt(n - 1), losses[n - 1], axes, box));
  const points = coords.map(([a, b]) => `${round(a)},${round(b)}`).join(' ');
  return { points, ...axes, last: coords.at(-1) };
}

const round = (v) => Math.round(v * 10) / 10;

/**
 * The train panel's small curve: an <svg> stretched to its box (so the panel writes its two labels
 * in HTML beside it) with its axis lines, the loss line and a dot at each hand edit.
 * paint(losses, { steps, edits }) draws the finite losses (steps[k]: the step count at losses[k],
 * default k) and the edits ([{ step, loss }]), and returns their geometry (curveGeometry).
 */
export function smallCurve({ width, height }) {
  const line = svg('polyline', { class: 'loss-line', points: '0,0' });
  const dots = svg('g');
  const element = svg('svg', { class: 'curve', role: 'img', viewBox: `-2 -4 ${width + 4} ${height + 8}`,
    preserveAspectRatio: 'none' },
  axes({ left: 0, right: width, top: 0, bottom: height }, { baseline: true, spine: true }), line, dots);
  const box = { left: 0, top: 0, width, height };
  function paint(losses, { steps = null, edits = [] } = {}) {
    const g = curveGeometry(losses, { width, height, steps });
    setAttr(line, 'points', g.points || '0,0');
    line.style.visibility = g.points ? '' : 'hidden';
    dots.replaceChildren(...edits.map(({ step, loss }) => {
      const [cx, cy] = place(step, loss, g, box);
      return svg('circle', { class: 'edit', cx, cy, r: 3 });
    }));
    return g;
  }
  return { element, paint };
}

// ---- the heads lab's curves ----

export const VIEW = Object.freeze({ width: 600, height: 200, left: 64, right: 24, top: 18, bottom: 30 });
/** The plot's box inside VIEW: what lies outside it (an early loss above the axis) is clipped. */
export const PLOT = Object.freeze({ left: VIEW.left, top: VIEW.top, width: VIEW.width - VIEW.left - VIEW.right,
  height: VIEW.height - VIEW.top - VIEW.bottom });
export const FIT_FROM = 1 / 4; // the loss axis fits the points from this fraction of the step axis on
const MIN_SPAN = 0.1;          // the loss axis spans at least this much (one point, or a flat run)

/**
 * Scales for series of { steps, loss } points: steps from 0 to a round tick at or past the
 * newest (at least minSteps); loss between round ticks just outside the losses of the points at
 * or after FIT_FROM of the step axis (of every point while none is that far). `clipped`: the
 * largest loss above the axis (an earlier point's), or null when every point fits.
 */
export function curveScales(series, minSteps = 500) {
  const points = series.flat().filter(({ loss }) => Number.isFinite(loss));
  const stepTicks = niceTicks(extent(points, (p) => p.steps, minSteps).max, 5);
  const late = points.filter((p) => p.steps >= stepTicks.at(-1) * FIT_FROM);
  const fitted = extent(late.length ? late : points, (p) => p.loss);
  const lossTicks = points.length ? rangeTicks(fitted.min, fitted.max, 4) : [0, 1];
  const minLoss = lossTicks[0], maxLoss = lossTicks.at(-1);
  const above = extent(points.filter((p) => p.loss > maxLoss), (p) => p.loss);
  return { maxSteps: stepTicks.at(-1), minLoss, maxLoss, stepTicks, lossTicks,
    clipped: above.max === -Infinity ? null : above.max };
}

// The least and largest of value(point) (and `floor`, when given, among the largest), in a loop:
// Math.max(...xs) of a long run's points would overflow the stack.
function extent(points, value, floor = -Infinity) {
  let min = Infinity, max = floor;
  for (const p of points) {
    const x = value(p);
    if (x < min) min = x;
    if (x > max) max = x;
  }
  return { min, max };
}

// Round ticks (1, 2 or 5 x 10^k apart, about `count` of them) from at or below lo to at or above hi.
function rangeTicks(lo, hi, count) {
  const middle = (lo + hi) / 2, span = Math.max(hi - lo, MIN_SPAN);
  const step = niceStep(span / count);
  const first = Math.floor((middle - span / 2) / step + 1e-9), last = Math.ceil((middle + span / 2) / step - 1e-9);
  const ticks = [];
  for (let k = Math.max(first, 0); k <= last; k++) ticks.push(Number((k * step).toPrecision(12)));
  return ticks.length > 1 ? ticks : [ticks[0], Number((ticks[0] + step).toPrecision(12))];
}

const axesOf = (scales) => ({ xMax: scales.maxSteps, yMax: scales.maxLoss - scales.minLoss });

export const xOf = (steps, scales) => place(steps, 0, axesOf(scales), PLOT)[0];
export const yOf = (loss, scales) => place(0, loss - scales.minLoss, axesOf(scales), PLOT)[1];

/**
 * "M x y L x y ..." through the finite points, or "" when there are none; one point is a line
 * of no length (drawn as a dot with round caps).
 */
export function pathData(points, scales) {
  const finite = points.filter(({ loss }) => Number.isFinite(loss));
  return (finite.length === 1 ? [finite[0], finite[0]] : finite)
    .map(({ steps, loss }, i) => {
      const [x, y] = place(steps, loss - scales.minLoss, axesOf(scales), PLOT);
      return `${i ? 'L' : 'M'}${x.toFixed(1)} ${y.toFixed(1)}`;
    })
    .join(' ');
}

/**
 * The heads lab's two curves in their <path>s (parts.trainPath, parts.heldPath) and, when the
 * scales changed, the axes' grid lines and labels (parts.axes). train, heldOut: [{ steps, loss }].
 * Returns the scales (curveScales), whose `clipped` the lab's caption reads.
 */
export function drawLossCurves(parts, train, heldOut, minSteps) {
  const scales = curveScales([train, heldOut], minSteps);
  parts.trainPath.setAttribute('d', pathData(train, scales));
  parts.heldPath.setAttribute('d', pathData(heldOut, scales));
  const key = `${scales.maxSteps}/${scales.minLoss}/${scales.maxLoss}`;
  if (parts.axes.dataset.key === key) return scales;
  parts.axes.dataset.key = key;
  axes({ left: PLOT.left, right: PLOT.left + PLOT.width, top: PLOT.top, bottom: PLOT.top + PLOT.height }, {
    y: scales.lossTicks.map((t) => ({ at: yOf(t, scales), text: fixed2(t) })),
    x: scales.stepTicks.map((t) => ({ at: xOf(t, scales), text: String(t) })) }, parts.axes);
  return scales;
}

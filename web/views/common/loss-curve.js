// One geometry for a loss curve: training steps (from 0) across, loss (from 0) up, in a box of
// SVG user units (y down). Pure, so node tests it. Two pictures use it:
//   the train panel's small curve (curveGeometry): one series, the axes' tops the largest loss and
//     step so far (at least minSteps wide, so the first steps do not fill the box at once), as a
//     polyline of about one point per unit of width;
//   the heads lab's curves (curveScales, pathData, xOf, yOf): training and held-out loss in VIEW's
//     margins, the axes' tops round ticks that hold every point.
import { niceTicks } from '../../shared/ticks.js';

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

// The loss curve's geometry: training and held-out loss against steps, as SVG
// path data in a fixed viewBox. Pure: node-tested.
import { niceTicks } from '../shared/ticks.js';

export const VIEW = Object.freeze({ width: 600, height: 200, left: 64, right: 24, top: 18, bottom: 30 });

/** Scales that hold every point: steps from 0, loss from 0, with round ticks. */
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

export function xOf(steps, scales) {
  return VIEW.left + (steps / scales.maxSteps) * (VIEW.width - VIEW.left - VIEW.right);
}

export function yOf(loss, scales) {
  return VIEW.top + (1 - loss / scales.maxLoss) * (VIEW.height - VIEW.top - VIEW.bottom);
}

/** "M x y L x y ..." through the finite points, or "" when there are none. */
export function pathData(points, scales) {
  return points
    .filter(({ loss }) => Number.isFinite(loss))
    .map(({ steps, loss }, i) => `${i ? 'L' : 'M'}${xOf(steps, scales).toFixed(1)} ${yOf(loss, scales).toFixed(1)}`)
    .join(' ');
}

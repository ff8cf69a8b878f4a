// Where the loss curve's points go: step k across, loss up, in a box of
// width x height (SVG user units, y down). Pure geometry, so node can test it;
// the panel draws the polyline. The x range grows as training runs (at least
// `minSteps` wide, so the first steps do not fill the box at once), and long
// runs keep at most about one point per unit of width.

/**
 * @param {number[]} losses losses[k] after k steps
 * @returns {{ points: string, xMax: number, yMax: number, last: [number, number] | null }}
 *   points: "x,y x,y ..." for a polyline; yMax: the top of the y axis (the largest loss).
 */
export function curveGeometry(losses, { width, height, minSteps = 50 }) {
  const n = losses.length;
  if (n === 0) return { points: '', xMax: minSteps, yMax: 1, last: null };
  const xMax = Math.max(minSteps, n - 1);
  const yMax = Math.max(...losses) || 1; // all zero: any top will do
  const x = (k) => (k / xMax) * width;
  const y = (loss) => height - (loss / yMax) * height;
  const every = Math.max(1, Math.ceil(n / width));
  const coords = [];
  for (let k = 0; k < n; k += every) coords.push([x(k), y(losses[k])]);
  if ((n - 1) % every !== 0) coords.push([x(n - 1), y(losses[n - 1])]);
  const points = coords.map(([a, b]) => `${round(a)},${round(b)}`).join(' ');
  return { points, xMax, yMax, last: coords.at(-1) };
}

const round = (v) => Math.round(v * 10) / 10;

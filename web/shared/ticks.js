// Round steps for axes and grid lines: 1, 2 or 5 x 10^k.

/** The smallest 1-2-5 step at least `raw` (raw > 0). */
export function niceStep(raw) {
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
}

/** Round tick values from 0 to at least max: about `count` of them, steps of 1, 2 or 5 x 10^k. */
export function niceTicks(max, count = 4) {
  if (!(max > 0)) return [0, 1];
  const step = niceStep(max / count);
  const ticks = [];
  for (let t = 0; t < max + step * 0.999; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

// The axes of every plot, written once: round tick values (1, 2 or 5 x 10^k), a linear scale,
// polyline points, text with subscripts, and the axes themselves (grid lines, tick labels, axis
// lines, titles). Used by the widget's arrows (their grid's step), the loss curves (the train
// panel's and the heads lab's) and the scale lab's time and thermostat plots. Each plot maps its
// own data to SVG user units; the axes get positions and texts, never data.
import { svg } from './dom.js';

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

const LABEL_GAP = 6;  // a y label's right end, left of the plot
const X_LABEL = 6;    // an x label's top, under the plot's bottom (hanging: the same gap at any font size)
const X_TITLE = 34;   // the x axis's title, under its labels
const Y_TITLE = 12;   // the y axis's title, over the plot's top

/** A linear map from [d0, d1] to [r0, r1] (a zero-width domain maps everything to r0). */
export function linear(d0, d1, r0, r1) {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (x) => r0 + (x - d0) * k;
}

/** A polyline's points attribute from [x, y] pairs, a tenth of a unit each. */
export function pointsAttr(pairs) {
  return pairs.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

/**
 * A <text> whose "_x" parts become subscripts: "d_k" -> d with a lowered k. SVG has no <sub>; a
 * tspan with baseline-shift does its job. The text is only ever text.
 */
export function subscripted(attrs, text) {
  return svg('text', attrs, ...text.split(/(_\w)/).filter(Boolean).map((part) => (part.startsWith('_')
    ? svg('tspan', { 'baseline-shift': 'sub', 'font-size': '80%', text: part.slice(1) }) : part)));
}

/**
 * A plot's axes, in `group` (a new <g class="axes"> by default): for each y tick a grid line across
 * the plot and its label left of it, for each x tick its label under the plot, then the lines and
 * titles asked for.
 * @param {{ left: number, right: number, top: number, bottom: number }} box the plot's edges, in user units
 * @param {{ x?: Array<{ at: number, text: string }>, y?: Array<{ at: number, text: string, line?: string }>,
 *   xTitle?: string, yTitle?: string, baseline?: boolean, spine?: boolean }} parts
 *   y[k].line: the grid line's class ('grid' unless said); baseline / spine: an axis line along the
 *   bottom / the left edge; xTitle may have subscripts ("d_k").
 */
export function axes(box, { x = [], y = [], xTitle, yTitle, baseline = false, spine = false },
  group = svg('g', { class: 'axes' })) {
  const { left, right, top, bottom } = box;
  group.replaceChildren(
    ...y.flatMap((t) => [svg('line', { class: t.line ?? 'grid', x1: left, x2: right, y1: t.at, y2: t.at }),
      svg('text', { class: 'tick', x: left - LABEL_GAP, y: t.at, 'text-anchor': 'end', 'dominant-baseline': 'middle',
        text: t.text })]),
    ...x.map((t) => svg('text', { class: 'tick', x: t.at, y: bottom + X_LABEL, 'text-anchor': 'middle',
      'dominant-baseline': 'hanging', text: t.text })),
    ...(baseline ? [svg('line', { class: 'axis', x1: left, x2: right, y1: bottom, y2: bottom })] : []),
    ...(spine ? [svg('line', { class: 'axis', x1: left, x2: left, y1: top, y2: bottom })] : []),
    ...(xTitle ? [subscripted({ class: 'label', x: (left + right) / 2, y: bottom + X_TITLE, 'text-anchor': 'middle' }, xTitle)] : []),
    ...(yTitle ? [svg('text', { class: 'label', x: left, y: top - Y_TITLE, text: yTitle })] : []),
  );
  return group;
}

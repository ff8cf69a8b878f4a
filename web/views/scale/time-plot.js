// The time plot: measured compute time against n, one dot per measurement,
// with the fitted t = c n^2 curve through them. The x axis always spans the
// slider's whole range, so the dots visibly fill in as the learner explores.

import { niceTicks } from '../../shared/ticks.js';
import { svgEl, clear, linear, pointsAttr } from './svg.js';
import { fitSquare } from './fit.js';
import { formatCount, formatMs } from './format.js';

const W = 360;
const H = 220;
const M = { left: 46, right: 22, top: 24, bottom: 40 };

/**
 * svg: the <svg> to draw into; points: [{ n, ms }]; latestN: the dot to ring;
 * maxN: the slider's top. Returns the fitted c (or null).
 */
export function drawTimePlot(svg, { points, latestN, maxN, dk, causal }) {
  clear(svg);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const c = fitSquare(points);
  const maxMs = Math.max(1, ...points.map((p) => p.ms)) * 1.1;
  const yTicks = niceTicks(maxMs, 4);
  const top = yTicks[yTicks.length - 1];
  const x = linear(0, maxN, M.left, W - M.right);
  const y = linear(0, top, H - M.bottom, M.top);
  drawAxes(svg, x, y, maxN, yTicks);
  if (c !== null) drawCurve(svg, x, y, c, maxN, top);
  drawDots(svg, x, y, points, latestN);
  svg.setAttribute('aria-label', describeTimePlot(points, c, maxN, dk, causal));
  return c;
}

function drawAxes(svg, x, y, maxN, yTicks) {
  const axes = svgEl(svg, 'g', { class: 'axes' });
  for (const t of yTicks) {
    svgEl(axes, 'line', { class: 'grid', x1: x(0), x2: x(maxN), y1: y(t), y2: y(t) });
    svgEl(axes, 'text', { class: 'tick', x: x(0) - 6, y: y(t), 'text-anchor': 'end', 'dominant-baseline': 'middle' },
      tickText(t));
  }
  for (let n = 0; n <= maxN; n += 1024) {
    svgEl(axes, 'text', { class: 'tick', x: x(n), y: y(0) + 16, 'text-anchor': 'middle' }, formatCount(n));
  }
  svgEl(axes, 'line', { class: 'axis', x1: x(0), x2: x(maxN), y1: y(0), y2: y(0) });
  svgEl(axes, 'text', { class: 'label', x: (x(0) + x(maxN)) / 2, y: y(0) + 34, 'text-anchor': 'middle' }, 'n (tokens)');
  svgEl(axes, 'text', { class: 'label', x: x(0), y: M.top - 12 }, 'time (ms)');
}

function tickText(t) {
  return t >= 1 ? formatCount(t) : String(t);
}

// The curve is drawn only where it stays inside the plot (it climbs fast).
function drawCurve(svg, x, y, c, maxN, top) {
  const pairs = [];
  for (let n = 0; n <= maxN; n += maxN / 64) {
    const ms = c * n * n;
    if (ms > top) break;
    pairs.push([x(n), y(ms)]);
  }
  svgEl(svg, 'polyline', { class: 'fit', points: pointsAttr(pairs), 'data-c': c });
}

function drawDots(svg, x, y, points, latestN) {
  const dots = svgEl(svg, 'g', { class: 'dots' });
  for (const { n, ms } of points) {
    svgEl(dots, 'circle', { class: n === latestN ? 'dot latest' : 'dot', cx: x(n), cy: y(ms), r: n === latestN ? 4.5 : 3,
      'data-n': n, 'data-ms': ms.toPrecision(4) });
  }
}

/** The plot in words, for screen readers and the caption. */
export function describeTimePlot(points, c, maxN, dk, causal) {
  const setting = `d\u2096 = ${dk}${causal ? ', causal' : ''}`;
  if (points.length === 0) return `Compute time against n (${setting}): no measurements yet.`;
  const fit = c === null ? '' : ` The fitted curve t = c \u00b7 n\u00b2 predicts ${formatMs(c * maxN * maxN)} at n = ${formatCount(maxN)}.`;
  return `Compute time against n (${setting}): ${points.length} measured point${points.length === 1 ? '' : 's'}.${fit}`;
}

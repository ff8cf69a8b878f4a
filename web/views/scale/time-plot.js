// The time plot: measured compute time against n, one dot per measurement,
// with the fitted t = c n^2 curve through them. The x axis always spans the
// slider's whole range, so the dots visibly fill in as the learner explores.

import { svg } from '../../shared/dom.js';
import { axes, linear, niceTicks, pointsAttr } from '../../shared/axes.js';
import { fitSquare } from './fit.js';
import { formatCount, formatMs, localDecimal } from './format.js';
import { t } from './words.js';

const W = 360;
const H = 220;
const M = { left: 46, right: 22, top: 24, bottom: 40 };

/**
 * plot: the <svg> to draw into; points: [{ n, ms }]; latestN: the dot to ring;
 * maxN: the slider's top. Returns the fitted c (or null).
 */
export function drawTimePlot(plot, { points, latestN, maxN, dk, causal }) {
  plot.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const c = fitSquare(points);
  const yTicks = niceTicks(Math.max(1, ...points.map((p) => p.ms)) * 1.1, 4);
  const top = yTicks.at(-1);
  const x = linear(0, maxN, M.left, W - M.right);
  const y = linear(0, top, H - M.bottom, M.top);
  const xTicks = [];
  for (let n = 0; n <= maxN; n += 1024) xTicks.push({ at: x(n), text: formatCount(n) });
  plot.replaceChildren(
    axes({ left: x(0), right: x(maxN), top: M.top, bottom: y(0) }, { baseline: true,
      y: yTicks.map((tick) => ({ at: y(tick), text: Number.isInteger(tick) ? formatCount(tick) : localDecimal(String(tick)) })), x: xTicks,
      xTitle: t('scale.axisN'), yTitle: t('scale.axisTime') }),
    ...(c === null ? [] : [curve(x, y, c, maxN, top)]),
    svg('g', { class: 'dots' }, points.map(({ n, ms }) => svg('circle', { class: n === latestN ? 'dot latest' : 'dot',
      cx: x(n), cy: y(ms), r: n === latestN ? 4.5 : 3, 'data-n': n, 'data-ms': ms.toPrecision(4) }))));
  plot.setAttribute('aria-label', describeTimePlot(points, c, maxN, dk, causal));
  return c;
}

// The curve is drawn only where it stays inside the plot (it climbs fast).
function curve(x, y, c, maxN, top) {
  const pairs = [];
  for (let n = 0; n <= maxN; n += maxN / 64) {
    const ms = c * n * n;
    if (ms > top) break;
    pairs.push([x(n), y(ms)]);
  }
  return svg('polyline', { class: 'fit', points: pointsAttr(pairs), 'data-c': c });
}

/** The plot in words, for screen readers and the caption. */
export function describeTimePlot(points, c, maxN, dk, causal) {
  const setting = t(causal ? 'scale.settingCausal' : 'scale.setting', { dk });
  if (points.length === 0) return t('scale.timeNone', { setting });
  const fit = c === null ? '' : t('scale.timeFit', { ms: formatMs(c * maxN * maxN), n: formatCount(maxN) });
  return t('scale.timePoints', { count: points.length, setting }) + fit;
}

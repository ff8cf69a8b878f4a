// The thermostat plot: the average largest share in a row against d_k (log
// scale, 2 to 512), with and without dividing the scores by sqrt(d_k). Without
// it the line climbs to 1.00 (one winner takes all); with it, it stays low.
// Both lines are labelled in place (not by colour alone) and use different marks.

import { el, svg } from '../../shared/dom.js';
import { axes, linear, pointsAttr, subscripted } from '../../shared/axes.js';
import { formatShare } from './format.js';
import { fixed2 } from '../../shared/numbers.js';
import { t } from './words.js';

const W = 360;
const H = 220;
const M = { left: 40, right: 14, top: 22, bottom: 40 };

/** plot: the <svg>; data: { n, rows: [{ dk, unscaled: { maxShare }, scaled: { maxShare } }] }; dk: the slider's d_k. */
export function drawThermoPlot(plot, data, dk) {
  plot.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const dks = data.rows.map((r) => r.dk);
  const [first, last] = [dks[0], dks.at(-1)];
  const x = linear(Math.log2(first), Math.log2(last), M.left, W - M.right);
  const xOf = (d) => x(Math.log2(d));
  const y = linear(0, 1, H - M.bottom, M.top);
  plot.replaceChildren(
    axes({ left: xOf(first), right: xOf(last), top: y(1), bottom: y(0) }, {
      y: [0, 0.25, 0.5, 0.75, 1].map((v) => ({ at: y(v), text: formatShare(v), line: v === 1 ? 'ceiling' : 'grid' })),
      x: dks.map((d) => ({ at: xOf(d), text: String(d) })), xTitle: t('scale.axisDk') }),
    // Even attention (1/n each) and the ceiling's meaning, in place.
    svg('line', { class: 'even', x1: xOf(first), x2: xOf(last), y1: y(1 / data.n), y2: y(1 / data.n) }),
    svg('text', { class: 'plot-note', x: xOf(first) + 4, y: y(1) + 14, text: t('scale.winnerTakesAll') }),
    ...(dk >= first && dk <= last ? marker(xOf(dk), y, dk) : []),
    series(xOf, y, data.rows, 'unscaled', 'circle'),
    series(xOf, y, data.rows, 'scaled', 'rect'),
    ...labels(xOf, y, data.rows.at(-1)));
  plot.setAttribute('aria-label', describeThermostat(data));
}

// The learner's d_k: a dashed vertical line, labelled above the plot (kept inside it at the ends).
function marker(at, y, dk) {
  const anchor = at < M.left + 50 ? 'start' : at > W - M.right - 50 ? 'end' : 'middle';
  return [svg('line', { class: 'marker', x1: at, x2: at, y1: y(0), y2: y(1) }),
    subscripted({ class: 'plot-note', x: at, y: y(1) - 8, 'text-anchor': anchor }, t('scale.yourDk', { dk }))];
}

function series(xOf, y, rows, which, mark) {
  return svg('g', { class: `series ${which}` },
    svg('polyline', { points: pointsAttr(rows.map((r) => [xOf(r.dk), y(r[which].maxShare)])) }),
    rows.map((r) => {
      const [cx, cy] = [xOf(r.dk), y(r[which].maxShare)];
      const data = { 'data-dk': r.dk, 'data-share': r[which].maxShare.toFixed(4) };
      return mark === 'circle' ? svg('circle', { cx, cy, r: 3.5, ...data })
        : svg('rect', { x: cx - 3.2, y: cy - 3.2, width: 6.4, height: 6.4, ...data });
    }));
}

// Labels sit by the last points: the unscaled one well under its line (clear of
// its climb), the scaled one above.
function labels(xOf, y, last) {
  const at = xOf(last.dk) - 6;
  return [subscripted({ class: 'series-label unscaled', x: at, y: y(last.unscaled.maxShare) + 50, 'text-anchor': 'end' },
    t('scale.seriesWithout')),
  subscripted({ class: 'series-label scaled', x: at, y: y(last.scaled.maxShare) - 12, 'text-anchor': 'end' },
    t('scale.seriesWith'))];
}

/** The plot's message in one or two sentences (also its text alternative). */
export function describeThermostat({ n, rows }) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const scaled = rows.map((r) => r.scaled.maxShare);
  return t('scale.thermoDescribe', { n, from: formatShare(first.unscaled.maxShare), dkFrom: first.dk,
    to: formatShare(last.unscaled.maxShare), dkTo: last.dk,
    low: formatShare(Math.min(...scaled)), high: formatShare(Math.max(...scaled)) });
}

// The table's columns after d_k: [series, field] of each row's numbers.
const COLUMNS = [['unscaled', 'maxShare'], ['scaled', 'maxShare'], ['unscaled', 'entropyBits'], ['scaled', 'entropyBits']];

/** Fills the table behind the plot (tbody) with one row per d_k, two decimals each. */
export function fillThermoTable(tbody, { rows }) {
  tbody.replaceChildren(...rows.map((r) => el('tr', { 'data-dk': r.dk }, el('th', { scope: 'row', text: r.dk }),
    COLUMNS.map(([which, field]) => el('td', { 'data-series': `${which}-${field}`, text: fixed2(r[which][field]) })))));
}

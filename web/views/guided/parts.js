// Pieces the guided steps and guesses draw with: token labels, bar charts, heat grids and
// the arrow picture. Every printed number is the core's; lengths and positions are layout.
// Their words are in the language in force ('tour.chart.*').
import { el, svg } from '../../shared/dom.js';
import { fixed2, vector } from '../../shared/numbers.js';
import { cellColors, rampColor, readRamp } from '../../shared/colour.js';
import { SCORE_RAMP, WEIGHT_RAMP, heatTable } from '../common/heat-table.js';
import { chain, first2, samePoint } from '../common/blend.js';
import { frame, viewBox } from './plot.js';
import { leaders, possessive, visibleKeys } from './captions.js';
import { listAnd } from '../../shared/i18n/messages.js';
import { t } from './words.js';

// "q" with a token as its subscript: q_sat.
export function sym(letter, token, cls = '') {
  return el('span', { class: `sym ${cls}` }, letter, el('sub', {}, tok(token)));
}

export const masked = (result, i, j) => result.logits[i][j] === -Infinity;

// A token as a label: long ones are cut with an ellipsis on screen (CSS), whole for assistive tech.
export function tok(t) {
  return el('span', { class: 'tok', title: t, text: t });
}

export const scroller = (child) => el('div', { class: 'g-scroll' }, child);

/**
 * Horizontal bars, one per row: { label, value (null: masked), text, mark? }. signed: a zero
 * line with negatives to its left; max: the full-width value (default: the largest |value|).
 */
export function barChart(title, rows, { signed = false, max, cls = '', markNote, gap = false } = {}) {
  const finite = rows.map((r) => r.value).filter((v) => v !== null && Number.isFinite(v));
  const lo = signed ? Math.min(0, ...finite) : 0;
  const hi = max ?? Math.max(1e-9, ...finite.map(Math.abs));
  const span = Math.max(hi - lo, 1e-9);
  const zero = (-lo / span) * 100;
  const bars = [];
  const items = rows.map((r, index) => {
    const track = el('span', { class: 'g-track' });
    if (signed) track.append(el('span', { class: 'g-zero' }));
    if (signed) track.lastChild.style.left = `${zero}%`;
    if (r.value !== null) {
      const v = Number.isFinite(r.value) ? r.value : hi;
      const bar = el('span', { class: `g-bar ${cls} ${v < 0 ? 'neg' : ''}` });
      bar.style.left = `${v < 0 ? zero + (v / span) * 100 : zero}%`;
      bar.style.width = `${Math.min(100, (Math.abs(v) / span) * 100)}%`;
      bar.style.transformOrigin = v < 0 ? 'right center' : 'left center';
      track.append(bar);
      bars.push(bar);
    }
    if (Number.isFinite(r.mark)) {
      const mark = el('span', { class: 'g-mark', title: t('tour.chart.yourGuess', { guess: fixed2(r.mark) }) });
      mark.style.left = `${Math.min(100, (r.mark / span) * 100)}%`;
      track.append(mark);
      // gap: the stretch between the guess and the truth, drawn (not only printed).
      if (gap && Number.isFinite(r.value)) {
        const g = el('span', { class: 'g-gap', 'aria-hidden': 'true' });
        g.style.left = `${Math.min(100, (Math.min(r.mark, r.value) / span) * 100)}%`;
        g.style.width = `${Math.min(100, (Math.abs(r.mark - r.value) / span) * 100)}%`;
        track.append(g);
      }
    }
    // data-key: the key's index, so a probe can mark the row its counterexample is about.
    return el('li', { class: `g-bar-row ${r.lead ? 'has-lead' : ''}`, 'data-key': r.key ?? index },
      el('span', { class: 'token' }, tok(r.label)),
      r.lead ? el('span', { class: 'g-value', text: r.lead }) : null, track, el('span', { class: 'g-value' }, r.text));
  });
  const marks = rows.some((r) => Number.isFinite(r.mark))
    ? el('p', { class: 'g-note', text: markNote ?? t(gap ? 'tour.chart.guessGapNote' : 'tour.chart.guessNote') }) : null;
  const element = el('figure', { class: 'g-chart' }, el('figcaption', { text: title }),
    el('ul', { class: `g-bars ${rows.length > 8 ? 'g-dense' : ''}`, 'aria-label': title }, items), marks);
  return { element, bars };
}

/** An n × n heat table: rows are askers, columns keys; the asker's row is marked. */
export function heatGrid(title, state, grid, result, { kind, style, picked }) {
  const ramp = readRamp(style(), kind === 'shares' ? '--_heat-weights' : '--_heat-scores',
    kind === 'shares' ? WEIGHT_RAMP : SCORE_RAMP);
  const finite = result.logits.flat().filter(Number.isFinite);
  const span = Math.max(1, ...finite.map(Math.abs));
  const chosen = new Set(picked ?? []);
  const cells = grid.map((row, i) => row.map((x, j) => {
    const off = masked(result, i, j);
    const td = el('td', { class: `heat ${off ? 'masked' : ''}`, text: off ? '—' : fixed2(x), 'data-cell': `${i},${j}` });
    if (off) td.setAttribute('aria-label', t('masked'));
    else {
      const colors = cellColors(rampColor(ramp, kind === 'shares' ? x : 0.5 + x / (2 * span)));
      td.style.backgroundColor = colors.background;
      td.style.color = colors.color;
    }
    if (picked) td.classList.add(chosen.has(`${i},${j}`) === off ? 'g-right' : 'g-wrong');
    return td;
  }));
  const { table, rows } = heatTable({ caption: title, className: 'heat-table g-heat', labels: state.tokens, label: tok,
    corner: { text: t('grids.corner') },
    cell: (i, j) => cells[i][j], rowProps: (i) => ({ class: i === state.asker ? 'g-asker' : '' }) });
  table.style.setProperty('--_n', state.tokens.length);
  if (state.tokens.length > 4) table.classList.add('g-many');
  return { element: el('figure', { class: 'g-grid' }, scroller(table)), rows, cells, title };
}

/** The value arrows (faint), each scaled by its share, from the origin or laid tip to tail. */
export function arrowPicture({ state, results: { now }, guess }, { laid, pin }) {
  const i = state.asker;
  const values = now.values.map(first2);
  const links = chain(now.values, now.weights[i]);
  const out = first2(now.outputs[i]);
  const tops = leaders(now.weights[i], visibleKeys(now, i)); // a tie on the printed shares: each is marked
  const points = [...values, ...links.map((l) => l.to), out];
  if (guess?.guess) points.push(guess.guess);
  if (pin) points.push(pin);
  const f = frame(points);
  const size = Math.max(f.w, f.h);
  const plot = svg('svg', { class: 'g-plot', viewBox: viewBox(f), role: 'img',
    'aria-label': laid ? t('tour.chart.laid', { asker: state.tokens[i], o: vector(now.outputs[i], fixed2) })
      : t('tour.chart.scaled', { owner: possessive(state.tokens[i]) }) });
  plot.append(axes(f));
  values.forEach((v) => plot.append(arrow(v, [0, 0], 'g-v-full', size)));
  // One label per point: tokens whose values land on the same point share it.
  for (const js of samePoint(now.values)) {
    const names = js.map((j) => state.tokens[j]);
    const who = names.length > 3 ? listAnd([...names.slice(0, 2), t('tour.more', { n: names.length - 2 })])
      : names.join(t('list.separator'));
    plot.append(label(values[js[0]], `v_${who} ${vector(now.values[js[0]])}`, size,
      js.some((j) => tops.includes(j)) ? 'g-label-top' : 'g-label', f));
  }
  const scaled = links.map((l) => {
    const g = svg('g', { class: 'g-scaled' }, arrow(l.scaled, laid ? l.from : [0, 0], 'g-v-scaled', size));
    plot.append(g);
    return g;
  });
  let output = null;
  if (laid) {
    output = svg('g', { class: 'g-output' }, arrow(out, [0, 0], 'g-o', size),
      label(out, `o_${state.tokens[i]} ≈ ${vector(now.outputs[i], fixed2)}`, size, 'g-label-o', f, true));
    plot.append(output);
  }
  if (guess?.guess) {
    // The gap from the pin to the truth, drawn: a dashed line from your pin to o.
    if (laid) plot.append(svg('line', { class: 'g-gap-line', x1: guess.guess[0], y1: -guess.guess[1], x2: out[0], y2: -out[1] }));
    plot.append(pinMark(guess.guess, size));
  }
  // Which scaled arrow is which, in words beside the picture (labels at tiny arrows would collide).
  // The four largest shares by name, then how many more (a sentence, not a ten-term sum).
  const w = now.weights[i];
  const named = [...links].sort((a, b) => w[b.j] - w[a.j]).slice(0, 4);
  const rest = links.length - named.length;
  const restMax = rest ? Math.max(...links.filter((l) => !named.includes(l)).map((l) => w[l.j])) : 0;
  const legend = el('p', { class: 'g-legend' }, named.map((l, k) => el('span', { class: 'g-legend-item' },
    `${fixed2(w[l.j])} × `, sym('v', state.tokens[l.j], 'role-v'), k < named.length - 1 || rest ? ' + ' : '')),
  rest ? el('span', { class: 'g-legend-item', text: t('tour.chart.rest', { n: rest, max: fixed2(restMax) }) }) : null);
  return { element: el('figure', { class: 'g-figure' }, plot, legend), plot, scaled, links, output, frame: f, size };
}


export function pinMark(p, size) {
  const r = size * 0.025;
  return svg('g', { class: 'g-pin' }, svg('circle', { cx: p[0], cy: -p[1], r }),
    svg('line', { x1: p[0] - r * 1.6, x2: p[0] + r * 1.6, y1: -p[1], y2: -p[1] }),
    svg('line', { x1: p[0], x2: p[0], y1: -p[1] - r * 1.6, y2: -p[1] + r * 1.6 }));
}

function axes(f) {
  return svg('g', { class: 'g-axes' },
    svg('line', { x1: f.x, x2: f.x + f.w, y1: 0, y2: 0 }), svg('line', { x1: 0, x2: 0, y1: -(f.y + f.h), y2: -f.y }));
}

function arrow(vec, from, cls, size) {
  const [x0, y0] = from;
  const x1 = x0 + vec[0];
  const y1 = y0 + vec[1];
  const len = Math.hypot(vec[0], vec[1]);
  const g = svg('g', { class: cls }, svg('line', { x1: x0, y1: -y0, x2: x1, y2: -y1 }));
  if (len > 1e-9) {
    const h = Math.min(len * 0.5, size * 0.045);
    const ux = vec[0] / len; const uy = vec[1] / len;
    const bx = x1 - ux * h; const by = y1 - uy * h;
    const pts = [[x1, -y1], [bx - uy * h * 0.5, -(by + ux * h * 0.5)], [bx + uy * h * 0.5, -(by - ux * h * 0.5)]];
    g.append(svg('polygon', { points: pts.map((p) => p.map((v) => v.toFixed(4)).join(',')).join(' ') }));
  }
  return g;
}

// Labels read inward (toward the middle of the picture) so they are never cut at its edge.
function label(at, text, size, cls, f, below = false) {
  const inward = at[0] > f.x + f.w / 2;
  return svg('text', { class: cls, x: at[0] + (inward ? -1 : 1) * size * 0.015,
    y: -at[1] + (below ? size * 0.06 : -size * 0.02), 'text-anchor': inward ? 'end' : 'start',
    'font-size': size * 0.042, text });
}

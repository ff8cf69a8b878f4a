// What each guided step puts on screen: one builder per step, from the core's
// result for the current example and asker. A builder returns { element, play }:
// the element in its final state, and play(motion) for its short transition.
// Guess steps hand over to guesses.js until the learner has guessed (or skipped).
// Every printed number is the core's; positions and bar lengths are layout only.
import { el, svg } from '../shared/dom.js';
import { compact, fixed2 } from '../shared/numbers.js';
import { cellColors, rampColor, readRamp } from '../shared/colour.js';
import { approx, products, vector } from '../widget/format.js';
import { chain, first2, frame, viewBox } from './plot.js';
import { visibleKeys, topKey } from './captions.js';
import { guessView } from './guesses.js';

const WEIGHT_RAMP = '#f7fbff #c6dbef #6baed6 #2171b5 #08306b';
const SCORE_RAMP = '#8c510a #d8b365 #f5f5f5 #5ab4ac #01665e';

/** { element, play } for step `id`. ctx: { state, results, style (() => computed style), guess, onGuess, predict } */
export function buildStage(id, ctx) {
  if (ctx.predict && ctx.guessable && !ctx.guess) return guessView(ctx.kind, ctx);
  return BUILDERS[id](ctx);
}

// "q" with a token as its subscript: q_sat.
export function sym(letter, token, cls = '') {
  return el('span', { class: `sym ${cls}` }, letter, el('sub', {}, tok(token)));
}

const masked = (result, i, j) => result.logits[i][j] === -Infinity;

// A token as a label: long ones are cut with an ellipsis on screen (CSS), whole for assistive tech.
export function tok(t) {
  return el('span', { class: 'tok', title: t, text: t });
}

const BUILDERS = {
  score({ state, results: { now } }) {
    const i = state.asker;
    const q = now.queries[i];
    const rows = state.tokens.map((t, j) => el('tr', {},
      el('th', { scope: 'row', class: 'token' }, tok(t)),
      el('td', { class: 'role-k g-k', text: vector(now.keys[j]) }),
      el('td', { class: 'g-dot' }, masked(now, i, j) ? 'masked: a later word'
        : [`${products(q, now.keys[j])} = `, el('strong', { text: compact(now.scores[i][j]) })])));
    const table = el('table', { class: 'g-table', 'aria-label': 'Scores, slot by slot' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'key' }), el('th', { scope: 'col', class: 'role-k g-k', text: 'k' }),
        el('th', { scope: 'col' }, 'score = ', sym('q', state.tokens[i], 'role-q'), ' · k, slot by slot'))),
      el('tbody', {}, rows));
    if (state.tokens.length > 4) table.classList.add('g-many-rows');
    if (state.tokens.length > 8) table.classList.add('g-dense');
    const element = el('div', { class: 'g-stage-score' },
      el('p', { class: 'g-big role-q' }, sym('q', state.tokens[i]), ` = ${vector(q)}`), scroller(table));
    return { element, play: (m) => m.enter(rows) };
  },

  bars({ state, results: { now } }) {
    const i = state.asker;
    const rows = state.tokens.map((t, j) => ({ label: t, value: masked(now, i, j) ? null : now.scores[i][j],
      text: masked(now, i, j) ? 'masked' : compact(now.scores[i][j]) }));
    const chart = barChart('Scores', rows, { signed: true, cls: 'g-bar-score' });
    return { element: chart.element, play: (m) => chart.bars.forEach((b, k) => m.grow(b, 0, k, chart.bars.length)) };
  },

  exp({ state, results: { now } }) {
    const i = state.asker;
    const e = now.exponentials[i];
    const rows = state.tokens.map((t, j) => {
      if (masked(now, i, j)) return { label: t, value: null, text: 'masked' };
      const rest = e[j] === Infinity ? ' is too large to print' : ` ${approx(e[j])} ${fixed2(e[j])}`;
      return { label: t, value: e[j], text: el('span', {}, 'e', el('sup', { text: compact(now.logits[i][j]) }), rest) };
    });
    const chart = barChart('e to each score', rows, { cls: 'g-bar-exp' });
    const total = el('p', { class: 'g-total' }, 'total ', el('strong', {
      text: `${approx(now.expSums[i])} ${fixed2(now.expSums[i])}` }));
    const note = now.divisor !== 1
      ? el('p', { class: 'g-note', text: `Each score is divided by ${compact(now.divisor)} first.` }) : null;
    // Each bar starts at its length as a score bar (step 2) and grows or shrinks into e^score.
    const keys = visibleKeys(now, i);
    const s = keys.map((j) => now.scores[i][j]);
    const span = Math.max(...s, 0) - Math.min(...s, 0) || 1;
    const maxE = Math.max(...keys.map((j) => e[j]).filter(Number.isFinite), 1e-9);
    const from = keys.map((j, k) => (Math.abs(s[k]) / span) / Math.max(e[j] / maxE, 1e-9));
    return { element: el('div', {}, note, chart.element, total),
      play: (m) => { chart.bars.forEach((b, k) => m.grow(b, Math.min(from[k], 20), k, chart.bars.length)); m.appear(total, 250); } };
  },

  shares(ctx) {
    const { state, results: { now }, guess } = ctx;
    const i = state.asker;
    const w = now.weights[i];
    const rows = state.tokens.map((t, j) => (masked(now, i, j) ? { label: t, value: null, text: 'masked' } : {
      label: t, value: w[j], mark: guess?.guess?.[j],
      text: `${fixed2(now.exponentials[i][j])} ÷ ${fixed2(now.expSums[i])} ${approx(w[j])} ${fixed2(w[j])}`,
    }));
    const chart = barChart('Shares', rows, { cls: 'g-bar-share', max: 1 });
    const sum = visibleKeys(now, i).reduce((t, j) => t + w[j], 0);
    const total = el('p', { class: 'g-total' }, 'sum ', el('strong', { text: fixed2(sum) }));
    // Each bar starts at its length as an e^score bar (step 3) and becomes its share of the whole.
    const keys = visibleKeys(now, i);
    const maxE = Math.max(...keys.map((j) => now.exponentials[i][j]).filter(Number.isFinite), 1e-9);
    const from = keys.map((j) => (now.exponentials[i][j] / maxE) / Math.max(w[j], 1e-9));
    return { element: el('div', {}, chart.element, total, verdict(guess)),
      play: (m) => chart.bars.forEach((b, k) => m.grow(b, Math.min(from[k], 20), k, chart.bars.length)) };
  },

  scale(ctx) {
    const picture = arrowPicture(ctx, { laid: false });
    return { element: picture.element, play: (m) => picture.scaled.forEach((g, k) => {
      const j = picture.links[k].j;
      m.glide(g, `scale(${1 / Math.max(ctx.results.now.weights[ctx.state.asker][j], 1e-3)})`, k, picture.scaled.length);
    }) };
  },

  blend(ctx) {
    const picture = arrowPicture(ctx, { laid: true });
    return { element: el('div', {}, picture.element, verdict(ctx.guess)), play: (m) => {
      picture.scaled.forEach((g, k) => {
        const [fx, fy] = picture.links[k].from;
        m.glide(g, `translate(${-fx}px, ${fy}px)`, k, picture.scaled.length);
      });
      m.appear(picture.output, 300);
    } };
  },

  project({ state, results: { now } }) {
    const i = state.asker;
    const x = state.embeddings[i];
    const t = state.tokens[i];
    // W_Q, W_K and W_V, each row dotted with the asker's embedding: q, k and v, number by number.
    const blocks = [['Q', 'q', 'queries', state.wq], ['K', 'k', 'keys', state.wk], ['V', 'v', 'values', state.wv]]
      .map(([W, letter, field, grid]) => {
        const out = now[field][i];
        const rows = grid.map((row, r) => el('li', {}, el('span', { class: 'role-w', text: vector(row) }),
          letter === 'q' ? ` · x = ${products(row, x)} = ` : ' · x = ',
          el('strong', { class: `role-${letter}`, text: compact(out[r]) })));
        const head = el('p', { class: 'g-block-head' }, sym(letter, t, `role-${letter}`), ' = ',
          el('span', { class: 'role-w' }, 'W', el('sub', { text: W })), ` x = ${vector(out)}`);
        return { element: el('div', { class: 'g-block' }, head,
          el('ol', { class: 'g-rows', 'aria-label': `W_${W}, row by row` }, rows)), rows };
      });
    const element = el('div', {},
      el('p', { class: 'g-big' }, sym('x', t), ` = ${vector(x)} meets each violet row:`),
      el('div', { class: 'g-blocks' }, blocks.map((b) => b.element)));
    return { element, play: (m) => m.enter(blocks.flatMap((b) => [b.element.firstChild, ...b.rows])) };
  },

  everyone({ state, results: { now }, style }) {
    const scores = heatGrid('Scores', state, now.logits, now, { kind: 'scores', style });
    const shares = heatGrid('Shares', state, now.weights, now, { kind: 'shares', style });
    const element = pair(scores, shares, 1);
    return { element, play: (m) => m.enter([...scores.rows, ...shares.rows]) };
  },

  mask(ctx) {
    const { state, results: { open, masked: m2 }, style, guess } = ctx;
    const before = heatGrid('Shares, no mask', state, open.weights, open, { kind: 'shares', style });
    const after = heatGrid('Shares, masked', state, m2.weights, m2, { kind: 'shares', style, picked: guess?.guess });
    const element = el('div', {}, pair(before, after, 1), verdict(guess));
    return { element, play: (m) => m.enter(after.cells.flat().filter((c) => c.classList.contains('masked'))) };
  },

  thermostat(ctx) {
    const { state, results: { hot, cool }, guess } = ctx;
    const i = state.asker;
    const keys = visibleKeys(cool, i);
    // Each key: its score off -> on, then its share as a bar (on) with a thin line where it was (off).
    const rows = keys.map((j) => ({ label: state.tokens[j], value: cool.weights[i][j], mark: hot.weights[i][j],
      lead: `${fixed2(hot.logits[i][j])} → ${fixed2(cool.logits[i][j])}`,
      text: `${fixed2(hot.weights[i][j])} → ${fixed2(cool.weights[i][j])}` }));
    const chart = barChart('Scores, then shares: thermostat off → on', rows,
      { max: 1, cls: 'g-bar-share', markNote: 'The thin line on each bar is the share with the thermostat off.' });
    const from = keys.map((j) => hot.weights[i][j] / Math.max(cool.weights[i][j], 1e-9));
    const element = el('div', {}, chart.element, verdict(guess));
    return { element, play: (m) => chart.bars.forEach((b, k) => m.grow(b, from[k], k, chart.bars.length)) };
  },
};

// Two grids side by side when there is room; on a narrow screen with many tokens, one at a
// time with a switch (both stacked would not fit one phone screen). `shown`: the default one.
function pair(a, b, shown) {
  const grids = [a, b];
  const names = grids.map((g) => g.title);
  const buttons = names.map((name, k) => {
    const button = el('button', { type: 'button', 'aria-pressed': String(k === shown), text: name });
    button.addEventListener('click', () => pick(k));
    return button;
  });
  const element = el('div', { class: `g-pair ${a.cells.length > 4 ? 'g-pair-many' : ''}` },
    el('div', { class: 'g-pair-switch', role: 'group', 'aria-label': 'Which grid' }, buttons),
    el('div', { class: 'g-grids' }, grids.map((g) => g.element)));
  function pick(k) {
    buttons.forEach((button, m) => button.setAttribute('aria-pressed', String(m === k)));
    grids.forEach((g, m) => g.element.classList.toggle('g-off', m !== k));
  }
  pick(shown);
  return element;
}

/** The "you said …, it is …" line under a reveal (null when there was no guess). */
function verdict(guess) {
  if (!guess) return null;
  return el('p', { class: 'g-verdict', text: guess.skipped ? 'You skipped this guess.' : guess.scored.text });
}

const scroller = (child) => el('div', { class: 'g-scroll' }, child);

/**
 * Horizontal bars, one per row: { label, value (null: masked), text, mark? }. signed: a zero
 * line with negatives to its left; max: the full-width value (default: the largest |value|).
 */
export function barChart(title, rows, { signed = false, max, cls = '', markNote } = {}) {
  const finite = rows.map((r) => r.value).filter((v) => v !== null && Number.isFinite(v));
  const lo = signed ? Math.min(0, ...finite) : 0;
  const hi = max ?? Math.max(1e-9, ...finite.map(Math.abs));
  const span = Math.max(hi - lo, 1e-9);
  const zero = (-lo / span) * 100;
  const bars = [];
  const items = rows.map((r) => {
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
      const mark = el('span', { class: 'g-mark', title: `your guess, ${fixed2(r.mark)}` });
      mark.style.left = `${Math.min(100, (r.mark / span) * 100)}%`;
      track.append(mark);
    }
    return el('li', { class: `g-bar-row ${r.lead ? 'has-lead' : ''}` }, el('span', { class: 'token' }, tok(r.label)),
      r.lead ? el('span', { class: 'g-value', text: r.lead }) : null, track, el('span', { class: 'g-value' }, r.text));
  });
  const marks = rows.some((r) => Number.isFinite(r.mark))
    ? el('p', { class: 'g-note', text: markNote ?? 'The thin line on each bar is your guess.' }) : null;
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
    const td = el('td', { class: `heat ${off ? 'masked' : ''}`, text: off ? '—' : fixed2(x) });
    if (off) td.setAttribute('aria-label', 'masked');
    else {
      const colors = cellColors(rampColor(ramp, kind === 'shares' ? x : 0.5 + x / (2 * span)));
      td.style.backgroundColor = colors.background;
      td.style.color = colors.color;
    }
    if (picked) td.classList.add(chosen.has(`${i},${j}`) === off ? 'g-right' : 'g-wrong');
    return td;
  }));
  const rows = state.tokens.map((t, i) => el('tr', { class: i === state.asker ? 'g-asker' : '' },
    el('th', { scope: 'row' }, tok(t)), cells[i]));
  const table = el('table', { class: 'heat-table g-heat' }, el('caption', { text: title }),
    el('thead', {}, el('tr', {}, el('td', { class: 'corner', text: 'asker ↓ key →' }),
      state.tokens.map((t) => el('th', { scope: 'col' }, tok(t))))),
    el('tbody', {}, rows));
  table.style.setProperty('--n', state.tokens.length);
  if (state.tokens.length > 4) table.classList.add('g-many');
  return { element: el('figure', { class: 'g-grid' }, scroller(table)), rows, cells, title };
}

/** The value arrows (faint), each scaled by its share, from the origin or laid tip to tail. */
export function arrowPicture({ state, results: { now }, guess }, { laid, pin }) {
  const i = state.asker;
  const values = now.values.map(first2);
  const links = chain(now.values, now.weights[i]);
  const out = first2(now.outputs[i]);
  const top = topKey(now, i);
  const points = [...values, ...links.map((l) => l.to), out];
  if (guess?.guess) points.push(guess.guess);
  if (pin) points.push(pin);
  const f = frame(points);
  const size = Math.max(f.w, f.h);
  const plot = svg('svg', { class: 'g-plot', viewBox: viewBox(f), role: 'img',
    'aria-label': laid ? `The scaled values tip to tail, ending at o_${state.tokens[i]} ≈ ${vector(now.outputs[i], fixed2)}`
      : `Each value scaled by ${state.tokens[i]}'s share for it` });
  plot.append(axes(f));
  values.forEach((v) => plot.append(arrow(v, [0, 0], 'g-v-full', size)));
  // One label per point: tokens whose values land on the same point share it.
  for (const js of samePoint(now.values)) {
    const names = js.map((j) => state.tokens[j]);
    const who = names.length > 3 ? `${names.slice(0, 2).join(', ')} and ${names.length - 2} more` : names.join(', ');
    plot.append(label(values[js[0]], `v_${who} ${vector(now.values[js[0]])}`, size,
      js.includes(top) ? 'g-label-top' : 'g-label', f));
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
  if (guess?.guess) plot.append(pinMark(guess.guess, size));
  // Which scaled arrow is which, in words beside the picture (labels at tiny arrows would collide).
  // The four largest shares by name, then how many more (a sentence, not a ten-term sum).
  const w = now.weights[i];
  const named = [...links].sort((a, b) => w[b.j] - w[a.j]).slice(0, 4);
  const rest = links.length - named.length;
  const restMax = rest ? Math.max(...links.filter((l) => !named.includes(l)).map((l) => w[l.j])) : 0;
  const legend = el('p', { class: 'g-legend' }, named.map((l, k) => el('span', { class: 'g-legend-item' },
    `${fixed2(w[l.j])} × `, sym('v', state.tokens[l.j], 'role-v'), k < named.length - 1 || rest ? ' + ' : '')),
  rest ? el('span', { class: 'g-legend-item', text: `the other ${rest}, each at most ${fixed2(restMax)}` }) : null);
  return { element: el('figure', { class: 'g-figure' }, plot, legend), plot, scaled, links, output, frame: f, size };
}

// Groups of value indices whose first two numbers print the same (one label each).
function samePoint(values) {
  const groups = new Map();
  values.forEach((v, j) => {
    const key = first2(v).map((x) => x.toFixed(2)).join();
    groups.set(key, [...(groups.get(key) ?? []), j]);
  });
  return [...groups.values()];
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

// What each guided step puts on screen: one builder per step, from the core's
// result for the current example and asker. A builder returns { element, play }:
// the element in its final state, and play(motion) for its short transition.
// Guess steps hand over to guesses.js until the learner has guessed (or skipped).
// Every printed number is the core's; positions and bar lengths are layout only. Words in the
// language in force: the widget's own where they are the same (grids.*, masked), else 'tour.stage.*'.
import { el } from '../../shared/dom.js';
import { compact, fixed2, approx, products, vector } from '../../shared/numbers.js';
import { possessive, visibleKeys } from './captions.js';
import { listAnd } from '../../shared/i18n/messages.js';
import { t } from './words.js';
import { arrowPicture, barChart, heatGrid, masked, scroller, sym, tok } from './parts.js';
import { guessView } from './guesses.js';

/** { element, play } for step `id`. ctx: { state, results, style (() => computed style), guess, onGuess, predict } */
export function buildStage(id, ctx) {
  if (ctx.predict && ctx.guessable && !ctx.guess) return guessView(ctx.kind, ctx);
  return BUILDERS[id](ctx);
}

const BUILDERS = {
  score({ state, results: { now } }) {
    const i = state.asker;
    const q = now.queries[i];
    const rows = state.tokens.map((token, j) => el('tr', {},
      el('th', { scope: 'row', class: 'token' }, tok(token)),
      el('td', { class: 'role-k g-k', text: vector(now.keys[j]) }),
      el('td', { class: 'g-dot' }, masked(now, i, j) ? t('tour.stage.maskedLater')
        : [`${products(q, now.keys[j])} = `, el('strong', { text: compact(now.scores[i][j]) })])));
    const table = el('table', { class: 'g-table', 'aria-label': t('tour.stage.scoresTable') },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: t('asker.key') }), el('th', { scope: 'col', class: 'role-k g-k', text: 'k' }),
        el('th', { scope: 'col' }, t('tour.stage.scoreIs'), sym('q', state.tokens[i], 'role-q'), t('tour.stage.slotBySlot')))),
      el('tbody', {}, rows));
    if (state.tokens.length > 4) table.classList.add('g-many-rows');
    if (state.tokens.length > 8) table.classList.add('g-dense');
    const element = el('div', { class: 'g-stage-score' },
      el('p', { class: 'g-big role-q' }, sym('q', state.tokens[i]), ` = ${vector(q)}`), scroller(table));
    return { element, play: (m) => m.enter(rows) };
  },

  bars({ state, results: { now } }) {
    const i = state.asker;
    const rows = state.tokens.map((token, j) => ({ label: token, value: masked(now, i, j) ? null : now.scores[i][j],
      text: masked(now, i, j) ? t('masked') : compact(now.scores[i][j]) }));
    const chart = barChart(t('grids.scores'), rows, { signed: true, cls: 'g-bar-score' });
    return { element: chart.element, play: (m) => chart.bars.forEach((b, k) => m.grow(b, 0, k, chart.bars.length)) };
  },

  exp({ state, results: { now } }) {
    const i = state.asker;
    const e = now.exponentials[i];
    const rows = state.tokens.map((token, j) => {
      if (masked(now, i, j)) return { label: token, value: null, text: t('masked') };
      const rest = e[j] === Infinity ? t('asker.tooLarge') : ` ${approx(e[j])} ${fixed2(e[j])}`;
      return { label: token, value: e[j], text: el('span', {}, 'e', el('sup', { text: compact(now.logits[i][j]) }), rest) };
    });
    const chart = barChart(t('tour.stage.exp'), rows, { cls: 'g-bar-exp' });
    const total = el('p', { class: 'g-total' }, t('tour.stage.total'), el('strong', {
      text: `${approx(now.expSums[i])} ${fixed2(now.expSums[i])}` }));
    const note = now.divisor !== 1
      ? el('p', { class: 'g-note', text: t('tour.stage.divided', { divisor: compact(now.divisor) }) }) : null;
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
    const rows = state.tokens.map((token, j) => (masked(now, i, j) ? { label: token, value: null, text: t('masked') } : {
      label: token, value: w[j], mark: guess?.guess?.[j],
      text: `${fixed2(now.exponentials[i][j])} ÷ ${fixed2(now.expSums[i])} ${approx(w[j])} ${fixed2(w[j])}`,
    }));
    const chart = barChart(t('grids.shares'), rows, { cls: 'g-bar-share', max: 1, gap: true });
    const sum = visibleKeys(now, i).reduce((total, j) => total + w[j], 0);
    const total = el('p', { class: 'g-total' }, t('tour.stage.sum'), el('strong', { text: fixed2(sum) }));
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
    const token = state.tokens[i];
    // W_Q, W_K and W_V, each row dotted with the asker's embedding: q, k and v, number by number.
    const blocks = [['Q', 'q', 'queries', state.wq], ['K', 'k', 'keys', state.wk], ['V', 'v', 'values', state.wv]]
      .map(([W, letter, field, grid]) => {
        const out = now[field][i];
        const rows = grid.map((row, r) => el('li', {}, el('span', { class: 'role-w', text: vector(row) }),
          letter === 'q' ? ` · x = ${products(row, x)} = ` : ' · x = ',
          el('strong', { class: `role-${letter}`, text: compact(out[r]) })));
        const head = el('p', { class: 'g-block-head' }, sym(letter, token, `role-${letter}`), ' = ',
          el('span', { class: 'role-w' }, 'W', el('sub', { text: W })), ` x = ${vector(out)}`);
        return { element: el('div', { class: 'g-block' }, head,
          el('ol', { class: 'g-rows', 'aria-label': t('tour.stage.rowByRow', { name: `W_${W}` }) }, rows)), rows };
      });
    const element = el('div', {},
      el('p', { class: 'g-big' }, sym('x', token), t('tour.stage.meets', { x: vector(x) })),
      el('div', { class: 'g-blocks' }, blocks.map((b) => b.element)));
    return { element, play: (m) => m.enter(blocks.flatMap((b) => [b.element.firstChild, ...b.rows])) };
  },

  everyone({ state, results: { now }, style }) {
    const scores = heatGrid(t('grids.scores'), state, now.logits, now, { kind: 'scores', style });
    const shares = heatGrid(t('grids.shares'), state, now.weights, now, { kind: 'shares', style });
    const element = pair(scores, shares, 1);
    return { element, play: (m) => m.enter([...scores.rows, ...shares.rows]) };
  },

  mask(ctx) {
    const { state, results: { open, masked: m2 }, style, guess } = ctx;
    const before = heatGrid(t('tour.stage.noMask'), state, open.weights, open, { kind: 'shares', style });
    const after = heatGrid(t('tour.stage.masked'), state, m2.weights, m2, { kind: 'shares', style, picked: guess?.guess });
    const element = el('div', {}, pair(before, after, 1), verdict(guess));
    return { element, play: (m) => m.enter(after.cells.flat().filter((c) => c.classList.contains('masked'))) };
  },

  thermostat(ctx) {
    const { state, results: { hot, cool }, guess } = ctx;
    const i = state.asker;
    const keys = visibleKeys(cool, i);
    // Each key: its score off -> on, then its share as a bar (on) with a thin line where it was (off).
    const rows = keys.map((j) => ({ key: j, label: state.tokens[j], value: cool.weights[i][j], mark: hot.weights[i][j],
      lead: `${fixed2(hot.logits[i][j])} → ${fixed2(cool.logits[i][j])}`,
      text: `${fixed2(hot.weights[i][j])} → ${fixed2(cool.weights[i][j])}` }));
    const chart = barChart(t('tour.stage.thermostat'), rows,
      { max: 1, cls: 'g-bar-share', markNote: t('tour.stage.thermostatNote') });
    const from = keys.map((j) => hot.weights[i][j] / Math.max(cool.weights[i][j], 1e-9));
    const element = el('div', {}, chart.element, verdict(guess));
    return { element, play: (m) => chart.bars.forEach((b, k) => m.grow(b, from[k], k, chart.bars.length)) };
  },

  // softmax(QKᵀ/√d_k)V, each part tied to the step and the numbers that showed it, for the asker.
  formula({ state, results: { now } }) {
    const i = state.asker;
    const token = state.tokens[i];
    const keys = visibleKeys(now, i);
    // The first four numbers of a row, then how many more: "0.09, 0.67, 0.24" (the language's list).
    const row = (xs, f) => {
      const shown = keys.slice(0, 4).map((j) => f(xs[j]));
      return keys.length > 4 ? listAnd([...shown, t('tour.more', { n: keys.length - 4 })]) : shown.join(t('list.separator'));
    };
    const dk = now.dK;
    const part = (head, text, ...extra) => el('li', {}, el('span', { class: 'g-formula-head' }, ...head),
      t('tour.formula.part', { text }), ...extra);
    const owner = possessive(token);
    const parts = [
      part([el('span', { class: 'role-q', text: 'Q' }), ', ', el('span', { class: 'role-k', text: 'K' }), ', ',
        el('span', { class: 'role-v', text: 'V' })],
      t('tour.formula.qkv'), sym('q', token, 'role-q'), ` = ${vector(now.queries[i])}.`),
      part([el('span', { class: 'role-q', text: 'Q' }), el('span', { class: 'role-k', text: 'Kᵀ' })],
        t('tour.formula.scores', { owner, row: row(now.scores[i], compact) })),
      part(['÷ √d_k'], now.divisor !== 1 ? t('tour.formula.divided', { divisor: fixed2(now.divisor) })
        : t('tour.formula.off', { dk, value: dk === 1 ? ' = 1' : ` ≈ ${fixed2(Math.sqrt(dk))}` })),
      state.causal ? part([t('tour.formula.maskHead')], t('tour.formula.mask')) : null,
      part(['softmax'], t('tour.formula.softmax', { owner, row: row(now.weights[i], fixed2) })),
      part([el('span', { class: 'role-v', text: '· V' })], t('tour.formula.values', { asker: token, o: vector(now.outputs[i], fixed2) })),
    ].filter(Boolean);
    const element = el('div', { class: 'g-formula-box' },
      el('p', { class: 'g-formula', 'aria-label': t('tour.formula.label') },
        'softmax(', el('span', { class: 'role-q', text: 'Q' }), el('span', { class: 'role-k', text: 'Kᵀ' }), ' / √d', el('sub', { text: 'k' }),
        ') ', el('span', { class: 'role-v', text: 'V' })),
      el('ol', { class: 'g-formula-parts' }, parts));
    return { element, play: (m) => m.enter(parts) };
  },

  // Step 12 keeps its own run between visits (train-stage.js); the view hands it in.
  train({ training }) {
    training.show();
    return { element: training.element, play: () => {} };
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
    el('div', { class: 'g-pair-switch', role: 'group', 'aria-label': t('tour.stage.whichGrid') }, buttons),
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
  return el('p', { class: 'g-verdict', text: guess.skipped ? t('tour.guess.skipped') : guess.scored.text });
}


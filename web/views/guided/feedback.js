// Motion and feedback for the full widget (no `guided`): what a learner sees after an
// edit and while exploring the grids. Installed once on the widget's views:
//  - changed numbers flash briefly after an edit and the arrows glide to their new places
//    (never during a drag; never under prefers-reduced-motion);
//  - hovering or focusing a grid cell says how it was made ("q_sat · k_cat = 1 × 1 + 1 × 1 = 2");
//  - clicking a grid row (or pressing Enter on it) makes that token the asker, and the asker's
//    row is marked in both grids;
//  - when the asker is the last token, a line beside the causal switch says why the mask
//    changes nothing for it and suggests another asker;
//  - after a value drag, a line says the shares did not change (values only change the blend).
// Every number it prints is the core's result; text goes in through textContent only.
import { el } from '../../shared/dom.js';
import { compact, fixed2, approx, products } from '../../shared/numbers.js';
import { prefersReducedMotion } from './motion.js';
import { inLocaleOf, t, text } from '../../shared/i18n/messages.js';

const FLASH_MS = 600;
const QUIET = new Set(['drag', 'load', 'preset', 'config', 'lang']); // drags flash nothing; a new example is all new; a new language changes no number
// Training that plays repaints every frame: every number changes every time, so a flash or a
// glide says nothing and costs a frame's budget. A training step flashes only when it comes alone.
const TRAIN_RUN_MS = FLASH_MS;

/**
 * @param {{ watch: Element, grids: Element, causalNote: Element, dragNote: Element,
 *           onAsker: (i: number) => void }} parts
 *   watch: the element whose changed numbers flash; grids: the grids' container;
 *   causalNote / dragNote: empty paragraphs placed beside the causal switch and the arrows.
 */
export function createFeedback({ watch, grids, arrows, causalNote, dragNote, onAsker }) {
  const glide = arrows ? createGlide(arrows) : () => {};
  const explain = el('p', { class: 'cell-explain', 'aria-live': 'polite', ...text('feedback.hint') });
  grids.after(explain);
  let last = null; // { state, result }
  let trainedAt = -Infinity; // when the latest training step was painted
  const changed = new MutationObserver(() => {}); // read with takeRecords() right after a paint
  changed.observe(watch, { characterData: true, subtree: true, childList: true });

  const cellAt = (target) => target?.closest?.('td.heat, th[scope="row"]');
  function where(cell) {
    const row = cell.closest('tr');
    const table = cell.closest('table');
    if (!row || !table?.tBodies[0]?.contains(row)) return null;
    const i = [...table.tBodies[0].rows].indexOf(row);
    const j = cell.tagName === 'TD' ? [...row.cells].indexOf(cell) - 1 : -1;
    return { i, j, shares: table.classList.contains('grid-weights') };
  }

  function show(cell) {
    const at = where(cell);
    if (!at || !last || at.j < 0) return;
    // A learner's event, outside a paint: in the language of the element the grid is in.
    explain.textContent = inLocaleOf(explain, () => cellStory(last.state, last.result, at));
  }

  grids.addEventListener('pointerover', (event) => { const c = cellAt(event.target); if (c) show(c); });
  grids.addEventListener('focusin', (event) => { const c = cellAt(event.target); if (c) show(c); });
  grids.addEventListener('click', (event) => {
    const c = cellAt(event.target);
    const at = c && where(c);
    if (at && last && at.i !== last.state.asker) onAsker(at.i);
  });
  grids.addEventListener('keydown', (event) => moveFocus(event, grids, onAsker, where));

  /** After every paint: mark the asker's rows, update the notes, flash what changed. */
  function painted(state, result, reason) {
    last = { state, result };
    markAsker(grids, state.asker);
    makeFocusable(grids, state.asker);
    setNote(causalNote, causalWhy(state));
    if (reason === 'drag') setNote(dragNote, t('feedback.dragNote'));
    else if (reason !== 'asker') setNote(dragNote, '');
    const records = changed.takeRecords();
    const still = QUIET.has(reason) || inTrainingRun(reason);
    if (!still && !prefersReducedMotion()) flash(records);
    glide(state, result, still);
  }

  // True for a training step painted soon after another: training is playing.
  function inTrainingRun(reason) {
    if (reason !== 'train') return false;
    const now = performance.now(), running = now - trainedAt < TRAIN_RUN_MS;
    trainedAt = now;
    return running;
  }

  return { painted, explain, disconnect: () => changed.disconnect() };
}

function setNote(node, text) {
  if (node.textContent !== text) node.textContent = text;
  node.hidden = !text;
}

// "q_sat · k_cat = 1 × 1 + 1 × 1 = 2" for a score cell; the softmax step for a share cell.
export function cellStory(state, result, { i, j, shares }) {
  const asker = state.tokens[i];
  const key = state.tokens[j];
  if (result.logits[i][j] === -Infinity)
    return t('feedback.masked', { asker, key });
  const score = `q_${asker} · k_${key} = ${products(result.queries[i], result.keys[j])} = ${compact(result.scores[i][j])}`;
  const divided = result.divisor !== 1 ? `, ÷ ${compact(result.divisor)} = ${fixed2(result.logits[i][j])}` : '';
  if (!shares) return t('feedback.score', { math: `${score}${divided}` });
  const e = result.exponentials[i][j];
  const w = result.weights[i][j];
  return t('feedback.share', { asker, key, exp: `e^${compact(result.logits[i][j])} ${approx(e)} ${fixed2(e)}`,
    total: fixed2(result.expSums[i]), share: `${approx(w)} ${fixed2(w)}` });
}

// When the asker is the last token the mask hides nothing from it: say so, and suggest another.
export function causalWhy(state) {
  const n = state.tokens.length;
  if (n < 2 || state.asker !== n - 1) return '';
  const other = state.tokens[Math.max(0, n - 2)];
  return t(state.causal ? 'feedback.causalHides' : 'feedback.causalWouldHide', { last: state.tokens[n - 1], other });
}

function markAsker(grids, asker) {
  for (const body of grids.querySelectorAll('tbody')) {
    [...body.rows].forEach((row, i) => row.classList.toggle('is-asker', i === asker));
  }
}

// One tab stop per grid (roving tabindex), on the asker's row: arrow keys move between cells.
function makeFocusable(grids, asker) {
  for (const body of grids.querySelectorAll('tbody')) {
    const focused = body.querySelector('td[tabindex="0"]');
    [...body.rows].forEach((row, i) => [...row.cells].forEach((cell, c) => {
      if (cell.tagName !== 'TD') return;
      const want = focused ? cell === focused : i === asker && c === 1;
      if (cell.getAttribute('tabindex') !== (want ? '0' : '-1')) cell.setAttribute('tabindex', want ? '0' : '-1');
    }));
  }
}

function moveFocus(event, grids, onAsker, where) {
  const cell = event.target.closest?.('td.heat');
  if (!cell) return;
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    onAsker(where(cell).i);
    return;
  }
  const step = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] }[event.key];
  if (!step) return;
  event.preventDefault();
  const row = cell.parentElement;
  const rows = [...row.parentElement.rows];
  const r = rows.indexOf(row) + step[0];
  const c = [...row.cells].indexOf(cell) + step[1];
  const next = rows[r]?.cells[c];
  if (!next || next.tagName !== 'TD') return;
  cell.setAttribute('tabindex', '-1');
  next.setAttribute('tabindex', '0');
  next.focus();
}

const GLIDE_MS = 260;

// After an edit the arrows glide from where they were to where the core's new numbers put them:
// a few frames of in-between positions (layout only: every printed number is already the new one).
function createGlide(arrows) {
  let shown = null; // what is drawn now: { tokens, shape }
  let frame = 0;
  return function glide(state, result, still) {
    cancelAnimationFrame(frame);
    const from = shown;
    const i = state.asker;
    shown = { tokens: state.tokens.join('\u0000'), shape: drawn(result, i) };
    if (!from || still || prefersReducedMotion() || from.tokens !== shown.tokens) return;
    const to = shown.shape;
    const start = performance.now();
    const step = (now) => {
      const t = Math.min(1, (now - start) / GLIDE_MS);
      if (t >= 1) { arrows.update(state, result); return; }
      arrows.update(state, result, between(from.shape, to, 1 - (1 - t) ** 3, i));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
  };
}

// What the plot draws for asker i: every value, and the asker's output and shares.
function drawn(result, i) {
  return { values: result.values.map((v) => [...v]), output: [...result.outputs[i]], weights: [...result.weights[i]] };
}

// The shape at t (0: from, 1: to), indexed the way the plot reads it (outputs[i], weights[i]).
function between(from, to, t, i) {
  const mix = (a, b) => b.map((x, k) => (a[k] ?? x) + (x - (a[k] ?? x)) * t);
  const outputs = [];
  const weights = [];
  outputs[i] = mix(from.output, to.output);
  weights[i] = mix(from.weights, to.weights);
  return { values: to.values.map((v, j) => mix(from.values[j] ?? v, v)), outputs, weights };
}

// A brief highlight on every element whose text just changed (from the core's new numbers).
function flash(records) {
  const nodes = new Set();
  for (const r of records) {
    const node = r.type === 'characterData' ? r.target.parentElement : r.target;
    if (node && node.nodeType === 1 && !node.closest('.guided, .cell-explain, select, option')) nodes.add(node);
  }
  for (const node of nodes) {
    node.animate([{ backgroundColor: 'rgba(255, 200, 0, 0.5)', offset: 0 }, {}],
      { duration: FLASH_MS, easing: 'ease-out' });
  }
}

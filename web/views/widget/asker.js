// "One asker": the chosen token's query against every key, with the products
// written out, the exponentials, their total and the shares, then the blend,
// all as the chapter prints them. Every number comes from the core's result.
import { el, setAttr, setText, uid } from '../../shared/dom.js';
import { compact, fixed2, fixed3, approx, ltr, percent, products, vector } from '../../shared/numbers.js';
import { growBox, liveRegion, numberBox, setNumber, setTokenText, widthInCh } from './dom.js';
import { isolate } from '../../shared/text.js';
import { label, t, text } from '../../shared/i18n/messages.js';

const MASKED = '—';

/** @param {{ onAsker: (i: number) => void }} options */
export function createAskerPanel({ onAsker }) {
  const element = el('section', { class: 'panel asker', ...label('asker.title') });
  let view = null;

  function build(state) {
    const select = el('select', { class: 'asker-select' },
      state.tokens.map((t, i) => el('option', { value: i, text: optionText(state.tokens, i) })));
    select.addEventListener('change', () => onAsker(Number(select.value)));
    const caption = el('p', { class: 'table-title', id: uid('asker') }); // outside the scroll box
    const divisorHead = el('th', { scope: 'col', class: 'logit-col' });
    const rows = state.tokens.map((token) => buildKeyRow(token));
    const total = { label: el('th', { scope: 'row', ...text('asker.total') }), value: numberBox(), shares: numberBox() };
    const table = el('table', { class: 'asker-table', 'aria-labelledby': caption.id },
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', ...text('asker.key') }),
        el('th', { scope: 'col', class: 'role-q', ...text('asker.products') }),
        el('th', { scope: 'col', class: 'score-col', ...text('asker.score') }), divisorHead,
        el('th', { scope: 'col', ...text('asker.exp') }),
        el('th', { scope: 'col', class: 'role-a', ...text('asker.share') }))),
      el('tbody', {}, rows.map((r) => r.tr)),
      el('tfoot', {}, el('tr', {}, total.label, el('td'), el('td', { class: 'score-col' }), el('td', { class: 'logit-col' }),
        el('td', { class: 'num-cell' }, total.value), el('td', { class: 'num-cell share-cell role-a' }, total.shares))));
    const story = el('p', { class: 'story', 'aria-live': 'polite' });
    const blend = el('p', { class: 'blend' });
    const rounding = el('p', { class: 'note rounding' });
    const note = el('p', { class: 'note chapter-note', hidden: true });
    // Everything below the asker choice changes with every edit: one live region. (The select
    // stays outside: a box holding a <select> is never a relayout boundary in Chromium.)
    element.replaceChildren(
      el('h3', text('asker.title')),
      el('label', { class: 'asker-label' }, el('span', text('asker.label')), select),
      liveRegion('asker-live', story, caption, el('div', { class: 'scroll' }, table), rounding, blend, note));
    view = { select, caption, divisorHead, rows, total, story, blend, rounding, note };
  }

  function buildKeyRow(token) {
    const exp = { base: el('span', { text: 'e' }), power: el('sup'), rest: el('span'), box: numberBox() };
    exp.box.append(exp.base, exp.power, exp.rest);
    const cells = {
      products: el('td', { class: 'products' }),
      score: el('td', { class: 'num-cell score-col' }), // also ends the products cell; hidden when narrow
      logit: el('td', { class: 'num-cell logit-col' }),
      exp: el('td', { class: 'num-cell exp' }, exp.box),
      share: el('td', { class: 'num-cell share-cell role-a' }),
    };
    // Changing numbers, and the written-out products, live in numberBox()es: a new value
    // re-lays out the box, not the table (whose column widths would otherwise be recomputed).
    const boxes = { products: numberBox(), score: numberBox(), logit: numberBox(), share: numberBox() };
    for (const name of Object.keys(boxes)) cells[name].append(boxes[name]);
    const tr = el('tr', {}, el('th', { scope: 'row', class: 'token', text: token }),
      cells.products, cells.score, cells.logit, cells.exp, cells.share);
    return { tr, cells, exp, boxes };
  }

  function update(state, result, { chapterNote }) {
    const i = state.asker;
    const tokens = state.tokens.map(isolate); // for sentences (see isolate)
    const asker = tokens[i];
    const q = result.queries[i];
    const scaledView = result.divisor !== 1;
    if (view.select.value !== String(i)) view.select.value = String(i);
    setTokenText(view.caption, t('asker.caption', { asker, q: vector(q) }));
    setText(view.divisorHead, t('asker.divided', { divisor: compact(result.divisor) }));
    element.classList.toggle('divided', scaledView);
    view.rows.forEach((row, j) => paintKeyRow(row, q, result, i, j));
    setNumber(view.total.value, `${approx(result.expSums[i])} ${fixed2(result.expSums[i])}`);
    // "The shares sum to 1.00 — softmax guarantees it": the exact shares' sum, not the rounded ones'.
    setNumber(view.total.shares, fixed2(result.weights[i].reduce((sum, w) => sum + w, 0)));
    setTokenText(view.rounding, roundingNote(tokens, result.weights[i]));
    setTokenText(view.story, story(tokens, i, result.weights[i], result.logits[i]));
    paintBlend(tokens, result, i);
    // The chapter's rounding remark shows only while the numbers are the chapter's own. It
    // leaves no gap when an edit makes it not apply (a reserved blank of three lines on a
    // phone read as a glitch); the panel's height changes once, on the first edit.
    setNoteState(view.note, chapterNote);
  }

  function paintKeyRow(row, q, result, i, j) {
    const { cells, exp, boxes } = row;
    const k = result.keys[j];
    const masked = result.logits[i][j] === -Infinity;
    setNumber(boxes.products, masked ? t('asker.masked') : `${products(q, k)} = ${compact(result.scores[i][j])}`);
    for (const name of ['score', 'logit', 'share']) markMasked(cells[name], masked);
    markMasked(cells.exp, masked);
    if (masked) {
      for (const name of ['score', 'logit', 'share']) setNumber(boxes[name], MASKED);
      setText(exp.base, MASKED); setText(exp.power, ''); setText(exp.rest, '');
      return;
    }
    setNumber(boxes.score, compact(result.scores[i][j]));
    setNumber(boxes.logit, fixed2(result.logits[i][j]));
    const e = result.exponentials[i][j];
    const power = compact(result.logits[i][j]);
    const rest = e === Infinity ? t('asker.tooLarge') : ` ${approx(e)} ${fixed2(e)}`;
    setText(exp.base, 'e');
    setText(exp.power, power);
    setText(exp.rest, rest);
    growBox(exp.box, widthInCh(`e${power}${rest}`)); // the raised power is smaller: an upper bound
    setNumber(boxes.share, fixed2(result.weights[i][j]));
  }

  function paintBlend(tokens, result, i) {
    setTokenText(view.blend, blendSentence(tokens, result, i));
  }

  return { element, build, update };
}

// note: { text, applies } (applies: the numbers are the chapter's own) or null (no note at all).
function setNoteState(node, note) {
  const shown = Boolean(note?.applies);
  if (node.__shown === shown && node.__text === (note?.text ?? node.__text)) return;
  node.__shown = shown;
  node.hidden = !shown;
  if (note) setText(node, note.text);
}

function markMasked(cell, masked) {
  if (masked) setAttr(cell, 'aria-label', t('masked'));
  else if (cell.hasAttribute('aria-label')) cell.removeAttribute('aria-label');
  cell.classList.toggle('masked', masked);
}

/**
 * "o(sat) = 0.09 × v(the) + … ≈ [2.37, 1.51], beside v(cat) = [3, 1], the value it weighs most."
 * Shares that print the same (two decimals) are a tie, said as one: "the values it weighs most,
 * tied at 0.50".
 */
export function blendSentence(tokens, result, i) {
  const weights = result.weights[i];
  const terms = tokens.length <= 4 ? ` = ${tokens.map((token, j) => `${fixed2(weights[j])} × v(${token})`).join(' + ')}` : '';
  const head = t('asker.blendHead', { asker: tokens[i], terms: ltr(terms), output: vector(result.outputs[i], fixed2) });
  const top = fixed2(weights[topKey(weights)]);
  const tied = weights.map((w, j) => j).filter((j) => fixed2(weights[j]) === top);
  const values = tied.map((j) => `v(${tokens[j]}) = ${vector(result.values[j])}`);
  if (tied.length === 1) return t('asker.blendTop', { head, value: values[0] });
  return t('asker.blendTied', { head, values: values.slice(0, -1).join(t('list.separator')), last: values.at(-1), top });
}

// Duplicate words get their position so the choice is unambiguous: "the (word 5)".
function optionText(tokens, i) {
  const token = tokens[i];
  // An option holds text only: the isolate marks stay in it (a right-to-left word keeps "(word 5)" after it).
  return tokens.indexOf(token) === tokens.lastIndexOf(token) ? token : t('asker.option', { token: isolate(tokens[i]), n: i + 1 });
}

// "the exact 0.665 becomes 0.67": the largest share, to three decimals and as printed (exported for tests/web/i18n.test.mjs).
export function roundingNote(tokens, weights) {
  const top = topKey(weights);
  return t('asker.rounding', { token: tokens[top], exact: fixed3(weights[top]), printed: fixed2(weights[top]) });
}

function topKey(weights) {
  let best = 0;
  weights.forEach((w, j) => { if (w > weights[best]) best = j; });
  return best;
}

// "sat pays 67% of its attention to cat, keeps 24% for itself and gives 9% to the."
export function story(tokens, i, weights, logits) {
  const order = weights.map((w, j) => j).filter((j) => logits[j] !== -Infinity)
    .sort((a, b) => weights[b] - weights[a]);
  const phrase = (j, first) => {
    const p = percent(weights[j]);
    if (j === i) return t(first ? 'asker.storyFirstSelf' : 'asker.storySelf', { p });
    return t(first ? 'asker.storyFirst' : 'asker.storyOther', { p, token: tokens[j] });
  };
  // The top three that print as at least 1%, then whatever is left if it prints as 1% or more.
  const listed = order.filter((j, n) => n === 0 || (n < 3 && Math.round(weights[j] * 100) >= 1));
  const shown = listed.map((j, n) => phrase(j, n === 0));
  const rest = order.filter((j) => !listed.includes(j));
  const restShare = rest.reduce((sum, j) => sum + weights[j], 0);
  if (Math.round(restShare * 100) >= 1) shown.push(t('asker.storyRest', { p: percent(restShare), count: rest.length }));
  const last = shown.pop();
  const phrases = shown.length ? t('asker.storyLast', { first: shown.join(t('list.separator')), last }) : last;
  return t('asker.story', { asker: tokens[i], phrases });
}

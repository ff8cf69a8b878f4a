// "Everyone asks at once": the n x n score grid and the attention-weight grid,
// real tables named "Scores" and "Shares" (the attention weights; rows: askers, columns:
// keys), as heat maps with the number always printed. Masked cells read "—".
import { el, setAttr, setText } from '../../shared/dom.js';
import { compact, fixed2 } from '../../shared/numbers.js';
import { readRamp } from '../../shared/colour.js';
import { numberBox, setNumber } from './dom.js';
import { paletteSheet, shadeOf } from './heat.js';
import { SCORE_RAMP, WEIGHT_RAMP, heatTable } from '../common/heat-table.js';
import { t, text } from '../../shared/i18n/messages.js';


/** @param {{ root: ShadowRoot }} options the widget's shadow root, which adopts the shade classes */
export function createGrids({ root }) {
  const element = el('div', { class: 'grids' });
  let palette = null; // the shade classes now adopted (see heat.js: shared by every widget with these ramps)
  let view = null;
  let ramps = null;

  function build(state) {
    const scores = buildTable(t('grids.scores'), 'grid-scores', state.tokens);
    const weights = buildTable(t('grids.shares'), 'grid-weights', state.tokens);
    scores.detail = el('p', { class: 'grid-detail' });
    weights.detail = el('p', { class: 'grid-detail',
      ...text('grids.sharesDetail') });
    element.replaceChildren(
      el('figure', { class: 'grid-box' }, el('div', { class: 'scroll' }, scores.table), scores.detail),
      el('figure', { class: 'grid-box' }, el('div', { class: 'scroll' }, weights.table), weights.detail,
        el('p', { class: 'note', ...text('grids.rounding') })));
    view = { scores, weights };
  }

  /** The shade classes for the theme, made (once per page and theme) and adopted now, not at the first paint. */
  function prepare(style) { // style: () => CSSStyleDeclaration, read only when needed
    if (!ramps) usePalette(readRamps(style()));
  }

  function update(state, result, style) {
    prepare(style);
    const { logits, weights, divisor } = result;
    const span = Math.max(1, ...logits.flat().filter(Number.isFinite).map(Math.abs));
    setText(view.scores.detail, divisor === 1 ? t('grids.scoresDetail')
      : t('grids.scoresDivided', { divisor: compact(divisor) }));
    paint(view.scores, logits, (x) => `hs-${shadeOf(0.5 + x / (2 * span))}`, logits);
    paint(view.weights, weights, (x) => `hw-${shadeOf(x)}`, logits);
  }

  // The shade classes for these ramps; cells keep their class names, so a new theme restyles them.
  function usePalette(next) {
    ramps = next;
    const sheet = paletteSheet(ramps);
    if (sheet === palette) return;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets.filter((s) => s !== palette), sheet];
    palette = sheet;
  }

  /** Themes change with prefers-color-scheme: forget the ramps so the next paint reads them again. */
  function themeChanged() { ramps = null; }

  return { element, build, prepare, update, themeChanged };
}

function readRamps(style) {
  return {
    weights: readRamp(style, '--_heat-weights', WEIGHT_RAMP),
    scores: readRamp(style, '--_heat-scores', SCORE_RAMP),
  };
}

function buildTable(name, cls, tokens) {
  return heatTable({ caption: name, className: `heat-table ${cls}`, labels: tokens, corner: text('grids.corner'), cell: () => {
    const td = el('td', { class: 'heat' }, numberBox());
    td.__nb = td.firstChild;
    return td;
  } });
}

function paint(view, grid, shadeClass, logits) {
  grid.forEach((row, i) => row.forEach((x, j) => {
    const cell = view.cells[i][j];
    const masked = logits[i][j] === -Infinity;
    setNumber(cell.__nb, masked ? '—' : fixed2(x));
    const shade = masked ? 'masked' : shadeClass(x);
    if (cell.__shade === shade) return; // same colour: no write, no restyle
    cell.__shade = shade;
    cell.className = `heat ${shade}`;
    if (masked) setAttr(cell, 'aria-label', t('masked'));
    else cell.removeAttribute('aria-label');
  }));
}

// Turns a full widget into a chapter figure: only the panels named by `show`, nothing
// editable when `readonly`, and the cells named by `highlight` marked. The widget calls
// applyFigure() after it builds its panels; this module knows the panels only through
// the one table of selectors below, so a change of markup is fixed here, in one place.
//
// The large panels not shown are not built at all (web/views/widget/panels.js builds the groups a
// figure shows); the small ones not shown (switches, Reset, Share, the title) are `hidden`
// (display: none): gone from layout, from the tab order and from the accessibility tree, so a
// figure has no invisible focus stops.
import { PANEL_NAMES } from './panels.js';
import { FIGURE_CSS } from './figure-css.js';

// Panel name -> where it is in the widget's shadow root (relative to its .aw root). By class
// only, not by position: a switch may sit in the toolbar or beside the panel it changes.
export const PANEL_SELECTORS = Object.freeze({
  title: ':scope > .title',
  causal: '.switch:not(.divisor-switch)',
  scaled: '.divisor-switch',
  temperature: '.temperature',
  reset: '.reset',
  cast: '.panel.cast',
  asker: '.panel.asker',
  blend: '.panel.blend-panel',
  formula: '.everyone .formula-box',
  grids: '.everyone > h3, .everyone > .lead, .everyone .grids-live',
  share: '.share',
});
// Boxes that only hold panels: hidden when none of theirs is shown (innermost first).
const CONTAINERS = ['.panel-switches', '.controls', '.panel-column', '.everyone'];

// highlight grid -> its table(s), and how a (row, column) maps to the table's cells.
const GRIDS = {
  scores: { table: 'table.grid-scores' },
  shares: { table: 'table.grid-weights' },
  cast: { table: 'table.cast-table' },
  asker: { table: 'table.asker-table', columns: ['products', 'score-col', 'logit-col', 'exp', 'share-cell'] },
  wq: { table: 'table.matrix[aria-label="W_Q"]', noHeaders: true },
  wk: { table: 'table.matrix[aria-label="W_K"]', noHeaders: true },
  wv: { table: 'table.matrix[aria-label="W_V"]', noHeaders: true },
};

let sheet = null; // the figure stylesheet, made once per page and adopted by every figure

/**
 * @param {ShadowRoot} shadow the widget's shadow root
 * @param {HTMLElement} root  its .aw box
 * @param {{ panels: Set<string>, readonly: boolean, cells: Array<{grid, rows, cols}> }} figure
 */
export function applyFigure(shadow, root, { panels, readonly, cells }) {
  adoptFigureStyles(shadow);
  showPanels(root, panels);
  setReadonly(root, readonly);
  markCells(root, cells);
}

/** Adds the figure stylesheet to a widget's shadow root (once). */
export function adoptFigureStyles(shadow) {
  if (typeof CSSStyleSheet !== 'function') return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(FIGURE_CSS);
  }
  if (!shadow.adoptedStyleSheets.includes(sheet)) shadow.adoptedStyleSheets = [...shadow.adoptedStyleSheets, sheet];
}

function showPanels(root, panels) {
  const all = panels.size === PANEL_NAMES.length;
  for (const name of PANEL_NAMES)
    for (const node of root.querySelectorAll(PANEL_SELECTORS[name])) node.hidden = !panels.has(name);
  for (const selector of CONTAINERS)
    for (const box of root.querySelectorAll(selector))
      box.hidden = ![...box.children].some((child) => !child.hidden && !isOwnChrome(child));
  // The two-column layout is for the whole widget; a figure of one panel uses the full width.
  const grid = root.querySelector('.panels');
  if (grid) grid.dataset.shown = String([...grid.children].filter((c) => !c.hidden).length);
  root.toggleAttribute('data-figure', !all);
}

// A section's own heading, lead and notes do not count as content (they go with its panels).
function isOwnChrome(node) {
  return node.matches('h3, .lead, .note');
}

/**
 * Readonly: every number stays on screen, nothing edits it. Inputs, the asker choice and the
 * switches are disabled (not focusable, not editable, read as their value); the value arrows'
 * tips stop being buttons; the q, k, v explain-buttons leave the tab order (a tap still explains).
 */
function setReadonly(root, readonly) {
  root.toggleAttribute('data-readonly', readonly);
  for (const control of root.querySelectorAll('input.num, .asker-select, .switch input, .temperature input, .reset'))
    control.disabled = readonly;
  for (const handle of root.querySelectorAll('.handle')) {
    if (readonly) {
      handle.removeAttribute('tabindex');
      handle.setAttribute('role', 'presentation');
    } else {
      handle.setAttribute('tabindex', '0');
      handle.setAttribute('role', 'button');
    }
  }
  for (const button of root.querySelectorAll('.vec')) {
    if (readonly) button.setAttribute('tabindex', '-1');
    else button.removeAttribute('tabindex');
  }
  // Sentences that invite a change: in a readonly figure they would be untrue.
  for (const [selector, invitation] of INVITATIONS) {
    const node = root.querySelector(selector);
    if (!node) continue;
    node.dataset.full ??= node.textContent;
    const plain = node.dataset.full.replace(invitation, '');
    if (readonly) node.textContent = node.textContent.replace(invitation, '');
    else if (node.textContent === plain) node.textContent = node.dataset.full;
  }
}

// Where a sentence invites a change, and the part that does: the cast's lead invites typing, the
// grids' explanation clicking a row (it is rewritten as cells are pointed at: only its first words).
const INVITATIONS = [
  ['.panel.cast > .lead', /\s*Type in any cell.*$/],
  ['.cell-explain', /; click a row to make that token the asker(?=\.$)/],
];

// An attribute, not a class: the grids rewrite their cells' class names as the colours change.
const MARK = 'data-fig-mark';
const mark = (node) => node?.setAttribute(MARK, '');

function markCells(root, cells) {
  for (const node of root.querySelectorAll(`[${MARK}]`)) node.removeAttribute(MARK);
  for (const { grid, rows, cols } of cells) {
    const spec = GRIDS[grid];
    const table = root.querySelector(spec.table);
    if (!table) continue;
    const bodyRows = [...table.tBodies[0].rows];
    const picked = rows.length ? rows : bodyRows.map((_, i) => i);
    for (const i of picked) {
      const tr = bodyRows[i];
      if (!tr) continue;
      const data = dataCells(tr, spec);
      const chosen = cols.length ? cols.map((j) => data[j]).filter(Boolean) : data;
      chosen.forEach(mark);
      if (!cols.length && !spec.noHeaders) mark(tr.cells[0]); // a whole row: its header too
    }
    if (!rows.length && cols.length && !spec.noHeaders) { // a whole column: its header too
      const heads = [...table.tHead.rows[0].cells].slice(1);
      cols.forEach((j) => mark(heads[j]));
    }
  }
}

// A body row's data cells, in the order highlight names them.
function dataCells(tr, spec) {
  const cells = [...tr.cells];
  if (spec.columns) return spec.columns.map((cls) => cells.find((c) => c.classList.contains(cls)));
  return spec.noHeaders ? cells : cells.slice(1);
}

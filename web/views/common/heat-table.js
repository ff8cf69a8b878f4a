// One HTML heat table for every n × n grid the package draws (the widget's Scores and Shares, the
// guided tour's grids, the heads lab's head grids): a caption, a header row of keys after a corner
// cell, one row per asker with its header, a number printed in every cell (its colour only helps).
// Each caller makes, fills and colours its cells its own way; the default ramps are here.
import { el } from '../../shared/dom.js';

/** Sequential ramp for shares, 0 → 1 (ColorBrewer Blues: colour-blind safe). */
export const WEIGHT_RAMP = '#f7fbff #c6dbef #6baed6 #2171b5 #08306b';
/** Diverging ramp for scores, negative → 0 → positive (ColorBrewer BrBG). */
export const SCORE_RAMP = '#8c510a #d8b365 #f5f5f5 #5ab4ac #01665e';

/**
 * @param {{ caption: string, className: string, labels: string[], label?: (text: string) => Node | string,
 *   cell?: (i: number, j: number) => HTMLTableCellElement, rowProps?: (i: number) => object,
 *   colProps?: (j: number) => object, corner?: object }} table corner: the corner cell's props (its words); labels: the tokens (rows are askers, columns keys);
 *   label: a header's content; cell: the data cell at (i, j); rowProps, colProps: a row's or a
 *   column header's attributes
 * @returns {{ table: HTMLTableElement, rows: HTMLTableRowElement[], cells: HTMLTableCellElement[][] }}
 */
export function heatTable({ caption, className, labels, label = (text) => text, cell = () => el('td'),
  rowProps = () => ({}), colProps = () => ({}), corner = { text: 'asker ↓ key →' } }) {
  const cells = labels.map((_, i) => labels.map((__, j) => cell(i, j)));
  const rows = labels.map((text, i) => el('tr', rowProps(i), el('th', { scope: 'row' }, label(text)), cells[i]));
  const table = el('table', { class: className }, el('caption', { text: caption }),
    el('thead', {}, el('tr', {}, el('td', { class: 'corner', ...corner }),
      labels.map((text, j) => el('th', { scope: 'col', ...colProps(j) }, label(text))))),
    el('tbody', {}, rows));
  return { table, rows, cells };
}

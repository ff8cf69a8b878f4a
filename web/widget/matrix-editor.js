// An editable weight grid (W_Q, W_K or W_V): a small table of number inputs
// named "W_Q row 1, column 2", with its messages just below it.
import { el } from '../shared/dom.js';
import { createNumberInput } from './number-input.js';

/**
 * @param {{ name: string, sub: string, matrix: number[][], onValue: (r, c, x) => string|null }} options
 *   name is the accessible name ("W_Q"); sub the subscript letter ("Q").
 */
export function createMatrixEditor({ name, sub, matrix, onValue, caption }) {
  const messages = el('div', { class: 'messages' });
  const cells = matrix.map((row, r) => row.map((x, c) => createNumberInput({
    label: `${name} row ${r + 1}, column ${c + 1}`,
    value: x,
    messageHost: messages,
    className: 'role-w',
    onValue: (value) => onValue(r, c, value),
  })));
  const table = el('table', { class: 'matrix role-w', 'aria-label': name },
    el('caption', {}, el('span', { class: 'sym' }, 'W', el('sub', { text: sub })), ` ${caption}`),
    el('tbody', {}, cells.map((row) => el('tr', {}, row.map((cell) => el('td', {}, cell.input))))));
  const element = el('figure', { class: 'matrix-box' }, el('div', { class: 'scroll' }, table), messages);

  return {
    element,
    /** Shows the state's numbers; `force` replaces invalid text too (reset, drag). */
    set(m, force = false) {
      m.forEach((row, r) => row.forEach((x, c) => cells[r][c].set(x, force)));
    },
  };
}

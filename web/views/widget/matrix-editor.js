// An editable weight grid (W_Q, W_K or W_V): a small table of number inputs
// named "W_Q row 1, column 2", with its messages just below it.
import { el, setAttr, setText } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { createNumberInput } from './number-input.js';
import { t } from '../../shared/i18n/messages.js';

/**
 * @param {{ name: string, sub: string, matrix: number[][], onValue: (r, c, x) => string|null }} options
 *   name is the accessible name ("W_Q"); sub the subscript letter ("Q").
 */
export function createMatrixEditor({ name, sub, matrix, onValue, caption }) {
  const messages = el('div', { class: 'messages' });
  const cells = matrix.map((row, r) => row.map((x, c) => createNumberInput({
    label: t('cast.weightCell', { name, row: r + 1, column: c + 1 }),
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
    /** Training's marks (web/train/): { gradient, moved, learns } from the core, or null for none. */
    mark(marks) {
      cells.forEach((row, r) => row.forEach((cell, c) => markCell(cell.input, marks && {
        gradient: marks.gradient[r][c], moved: marks.moved[r][c], learns: marks.learns })));
    },
  };
}

// Under a violet cell while training: which way the next step pushes it (against the
// gradient: ↑ when the gradient is negative) and how far it has moved since the run began.
function markCell(input, mark) {
  let span = input.nextElementSibling;
  if (!mark) {
    if (span) span.hidden = true;
    input.removeAttribute('aria-description');
    return;
  }
  if (!span) input.after(span = el('span', { class: 'train-mark', 'aria-hidden': 'true' }));
  span.hidden = false;
  const { gradient, moved, learns } = mark;
  const arrow = gradient < 0 ? '↑' : gradient > 0 ? '↓' : '·';
  const movedText = moved > 0 && moved.toFixed(2) !== '0.00' ? `+${fixed2(moved)}` : fixed2(moved);
  setText(span, `${arrow} ${movedText}`);
  span.classList.toggle('frozen', !learns);
  const push = t(gradient === 0 ? 'train.push.none' : gradient < 0 ? 'train.push.up' : 'train.push.down');
  setAttr(input, 'aria-description', t(learns ? 'train.mark' : 'train.markFrozen',
    { gradient: fixed2(gradient), push, moved: movedText }));
}

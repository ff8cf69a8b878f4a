// "The cast": the three violet weight grids, each token's editable embedding,
// and the q, k, v the core made from them. Focusing a vector explains it,
// row by row, with every product written out.
import { el, setText, uid } from '../../shared/dom.js';
import { compact, approx, products, vector } from '../../shared/numbers.js';
import { liveRegion, numberBox, setNumber, setTokenText } from './dom.js';
import { isolate } from '../../shared/text.js';
import { createMatrixEditor } from './matrix-editor.js';
import { inLocaleOf, label, t, text } from '../../shared/i18n/messages.js';
import { createNumberInput } from './number-input.js';

const ROLES = [
  { kind: 'q', field: 'queries', weight: 'wq', sub: 'Q', caption: 'cast.asks', head: 'q = W_Q x', cls: 'role-q' },
  { kind: 'k', field: 'keys', weight: 'wk', sub: 'K', caption: 'cast.advertises', head: 'k = W_K x', cls: 'role-k' },
  { kind: 'v', field: 'values', weight: 'wv', sub: 'V', caption: 'cast.handsOver', head: 'v = W_V x', cls: 'role-v' },
];

/** @param {{ onEdit: (matrix: string, r: number, c: number, x: number) => string|null }} options */
export function createCast({ onEdit }) {
  const element = el('section', { class: 'panel cast', ...label('cast.title') });
  let view = null;
  let selected = null; // { role, i } of the explained vector
  let last = null;     // { state, result } for re-explaining after edits

  /** axes: what each embedding number means (a preset's column headers), or none. */
  function build(state, { axes } = {}) {
    const weights = ROLES.map((role) => createMatrixEditor({
      name: `W_${role.sub}`, sub: role.sub, caption: t(role.caption), matrix: state[role.weight],
      onValue: (r, c, x) => onEdit(role.weight, r, c, x),
    }));
    const messages = el('div', { class: 'messages' });
    const rows = state.tokens.map((token, i) => buildTokenRow(token, i, state.embeddings[i], messages));
    const explain = el('p', { class: 'explain', 'aria-live': 'polite',
      ...text('cast.explainHint') });
    // The title sits outside the scrolling box so it never scrolls out of view on a phone.
    const title = el('p', { class: 'table-title', id: uid('cast'),
      ...text('cast.tableTitle') });
    const table = el('table', { class: 'cast-table', 'aria-labelledby': title.id },
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', ...text('cast.token') }), el('th', { scope: 'col', class: 'x-head' }, axes ? ['x: ', el('span', { class: 'inputs axes' },
          axes.map((a) => el('span', { class: 'axis', text: a })))] : t('cast.embedding')),
        ROLES.map((role) => el('th', { scope: 'col', class: role.cls, text: role.head })))),
      el('tbody', {}, rows.map((row) => row.tr)));
    element.replaceChildren(
      el('h3', text('cast.title')),
      el('p', { class: 'lead', ...text('cast.lead') }),
      // The typed cells and everything made from them: one live region (see liveRegion).
      liveRegion('cast-live', el('div', { class: 'weights-row' }, weights.map((w) => w.element)),
        title, el('div', { class: 'scroll' }, table), messages, explain));
    view = { weights, rows, explain };
    selected = null;
  }

  function buildTokenRow(token, i, embedding, messages) {
    const inputs = embedding.map((x, c) => createNumberInput({
      label: t('cast.cell', { row: i + 1, token, column: c + 1 }), value: x, messageHost: messages,
      onValue: (value) => onEdit('embeddings', i, c, value),
    }));
    const vectors = ROLES.map((role) => {
      const button = el('button', { type: 'button', class: `vec ${role.cls}` }, numberBox());
      // A learner's event, outside a paint: in the language of the element the button is in.
      const show = () => { selected = { role, i }; inLocaleOf(button, explainSelected); };
      button.addEventListener('focus', show);
      button.addEventListener('mouseenter', show);
      button.addEventListener('click', show);
      return button;
    });
    const tr = el('tr', {}, el('th', { scope: 'row', class: 'token', text: token }),
      el('td', {}, el('span', { class: 'inputs' }, inputs.map((n) => n.input))),
      vectors.map((b) => el('td', {}, b)));
    return { tr, inputs, vectors };
  }

  // "q_sat = W_Q x_sat: row 1 dots [2, 0, −1] with [1, 1, 1]: 2 × 1 + 0 × 1 + (−1) × 1 = 1; ..."
  function explainSelected() {
    if (!selected || !last) return;
    const { role, i } = selected;
    const { state, result } = last;
    const x = state.embeddings[i];
    const out = result[role.field][i];
    const name = isolate(state.tokens[i]);
    const lines = state[role.weight].map((w, r) =>
      t('cast.explainRow', { row: r + 1, w: vector(w), x: vector(x), products: products(w, x),
        sign: approx(...w, ...x, out[r]), out: compact(out[r]) }));
    setTokenText(view.explain, t('cast.explain', { kind: role.kind, token: name, sub: role.sub, rows: lines.join('; ') }));
  }

  /** force: true replaces every input's text, or a matrix name ('wv') replaces only that grid's. */
  function update(state, result, force) {
    last = { state, result };
    const forced = (name) => force === true || force === name;
    view.weights.forEach((w, k) => w.set(state[ROLES[k].weight], forced(ROLES[k].weight)));
    view.rows.forEach((row, i) => {
      row.inputs.forEach((input, c) => input.set(state.embeddings[i][c], forced('embeddings')));
      ROLES.forEach((role, k) => setNumber(row.vectors[k].firstChild, vector(result[role.field][i])));
    });
    explainSelected();
  }

  /** Training's marks on the violet cells: { gradients, moved, train } ({ wq, wk, wv } each), or null. */
  function showTraining(info) {
    view?.weights.forEach((w, k) => {
      const name = ROLES[k].weight;
      w.mark(info && { gradient: info.gradients[name], moved: info.moved[name], learns: info.train[name] });
    });
  }

  return { element, build, update, showTraining };
}

// The formula softmax(Q Kᵀ / √d_k) V in MathML (rendered natively), with a row
// of buttons naming each symbol. Hovering a symbol, or focusing its button,
// highlights the part of the widget it stands for (via data-highlight on the root).
import { el, math } from '../../shared/dom.js';
import { label as labelOf, text } from '../../shared/i18n/messages.js';

const PARTS = [
  { role: 'queries', label: 'formula.queries', cls: 'role-q' },
  { role: 'keys', label: 'formula.keys', cls: 'role-k' },
  { role: 'scores', label: 'formula.scores', cls: '' },
  { role: 'divisor', label: 'formula.divisor', cls: '' },
  { role: 'weights', label: 'formula.weights', cls: 'role-a' },
  { role: 'values', label: 'formula.values', cls: 'role-v' },
];

/** @param {{ onHighlight: (role: string|null) => void }} options */
export function createFormula({ onHighlight }) {
  const sym = (role, node) => {
    node.setAttribute('data-role', role);
    node.addEventListener('mouseenter', () => onHighlight(role));
    node.addEventListener('mouseleave', () => onHighlight(null));
    return node;
  };
  const mi = (text, cls) => math('mi', { class: cls, mathvariant: text.length === 1 ? undefined : 'normal' }, text);
  const formula = math('math', { display: 'block', class: 'formula',
    ...labelOf('formula.label') },
  math('mrow', {},
    sym('weights', mi('softmax', 'role-a')),
    math('mo', { class: 'role-a' }, '('), // a sibling of the fraction, so it stretches to its height
    math('mfrac', {},
      sym('scores', math('mrow', {},
        sym('queries', mi('Q', 'role-q')),
        sym('keys', math('msup', {}, mi('K', 'role-k'), math('mo', {}, '⊤'))))),
      sym('divisor', math('msqrt', {}, math('msub', {}, mi('d'), mi('k'))))),
    math('mo', { class: 'role-a' }, ')'),
    sym('values', mi('V', 'role-v'))));
  const buttons = PARTS.map(({ role, label, cls }) => {
    const b = el('button', { type: 'button', class: `chip ${cls}`, 'data-role': role, ...text(label) });
    b.addEventListener('focus', () => onHighlight(role));
    b.addEventListener('blur', () => onHighlight(null));
    b.addEventListener('mouseenter', () => onHighlight(role));
    b.addEventListener('mouseleave', () => onHighlight(null));
    return b;
  });
  const element = el('div', { class: 'formula-box' }, formula,
    el('div', { class: 'chips', role: 'group', ...labelOf('formula.chips') }, buttons));
  return { element };
}

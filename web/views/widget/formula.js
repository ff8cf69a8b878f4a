// The formula softmax(Q Kᵀ / √d_k) V in MathML (rendered natively), with a row
// of buttons naming each symbol. Hovering a symbol, or focusing its button,
// highlights the part of the widget it stands for (via data-highlight on the root).
import { el, math } from '../../shared/dom.js';

const PARTS = [
  { role: 'queries', label: 'Q: the queries', cls: 'role-q' },
  { role: 'keys', label: 'Kᵀ: the keys, as columns', cls: 'role-k' },
  { role: 'scores', label: 'Q Kᵀ: the Scores grid', cls: '' },
  { role: 'divisor', label: '√d_k: the Thermostat switch', cls: '' },
  { role: 'weights', label: 'softmax: the Shares grid', cls: 'role-a' },
  { role: 'values', label: 'V: the values', cls: 'role-v' },
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
    'aria-label': 'Attention equals softmax of Q K transpose over square root of d k, times V' },
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
    const b = el('button', { type: 'button', class: `chip ${cls}`, 'data-role': role, text: label });
    b.addEventListener('focus', () => onHighlight(role));
    b.addEventListener('blur', () => onHighlight(null));
    b.addEventListener('mouseenter', () => onHighlight(role));
    b.addEventListener('mouseleave', () => onHighlight(null));
    return b;
  });
  const element = el('div', { class: 'formula-box' }, formula,
    el('div', { class: 'chips', role: 'group', 'aria-label': 'What each symbol is' }, buttons));
  return { element };
}

// Tiny DOM builders shared by every element, and repaint helpers that write text and
// attributes only when they change. Text always goes in through textContent (or a text
// node's data), never as HTML, so token names like "<img onerror=...>" stay text.
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATH_NS = 'http://www.w3.org/1998/Math/MathML';

/** el('p', { class: 'note', text: 'hi', 'aria-live': 'polite' }, child, ...) */
export function el(tag, props = {}, ...children) {
  return fill(document.createElement(tag), props, children);
}

/** The same for SVG: svg('line', { x1: 0, x2: 1, y1: 0, y2: 0 }). */
export function svg(tag, props = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), props, children);
}

/** The same for MathML. */
export function math(tag, props = {}, ...children) {
  return fill(document.createElementNS(MATH_NS, tag), props, children);
}

// Attributes: undefined, null and false are left out, true is the empty string, anything else
// is written as text; `text` sets textContent. Children: nodes, or text for anything else.
function fill(node, props, children) {
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** Sets text only when it changed: repaints stay cheap and never disturb unchanged nodes. */
export function setText(node, text) {
  if (node.__text === text) return;
  node.__text = text;
  // Rewrite the existing text node's data when there is one: replacing it (textContent) makes the
  // browser tear down and rebuild its layout object, measured at ~30 per edit in a trace.
  const only = node.firstChild;
  if (only && only === node.lastChild && only.nodeType === Node.TEXT_NODE && text !== '') only.data = text;
  else node.textContent = text;
}

/** Sets an attribute only when it changed. */
export function setAttr(node, name, value) {
  const s = String(value);
  if (node.getAttribute(name) !== s) node.setAttribute(name, s);
}

let nextId = 0;
/** A document-unique id for aria-describedby / aria-labelledby links. */
export function uid(prefix = 'aw') {
  nextId += 1;
  return `${prefix}-${nextId}`;
}

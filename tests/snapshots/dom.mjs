// A tiny DOM for drawing the plots in node: enough of Document, Element, Text and the SVG DOM
// (animated lengths, point lists) for the plot modules, and a serializer that writes what was
// built as indented SVG text with every number rounded to two decimals (a change in the third
// decimal is not a change in the picture). Installed as globalThis.document and Node before the
// plot modules are imported: they create nodes only when called.

const SVG_NS = 'http://www.w3.org/2000/svg';
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

class ShimNode {
  static ELEMENT_NODE = ELEMENT_NODE;
  static TEXT_NODE = TEXT_NODE;
  parentNode = null;
  get nextSibling() {
    const siblings = this.parentNode?.childNodes ?? [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  }
  remove() {
    const siblings = this.parentNode?.childNodes;
    if (siblings) siblings.splice(siblings.indexOf(this), 1);
    this.parentNode = null;
  }
  replaceWith(...nodes) {
    const parent = this.parentNode;
    const at = parent.childNodes.indexOf(this);
    this.remove();
    parent.childNodes.splice(at, 0, ...nodes.map((n) => adopt(parent, n)));
  }
}

class ShimText extends ShimNode {
  nodeType = TEXT_NODE;
  constructor(data) { super(); this.data = String(data); }
  get textContent() { return this.data; }
  set textContent(text) { this.data = String(text); }
}

function adopt(parent, node) {
  const child = node instanceof ShimNode ? node : new ShimText(node);
  child.remove();
  child.parentNode = parent;
  return child;
}

class ShimElement extends ShimNode {
  nodeType = ELEMENT_NODE;
  childNodes = [];
  #attributes = new Map();
  #listeners = [];

  constructor(namespaceURI, tagName) {
    super();
    this.namespaceURI = namespaceURI;
    this.tagName = tagName;
    this.style = styleOf(this);
    this.classList = classListOf(this);
    this.dataset = datasetOf(this);
    if (namespaceURI === SVG_NS) svgExtras(this);
  }

  setAttribute(name, value) { this.#attributes.set(name, String(value)); }
  getAttribute(name) { return this.#attributes.has(name) ? this.#attributes.get(name) : null; }
  hasAttribute(name) { return this.#attributes.has(name); }
  removeAttribute(name) { this.#attributes.delete(name); }
  get attributes() { return [...this.#attributes]; }
  get id() { return this.getAttribute('id') ?? ''; }
  set id(value) { this.setAttribute('id', value); }
  get className() { return this.getAttribute('class') ?? ''; }
  set className(value) { this.setAttribute('class', value); }
  get hidden() { return this.hasAttribute('hidden'); }
  set hidden(on) { if (on) this.setAttribute('hidden', ''); else this.removeAttribute('hidden'); }

  addEventListener(type, listener) { this.#listeners.push([type, listener]); }
  removeEventListener() {}
  setPointerCapture() {}

  get children() { return this.childNodes.filter((n) => n.nodeType === ELEMENT_NODE); }
  get firstChild() { return this.childNodes[0] ?? null; }
  get lastChild() { return this.childNodes.at(-1) ?? null; }
  get ownerSVGElement() {
    let node = this.parentNode;
    while (node && node.tagName !== 'svg') node = node.parentNode;
    return node;
  }

  appendChild(node) { this.childNodes.push(adopt(this, node)); return node; }
  append(...nodes) { for (const n of nodes) this.appendChild(n); }
  replaceChildren(...nodes) {
    for (const n of [...this.childNodes]) n.remove();
    this.append(...nodes);
  }

  get textContent() { return this.childNodes.map((n) => n.textContent).join(''); }
  set textContent(text) { this.replaceChildren(...(String(text) === '' ? [] : [new ShimText(text)])); }

  /** The elements under this one with this tag name, in document order. */
  getElementsByTagName(tag) {
    const found = [];
    const walk = (node) => node.children.forEach((c) => { if (c.tagName === tag) found.push(c); walk(c); });
    walk(this);
    return found;
  }

  querySelector(selector) {
    const [tag, cls] = selector.split('.');
    const all = [];
    const walk = (node) => node.children.forEach((c) => { all.push(c); walk(c); });
    walk(this);
    return all.find((n) => (!tag || n.tagName === tag) && (!cls || n.classList.contains(cls))) ?? null;
  }
}

// element.style: the properties a plot sets, written out as a style attribute when serialized.
function styleOf(node) {
  const values = {};
  return new Proxy(values, {
    set(target, key, value) { target[key] = String(value); return true; },
    get(target, key) {
      if (key === 'setProperty') return (name, value) => { target[name] = String(value); };
      if (key === 'cssText') return Object.entries(target).filter(([, v]) => v !== '').map(([k, v]) => `${k}: ${v}`).join('; ');
      return target[key] ?? '';
    },
  });
}

function classListOf(node) {
  const names = () => node.className.split(/\s+/).filter(Boolean);
  const write = (list) => node.setAttribute('class', list.join(' '));
  return {
    contains: (name) => names().includes(name),
    add: (...more) => write([...new Set([...names(), ...more])]),
    remove: (...less) => write(names().filter((n) => !less.includes(n))),
    toggle(name, force = !names().includes(name)) {
      if (force) this.add(name); else this.remove(name);
      return force;
    },
  };
}

function datasetOf(node) {
  const attr = (key) => `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  return new Proxy({}, {
    get: (target, key) => node.getAttribute(attr(String(key))) ?? undefined,
    set: (target, key, value) => { node.setAttribute(attr(String(key)), value); return true; },
  });
}

// The SVG DOM the widget's arrows write through: x1.baseVal.value, a polygon's point list, createSVGPoint.
const LENGTHS = ['x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'x', 'y', 'width', 'height'];
function svgExtras(node) {
  for (const name of LENGTHS) {
    Object.defineProperty(node, name, { get: () => ({ baseVal: {
      get value() { return Number(node.getAttribute(name) ?? 0); },
      set value(v) { node.setAttribute(name, v); },
    } }) });
  }
  if (node.tagName === 'polygon' || node.tagName === 'polyline') {
    const items = [];
    const write = () => node.setAttribute('points', items.map((p) => `${p.x},${p.y}`).join(' '));
    const point = () => {
      let x = 0, y = 0;
      return { get x() { return x; }, set x(v) { x = v; write(); }, get y() { return y; }, set y(v) { y = v; write(); } };
    };
    node.points = {
      get numberOfItems() { return items.length; },
      clear() { items.length = 0; write(); },
      appendItem() { const p = point(); items.push(p); write(); return p; },
      getItem: (k) => items[k],
    };
  }
  if (node.tagName === 'svg') node.createSVGPoint = () => ({ x: 0, y: 0 });
}

export const document = {
  createElement: (tag) => new ShimElement('http://www.w3.org/1999/xhtml', tag.toLowerCase()),
  createElementNS: (ns, tag) => new ShimElement(ns, tag),
  createTextNode: (text) => new ShimText(text),
};

/** Makes this DOM the global one (document, Node). */
export function install() {
  globalThis.document = document;
  globalThis.Node = ShimNode;
}

// ---- serializing ----

/** "0.30000000000000004" -> "0.3", "12.3456" -> "12.35", "-0.001" -> "0": every number in a value. */
export function roundNumbers(text) {
  return text.replace(/-?\d*\.\d+(?:e-?\d+)?|-?\d+e-?\d+/g, (s) => {
    const x = Number(Number(s).toFixed(2));
    return String(Object.is(x, -0) ? 0 : x);
  });
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s) => escapeText(s).replace(/"/g, '&quot;');

/** The element as SVG text: one element a line, children indented, numbers in attributes rounded. */
export function serialize(node, indent = '') {
  if (node.nodeType === TEXT_NODE) return `${indent}${escapeText(node.data)}`;
  const attributes = [...node.attributes];
  if (node.tagName === 'svg' && !node.hasAttribute('xmlns')) attributes.unshift(['xmlns', SVG_NS]);
  const style = node.style.cssText;
  if (style) attributes.push(['style', style]);
  const attrs = attributes.map(([k, v]) => ` ${k}="${escapeAttr(roundNumbers(v))}"`).join('');
  const open = `${indent}<${node.tagName}${attrs}`;
  if (node.childNodes.length === 0) return `${open}/>`;
  // Text alone in an element stays on its line: <text x="1">cat</text>.
  if (node.childNodes.every((c) => c.nodeType === TEXT_NODE)) return `${open}>${escapeText(node.textContent)}</${node.tagName}>`;
  const inner = node.childNodes.map((c) => serialize(c, `${indent}  `)).join('\n');
  return `${open}>\n${inner}\n${indent}</${node.tagName}>`;
}

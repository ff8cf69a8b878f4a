// DOM helpers for the widget's repaints: sentences with their tokens isolated, containment
// boxes for changing numbers and regions. The builders (el, svg, math) and setText, setAttr
// and uid live in ../../shared/dom.js.
import { el, setText } from '../../shared/dom.js';

const ISOLATE_MARKS = /[\u2068\u2069]/; // what isolate() (../../shared/text.js) puts around a token

/**
 * Like setText, for a sentence whose tokens were marked with isolate() (../../shared/text.js): each token
 * goes into its own <bdi>, so a right-to-left token keeps its place and the numbers beside it keep
 * theirs; in HTML the marks themselves are not written (textContent reads as the plain sentence),
 * in SVG they are (see below). A sentence with the same pieces as
 * last time has its text rewritten in place (no nodes replaced, as setText).
 */
export function setTokenText(node, text) {
  if (node.__text === text) return;
  node.__text = text;
  // SVG text keeps the isolate characters themselves (U+2068 … U+2069 isolate as <bdi> does): an
  // isolated <tspan> in the plot's small user-unit font stops Chromium from painting the plot.
  if (node.namespaceURI === SVG_NS) {
    node.textContent = text;
    return;
  }
  const pieces = text.split(ISOLATE_MARKS).map((part, k) => ({ part, token: k % 2 === 1 }))
    .filter((piece) => piece.part !== '');
  const shape = pieces.map((piece) => (piece.token ? 't' : 's')).join('');
  const nodes = node.childNodes;
  if (node.__shape === shape && nodes.length === pieces.length) {
    pieces.forEach(({ part, token }, k) => {
      const textNode = token ? nodes[k].firstChild : nodes[k];
      if (textNode.data !== part) textNode.data = part;
    });
    return;
  }
  node.__shape = shape;
  node.replaceChildren(...pieces.map(({ part, token }) => {
    if (!token) return document.createTextNode(part);
    const box = document.createElement('bdi');
    box.append(document.createTextNode(part));
    return box;
  }));
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * A region whose contents change on every edit, laid out on its own. `contain: size layout`
 * (class "sized", see attention-widget.css) makes it a relayout boundary in Chromium: a
 * repaint inside re-lays out this box only, never the page around it. Size containment
 * means its height must be given, so one ResizeObserver copies the contents' height onto it
 * whenever they grow or shrink (a line wraps, a message appears). That happens after layout
 * and before paint, in the same frame, so nothing is ever painted cut off or overlapping.
 * No paint containment: nothing is clipped.
 */
export function liveRegion(className, ...children) {
  const inner = el('div', { class: 'live-inner' }, ...children);
  const element = el('div', { class: `live ${className}` }, inner);
  heightSync?.observe(inner);
  return element;
}

// A region hidden (display: none, as a panel not shown yet) reports a height of 0: kept, it would
// stand at 0 when shown until the next report, a frame of collapsed panels the page below jumps
// into and out of (a layout shift of 0.3 on the chapter page). It lets go of its size instead.
const heightSync = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
  for (const { target, borderBoxSize } of entries) {
    const box = target.parentNode;
    const height = borderBoxSize?.[0]?.blockSize ?? target.getBoundingClientRect().height;
    const rendered = height > 0 || target.getClientRects().length > 0;
    box.style.height = rendered ? `${height}px` : '';
    box.classList.toggle('sized', rendered);
  }
}) : null;

/**
 * A box for a changing number: an inline-block with size and layout containment, so
 * rewriting its text re-lays out only the box, not the table around it (the browser
 * treats it as a relayout boundary). Its width only grows, to fit the longest text seen.
 */
export function numberBox() {
  const box = document.createElement('span');
  box.className = 'nb';
  return box;
}

export function setNumber(box, text) {
  if (box.__text === text) return;
  setText(box, text);
  growBox(box, widthInCh(text));
}

/** Widens a numberBox() to `ch` (it never shrinks, so nothing jumps back). */
export function growBox(box, ch) {
  if (box.__chars >= ch) return;
  box.__chars = ch;
  box.style.width = `${ch}ch`;
}

/**
 * An upper bound on the width of `text` in ch (the width of "0"), for sizing a numberBox()
 * without measuring (measuring would force a layout). Digits are 1ch in the tabular figures
 * the widget uses; the bounds for the rest come from common UI fonts (DejaVu Sans, Liberation,
 * Roboto, Segoe UI, Helvetica) with a margin: a space is at most 0.6ch, brackets 0.8ch,
 * a letter 1.6ch ("m"), a symbol such as ×, −, +, = or ≈ 1.5ch (DejaVu Sans, the widest: 1.32ch).
 */
export function widthInCh(text) {
  let ch = 0;
  for (const c of text) {
    if ((c >= '0' && c <= '9') || c === '.' || c === ',') ch += 1;
    else if (c === ' ') ch += 0.6;
    else if ('()[]:'.includes(c)) ch += 0.8;
    else if (/[a-z]/i.test(c)) ch += LETTER_CH[c] ?? (c <= 'Z' ? 1.4 : 1.1);
    else ch += 1.5;
  }
  return Math.ceil(ch * 10) / 10;
}

// Letters are ~1ch on average but a few are wider (text like "masked: comes later").
const LETTER_CH = { m: 1.6, w: 1.5, M: 1.6, W: 1.7 };

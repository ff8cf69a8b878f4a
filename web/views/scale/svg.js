// Tiny helpers for the two SVG plots: append elements, scale numbers, write points
// (the builder is ../shared/dom.js's svg(); ticks come from ../shared/ticks.js).
import { svg } from '../../shared/dom.js';

/** Creates an SVG element with attributes (and optional text, always as text), appended to parent. */
export function svgEl(parent, tag, attrs = {}, text = null) {
  return parent.appendChild(svg(tag, text === null ? attrs : { ...attrs, text }));
}

/** Removes every child (the plots redraw from data each time; they are small). */
export function clear(el) {
  while (el.firstChild) el.firstChild.remove();
}

/**
 * A text element whose "_x" parts become subscripts: "d_k" -> d with a lowered k.
 * (SVG has no <sub>; a tspan with baseline-shift does the same job.)
 */
export function svgText(parent, attrs, text) {
  const el = svgEl(parent, 'text', attrs);
  text.split(/(_\w)/).forEach((part) => {
    if (part.startsWith('_')) svgEl(el, 'tspan', { 'baseline-shift': 'sub', 'font-size': '80%' }, part.slice(1));
    else if (part) el.appendChild(document.createTextNode(part));
  });
  return el;
}

/** A linear map from [d0, d1] to [r0, r1]. */
export function linear(d0, d1, r0, r1) {
  const k = d1 === d0 ? 0 : (r1 - r0) / (d1 - d0);
  return (x) => r0 + (x - d0) * k;
}

/** A polyline's points attribute from [x, y] pairs. */
export function pointsAttr(pairs) {
  return pairs.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

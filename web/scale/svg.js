// Tiny helpers for the two SVG plots: make elements, scale numbers, pick ticks.

const NS = 'http://www.w3.org/2000/svg';

/** Creates an SVG element with attributes (and optional text), appended to parent. */
export function svgEl(parent, tag, attrs = {}, text = null) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  if (text !== null) el.textContent = text; // always text, never markup
  parent.appendChild(el);
  return el;
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

/** Round tick values from 0 to at least max: about `count` of them, steps of 1, 2 or 5 x 10^k. */
export function niceTicks(max, count = 4) {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
  const ticks = [];
  for (let t = 0; t < max + step * 0.999; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** A polyline's points attribute from [x, y] pairs. */
export function pointsAttr(pairs) {
  return pairs.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

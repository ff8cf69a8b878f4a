// Number text for the widget beyond the shared two decimals and true minus
// (../shared/numbers.js): honest "=" versus "≈", written-out products, the
// text of input cells, and reading typed numbers. Formatting only: no attention math.
import { MINUS, compact, withMinus } from '../shared/numbers.js';

/** True when the two-decimal text is the exact value, so "=" is honest (else "≈"). */
export function exactAt2(x) {
  return Number.isFinite(x) && Number(x.toFixed(2)) === x;
}

export const approx = (...xs) => (xs.every(exactAt2) ? '=' : '≈');

/** An operand inside a written-out product: negatives in parentheses, "1 × (−1)". */
export function operand(x) {
  const s = compact(x);
  return x < 0 && s !== '0' ? `(${s})` : s;
}

/** "[1, −1]" */
export function vector(xs, format = compact) {
  return `[${Array.from(xs, format).join(', ')}]`;
}

/** "a × b + c × d" for a dot product written out. */
export function products(a, b) {
  return a.map((x, i) => `${operand(x)} × ${operand(b[i])}`).join(' + ');
}

/** A share as a whole percentage: 0.665 -> "67%". */
export function percent(x) {
  return `${Math.round(x * 100)}%`;
}

/** How an input cell shows a number: short, exact to 6 decimals, true minus. */
export function inputText(x) {
  return withMinus(String(Number(x.toFixed(6))));
}

export const LIMIT = 1000; // |x| <= LIMIT for every typed number (documented in the README)
const NUMBER = /^[+\-\u2212]?(\d+\.?\d*|\.\d+)(e[+\-\u2212]?\d+)?$/i;

/**
 * Reads a typed cell. Accepts "-1", "−1", "0.5", ".5", "1e2".
 * Returns { ok: true, value } or { ok: false, message } with a message a learner can act on.
 */
export function parseNumber(text) {
  const t = String(text).trim();
  if (t === '') return { ok: false, message: 'is empty: type a number' };
  if (!NUMBER.test(t)) return { ok: false, message: `is "${t.slice(0, 20)}", not a number: type one like 2 or −0.5` };
  const value = Number(t.replace(/\u2212/g, '-'));
  if (!Number.isFinite(value) || Math.abs(value) > LIMIT)
    return { ok: false, message: `is ${t.slice(0, 20)}, out of range: keep it between ${MINUS}${LIMIT} and ${LIMIT}` };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

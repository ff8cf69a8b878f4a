// Number text for the widget beyond the shared two decimals and true minus
// (../shared/numbers.js): honest "=" versus "≈", written-out products, the
// text of input cells, and reading typed numbers. Formatting only: no attention math.
import { MINUS, compact, withMinus } from '../shared/numbers.js';
import { clip, quote } from '../shared/text.js';

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

/**
 * Token text for a sentence, isolated (U+2068 first strong isolate … U+2069 pop): a right-to-left
 * word keeps its place in the sentence and the numbers beside it keep theirs. Tokens cannot hold
 * direction controls of their own (state.js refuses them), so nothing inside can end the isolate.
 */
export const isolate = (token) => `\u2068${token}\u2069`;

/** A share as a whole percentage: 0.665 -> "67%". */
export function percent(x) {
  return `${Math.round(x * 100)}%`;
}

/** How an input cell shows a number: short, exact to 6 decimals, true minus. */
export function inputText(x) {
  return withMinus(String(Number(x.toFixed(6))));
}

export const LIMIT = 1000; // |x| <= LIMIT for every typed number (documented in the README)
/** Longest text a cell reads: a pasted page is refused before any pattern sees it. */
export const MAX_NUMBER_CHARS = 40;
// Unambiguous: each digit can belong to one place only (integer part, then fraction after a
// required ".", or a fraction alone), so a failed match never retries other splits. The old
// `\d+\.?\d*` let a run of digits split anywhere between its two parts: quadratic backtracking.
const NUMBER = /^[+\-\u2212]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+\-\u2212]?\d+)?$/i;

/**
 * Reads a typed cell. Accepts "-1", "−1", "0.5", ".5", "1e2".
 * Returns { ok: true, value } or { ok: false, message } with a message a learner can act on.
 */
export function parseNumber(text) {
  const raw = String(text);
  if (raw.length > 4 * MAX_NUMBER_CHARS || raw.trim().length > MAX_NUMBER_CHARS)
    return { ok: false, message: `is ${raw.length} characters long; a number here has at most ${MAX_NUMBER_CHARS}` };
  const t = raw.trim();
  if (t === '') return { ok: false, message: 'is empty: type a number' };
  if (!NUMBER.test(t)) return { ok: false, message: `is ${quote(t, 20)}, not a number: type one like 2 or −0.5` };
  const value = Number(t.replace(/\u2212/g, '-'));
  if (!Number.isFinite(value) || Math.abs(value) > LIMIT)
    return { ok: false, message: `is ${clip(t, 20)}, out of range: keep it between ${MINUS}${LIMIT} and ${LIMIT}` };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

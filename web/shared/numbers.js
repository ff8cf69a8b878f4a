// Number text shared by every element: the chapter's two decimals and a true
// minus sign (U+2212, never a hyphen), honest "=" versus "≈", written-out products,
// vectors, percentages and the text of input cells. Formatting only: no attention math.
export const MINUS = '\u2212';

/** "-0.5" -> "−0.5": the (first, and for these formats only) hyphen becomes a true minus. */
export const withMinus = (s) => s.replace('-', MINUS);

// Every repaint formats ~100 numbers, most of them the same as last time: remember the text
// (pure functions of the number; the maps are emptied when they grow large).
function remembered(format) {
  const seen = new Map();
  return (x) => {
    let text = seen.get(x);
    if (text === undefined) {
      if (seen.size >= 4096) seen.clear();
      seen.set(x, text = format(x));
    }
    return text;
  };
}

/** Fixed two decimals, as the chapter prints shares and grid cells: 0.665 -> "0.67", −0.001 -> "0.00". */
export const fixed2 = remembered(formatFixed2);

function formatFixed2(x) {
  if (x === Infinity) return 'too large to print';
  if (x === -Infinity) return `${MINUS}∞`;
  if (Number.isNaN(x)) return 'not a number';
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : withMinus(s);
}

/** At most two decimals, trailing zeros dropped: 2 -> "2", 1.4142 -> "1.41", -1 -> "−1". */
export const compact = remembered(formatCompact);

function formatCompact(x) {
  if (!Number.isFinite(x)) return fixed2(x);
  const rounded = Number(x.toFixed(2));
  return withMinus(String(Object.is(rounded, -0) ? 0 : rounded));
}

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

/** How an input cell shows a number while it is edited: short, exact to 6 decimals, true minus. */
export function inputText(x) {
  return withMinus(String(Number(x.toFixed(6))));
}

/** How an input cell shows a number at rest: at most two decimals, as the chapter prints (0.3478 -> "0.35"). */
export function restText(x) {
  return withMinus(String(Number(x.toFixed(2))));
}

// Number text shared by every element: the chapter's two decimals and a true
// minus sign (U+2212, never a hyphen), honest "=" versus "≈", written-out products,
// vectors, percentages and the text of input cells. Formatting only: no attention math.
//
// In the language in force (./i18n/messages.js, inLocale): the decimal separator is the locale's
// ("0,67" in German), vectors then separate with "; " so "[0,5; 1]" stays readable, and digits stay
// Western in every locale, so the numbers in sentences are the ones in the grids and the formula.
export const MINUS = '\u2212';

// { decimal, list, huge, nan, percent } of the language in force; {}: English as written below.
let style = {};

/** Sets the number style (a message bundle's `numbers`; null: English); returns the one it replaces. */
export function setNumberStyle(next) {
  const before = style;
  style = next ?? {};
  return before;
}

/** The decimal separator in force: "." or ",". */
export const decimalSeparator = () => style.decimal ?? '.';

// English number text in the locale's notation: only the decimal point changes.
const local = (s) => (style.decimal ? s.replace('.', style.decimal) : s);

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
const fixed2English = remembered(formatFixed2);
export const fixed2 = (x) => (x === Infinity ? style.huge : x !== x ? style.nan : null) ?? local(fixed2English(x));

function formatFixed2(x) {
  if (x === Infinity) return 'too large to print';
  if (x === -Infinity) return `${MINUS}∞`;
  if (Number.isNaN(x)) return 'not a number';
  const s = x.toFixed(2);
  return s === '-0.00' ? '0.00' : withMinus(s);
}

/** At most two decimals, trailing zeros dropped: 2 -> "2", 1.4142 -> "1.41", -1 -> "−1". */
const compactEnglish = remembered(formatCompact);
export const compact = (x) => (Number.isFinite(x) ? local(compactEnglish(x)) : fixed2(x));

function formatCompact(x) {
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

/**
 * Math inside a sentence, kept left to right in a right-to-left language: between two U+200E marks
 * the numbers, brackets and signs take the marks' direction, so "[2, 0, −1]" does not read "[−1 ,0 ,2]".
 */
export const ltr = (s) => (style.rtl ? `\u200e${s}\u200e` : s);

/** "[1, −1]" */
export function vector(xs, format = compact) {
  return ltr(`[${Array.from(xs, format).join(style.list ?? ', ')}]`);
}

/** "a × b + c × d" for a dot product written out. */
export function products(a, b) {
  return ltr(a.map((x, i) => `${operand(x)} × ${operand(b[i])}`).join(' + '));
}

/** A share as a whole percentage: 0.665 -> "67%". */
export function percent(x) {
  const n = Math.round(x * 100);
  return style.percent?.(n) ?? `${n}%`;
}

/** x to three decimals in the locale's notation: "0.665" / "0,665". */
export const fixed3 = (x) => local(withMinus(x.toFixed(3)));

/** How an input cell shows a number while it is edited: short, exact to 6 decimals, true minus. */
export function inputText(x) {
  return local(withMinus(String(Number(x.toFixed(6)))));
}

/** How an input cell shows a number at rest: at most two decimals, as the chapter prints (0.3478 -> "0.35"). */
export function restText(x) {
  return local(withMinus(String(Number(x.toFixed(2)))));
}

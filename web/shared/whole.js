// One meaning for every whole-number attribute of every element (the scale lab's n, dk and seed,
// the heads lab's seed and heads):
//   absent                     -> the default
//   a whole number in range    -> taken
//   a whole number outside it  -> clamped to the range, with a short message
//   anything else              -> a short message, and the last good value is kept
// A whole number is decimal digits with an optional sign, spaces around ignored: "12", " 12 ",
// "-3", "+7". Empty text, "abc", "2.5", "1e3" and "0x10" are not (an attribute is written by a
// person: a fraction or an exponent there is a slip, not a request to round).
import { clip } from './text.js';

const WHOLE = /^[+-]?\d+$/;

/**
 * A whole-number attribute's text (null when absent) -> { value, message }; message is null
 * when it read as it stands. range: { min, max, fallback } (fallback: the default); previous:
 * the last good value.
 */
export function parseWhole(name, raw, { min, max, fallback }, previous = fallback) {
  if (raw === null || raw === undefined) return { value: fallback, message: null };
  const text = String(raw).trim();
  if (!WHOLE.test(text))
    return { value: previous, message: `${name}="${clip(raw)}" is not a whole number; keeping ${name} = ${previous}.` };
  const x = Number(text);
  const value = Math.min(max, Math.max(min, x));
  if (value === x) return { value, message: null };
  const why = x < min ? `is below ${min}` : `is above ${max}`;
  return { value, message: `${name}="${clip(raw)}" ${why}; using ${name} = ${value} (allowed: ${min} to ${max}).` };
}

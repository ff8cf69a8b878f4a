// One meaning for every boolean attribute of every element (causal, scaled, ...):
// absent -> the default; "", true, on, 1, yes -> on; false, off, 0, no -> off
// (any case, spaces around ignored); anything else -> the default and a message.
import { clip } from './text.js';

export const TRUE_WORDS = Object.freeze(['', 'true', 'on', '1', 'yes']);
export const FALSE_WORDS = Object.freeze(['false', 'off', '0', 'no']);

/** A boolean attribute's text (null when absent) -> { value, message }; message is null when it read. */
export function parseBoolean(name, raw, fallback) {
  if (raw === null || raw === undefined) return { value: fallback, message: null };
  const word = String(raw).trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return { value: true, message: null };
  if (FALSE_WORDS.includes(word)) return { value: false, message: null };
  return { value: fallback, message: `${name}="${clip(raw)}" is not true or false; using ${name} = ${fallback}.` };
}

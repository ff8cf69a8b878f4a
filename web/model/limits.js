// The widget's limits, and reading a number a person typed against them: every number of an
// example is finite with |x| <= LIMIT; at most MAX_TOKENS tokens of at most MAX_TOKEN_CHARS
// characters, dimensions up to MAX_DIM (documented in the README).
import { MINUS } from '../shared/numbers.js';
import { clip, quote } from '../shared/text.js';
import { t } from '../shared/i18n/messages.js';

export const MAX_TOKENS = 16;   // more would not fit a readable grid
export const MAX_DIM = 8;       // embeddings and q/k/v widths
export const MAX_TOKEN_CHARS = 40;
export const MAX_TEMPERATURE = 100;

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
export function parseNumber(typed) {
  const raw = String(typed);
  if (raw.length > 4 * MAX_NUMBER_CHARS || raw.trim().length > MAX_NUMBER_CHARS)
    return { ok: false, message: t('input.tooLong', { length: raw.length, max: MAX_NUMBER_CHARS }) };
  const text = raw.trim();
  // The words in the language in force (an element's cell: web/views/widget/number-input.js), else English.
  if (text === '') return { ok: false, message: t('input.empty') };
  if (!NUMBER.test(text)) return { ok: false, message: t('input.notNumber', { text: quote(text, 20) }) };
  const value = Number(text.replace(/\u2212/g, '-'));
  if (!Number.isFinite(value) || Math.abs(value) > LIMIT)
    return { ok: false, message: t('input.outOfRange', { text: clip(text, 20), min: `${MINUS}${LIMIT}`, max: LIMIT }) };
  return { ok: true, value: Object.is(value, -0) ? 0 : value };
}

// The element's attributes: their ranges, defaults, and how a raw string becomes
// a value. Bad strings never throw: they give a value to use (clamped, or the
// last good one) and a message a person can act on.

import { INPUTS } from './inputs.js';

export const RANGES = Object.freeze({
  n: { min: 3, max: 4096, fallback: 256 },
  dk: { min: 2, max: 512, fallback: 64 },
  seed: { min: 0, max: 4294967295, fallback: 1 },
});

export const DEFAULTS = Object.freeze({ n: 256, dk: 64, scaled: true, causal: false, input: 'random', seed: 1 });

const TRUE_WORDS = ['', 'true', 'on', '1', 'yes'];
const FALSE_WORDS = ['false', 'off', '0', 'no'];

/**
 * A whole number attribute -> { value, message }. raw null means "absent": the default.
 * Not a number: keep `previous`. Out of range or fractional: clamp/round and say so.
 */
export function parseWhole(name, raw, previous) {
  const { min, max, fallback } = RANGES[name];
  if (raw === null) return { value: fallback, message: null };
  const text = raw.trim();
  const x = text === '' ? NaN : Number(text);
  if (!Number.isFinite(x))
    return { value: previous, message: `${name}="${shorten(raw)}" is not a number; keeping ${name} = ${previous}.` };
  const value = Math.min(max, Math.max(min, Math.round(x)));
  if (value === x) return { value, message: null };
  const why = x < min ? `is below ${min}` : x > max ? `is above ${max}` : 'is not a whole number';
  return { value, message: `${name}="${shorten(raw)}" ${why}; using ${name} = ${value} (allowed: ${min} to ${max}).` };
}

/** A switch attribute: absent -> default; "", true, on -> true; false, off -> false. */
export function parseSwitch(name, raw, fallback) {
  if (raw === null) return { value: fallback, message: null };
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return { value: true, message: null };
  if (FALSE_WORDS.includes(word)) return { value: false, message: null };
  return { value: fallback, message: `${name}="${shorten(raw)}" is not true or false; using ${name} = ${fallback}.` };
}

/** The input kind: one of INPUTS; anything else keeps the previous kind. */
export function parseInput(raw, previous) {
  if (raw === null) return { value: DEFAULTS.input, message: null };
  const word = raw.trim().toLowerCase();
  if (INPUTS.includes(word)) return { value: word, message: null };
  return { value: previous, message: `input="${shorten(raw)}" is not one of ${INPUTS.join(', ')}; keeping input = ${previous}.` };
}

// Attribute text is shown back to the person as text (never as markup); keep it short.
function shorten(raw) {
  return raw.length > 24 ? `${raw.slice(0, 24)}\u2026` : raw;
}

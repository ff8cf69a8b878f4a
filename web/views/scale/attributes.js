// The element's attributes: their ranges, defaults, and how a raw string becomes
// a value. Bad strings never throw: they give a value to use (clamped, or the
// last good one) and a message a person can act on. n, dk and seed are whole
// numbers, read as every element reads one (../../shared/whole.js, with RANGES).

import { INPUTS } from './inputs.js';
import { parseBoolean } from '../../shared/booleans.js';
import { clip } from '../../shared/text.js';
import { t } from './words.js';

export const RANGES = Object.freeze({
  n: { min: 3, max: 4096, fallback: 256 },
  dk: { min: 2, max: 512, fallback: 64 },
  seed: { min: 0, max: 4294967295, fallback: 1 },
});

export const DEFAULTS = Object.freeze({ n: 256, dk: 64, scaled: true, causal: false, input: 'random', seed: 1 });

/** A switch attribute (scaled, causal): the shared boolean words, see ../../shared/booleans.js. */
export const parseSwitch = parseBoolean;

/**
 * The input kind: one of INPUTS; anything else keeps the previous kind, with a message: its text
 * now (English outside an element) and say(), its words in the language in force when shown.
 */
export function parseInput(raw, previous) {
  if (raw === null) return { value: DEFAULTS.input, message: null };
  const word = raw.trim().toLowerCase();
  if (INPUTS.includes(word)) return { value: word, message: null };
  const say = () => t('scale.badInput', { raw: clip(raw), kinds: INPUTS.join(', '), previous });
  return { value: previous, message: say(), say };
}

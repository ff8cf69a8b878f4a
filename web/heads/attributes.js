// <attention-heads> attributes -> values, each with a message when it did not read.
import { clip } from '../shared/text.js';

export const DEFAULTS = Object.freeze({ seed: 1, heads: 2 });
export const MAX_HEADS = 4;
export const MAX_SEED = 2 ** 32 - 1;

/** A whole number attribute in [min, max]: { value, message } (message null when it read). */
export function parseWhole(name, raw, min, max, fallback) {
  if (raw === null || raw === undefined) return { value: fallback, message: null };
  const text = String(raw).trim();
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (Number.isSafeInteger(value) && value >= min && value <= max) return { value, message: null };
  return { value: fallback, message: `${name}="${clip(raw)}" is not a whole number from ${min} to ${max}; using ${name} = ${fallback}.` };
}

export const parseSeed = (raw, fallback = DEFAULTS.seed) => parseWhole('seed', raw, 0, MAX_SEED, fallback);
export const parseHeads = (raw, fallback = DEFAULTS.heads) => parseWhole('heads', raw, 1, MAX_HEADS, fallback);

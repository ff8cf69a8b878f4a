// <attention-heads> attributes -> values, each with a message when it did not read as it stands
// (the one whole-number meaning of every element: ../../shared/whole.js).
import { parseWhole } from '../../shared/whole.js';

export const DEFAULTS = Object.freeze({ seed: 1, heads: 2 });
export const MAX_HEADS = 4;
export const MAX_SEED = 2 ** 32 - 1;

export const RANGES = Object.freeze({
  seed: { min: 0, max: MAX_SEED, fallback: DEFAULTS.seed },
  heads: { min: 1, max: MAX_HEADS, fallback: DEFAULTS.heads },
});

/** seed="…" -> { value, message }; `previous`: the last good seed. */
export const parseSeed = (raw, previous = DEFAULTS.seed) => parseWhole('seed', raw, RANGES.seed, previous);
/** heads="…" -> { value, message }; `previous`: the last good count. */
export const parseHeads = (raw, previous = DEFAULTS.heads) => parseWhole('heads', raw, RANGES.heads, previous);

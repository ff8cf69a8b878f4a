// What an <attention-value of="…"> names, and its text. Pure: no DOM, no core.
//
//   share ASKER KEY   the share ASKER gives KEY (a row of the Attention weights grid)
//   score ASKER KEY   ASKER's query dotted with KEY's key (raw Q Kᵀ, before ÷ and mask)
//   logit ASKER KEY   that score as softmax sees it: ÷ √d_k and the temperature
//   exp ASKER KEY     e^logit, as the one-asker table prints it
//   total ASKER       the sum of ASKER's exponentials (softmax's denominator)
//   divisor           what every score is divided by (√d_k × temperature, or the temperature)
//   query TOKEN, key TOKEN, value TOKEN, output TOKEN   a vector, "[2.24, 0.85]"
//   asker             the shared asker's word (what every figure of the example marks)
//   top ASKER         the key(s) ASKER gives the largest share, decided on the printed two
//                     decimals: a tie is said as one, "the and cat"
//
// Any name may be the word `asker`: the shared asker, so "query asker" follows the reader's pick.
// A token is named by its text (exact first, then ignoring case: the `asker` attribute's
// rule) or by its 0-based position, for sentences where a word repeats.
// Reading happens in two steps: parseOf() checks the words once, resolveOf() finds the
// tokens in the example's current sentence (which can change under a figure).
import { compact, fixed2, percent, vector } from '../../shared/numbers.js';
import { clip } from '../../shared/text.js';

export const MAX_OF_CHARS = 200;

// kind -> which names it takes, and where its number lives in the core's result.
const KINDS = Object.freeze({
  share: { names: ['asker', 'key'], field: 'weights', shape: 'cell' },
  score: { names: ['asker', 'key'], field: 'scores', shape: 'cell' },
  logit: { names: ['asker', 'key'], field: 'logits', shape: 'cell' },
  exp: { names: ['asker', 'key'], field: 'exponentials', shape: 'cell' },
  total: { names: ['asker'], field: 'expSums', shape: 'row' },
  divisor: { names: [], field: 'divisor', shape: 'scalar' },
  query: { names: ['token'], field: 'queries', shape: 'vector' },
  key: { names: ['token'], field: 'keys', shape: 'vector' },
  value: { names: ['token'], field: 'values', shape: 'vector' },
  output: { names: ['token'], field: 'outputs', shape: 'vector' },
  asker: { names: [], shape: 'asker' },
  top: { names: ['asker'], shape: 'top' },
});

export const OF_KINDS = Object.freeze(Object.keys(KINDS));
export const FORMATS = Object.freeze(['fixed', 'compact', 'percent']);

const FORMS = 'share ASKER KEY, score ASKER KEY, logit ASKER KEY, exp ASKER KEY, total ASKER, '
  + 'divisor, query TOKEN, key TOKEN, value TOKEN, output TOKEN, asker, top ASKER';
const USAGE = `use one of: ${FORMS}`;

// A failure's message is English here, with its words ({ key, values }: a key of
// web/shared/i18n/en.js) beside it, which <attention-value> says in its language. This module loads
// on demand, and importing the catalogue would split it off the widget's own code into one request
// more on every page (tests/package/budget.mjs); tests/web/i18n-labs.test.mjs checks that the
// catalogue's English says exactly these words.
const words = (key, values = {}) => ({ key, values });
const usage = words('of.usage', { forms: FORMS });

/**
 * The words of an `of` attribute -> { ok: true, kind, names } or { ok: false, message, words }.
 * Checks the kind and the number of names; the names are looked up later (resolveOf).
 */
export function parseOf(text) {
  if (text === null || text === undefined) return fail(`of is missing; ${USAGE}`, words('of.missing', { usage }));
  const raw = String(text);
  if (raw.length > MAX_OF_CHARS)
    return fail(`of is ${raw.length} characters long; at most ${MAX_OF_CHARS} are read`, words('of.long', { length: raw.length, max: MAX_OF_CHARS }));
  const written = raw.trim().split(/\s+/).filter(Boolean);
  if (written.length === 0) return fail(`of is empty; ${USAGE}`, words('of.empty', { usage }));
  const kind = written[0].toLowerCase();
  if (!Object.hasOwn(KINDS, kind)) {
    const word = clip(written[0], 30);
    return fail(`"${word}" is not something a figure shows; ${USAGE}`, words('of.kind', { word, usage }));
  }
  const { names } = KINDS[kind];
  const given = written.slice(1);
  if (given.length !== names.length) {
    const got = given.length === 0 ? null : `"${clip(given.join(' '), 30)}"`;
    const gotWords = got ?? words('of.gotNone');
    if (names.length === 0) return fail(`"${kind}" takes no names (got ${got ?? 'none'})`, words('of.takesNone', { kind, got: gotWords }));
    const wanted = names.map((n) => n.toUpperCase()).join(' ');
    return fail(`"${kind}" takes ${wanted} (got ${got ?? 'none'})`, words('of.takes', { kind, names: wanted, got: gotWords }));
  }
  return { ok: true, kind, names: given };
}

/**
 * A parsed `of` against the example's tokens -> { ok: true, kind, at: [i, j…] } or { ok: false, message }.
 * asker: the shared asker's index, for the word asker as a name (when no token is called so).
 */
export function resolveOf(parsed, tokens, asker = 0) {
  if (!parsed.ok) return parsed;
  const { names } = KINDS[parsed.kind];
  const at = [];
  for (let n = 0; n < names.length; n += 1) {
    let i = tokenIndex(parsed.names[n], tokens);
    // The word asker names the shared asker (unless a token is called so): "query asker".
    if (i < 0 && parsed.names[n].toLowerCase() === 'asker') i = asker;
    if (i < 0) {
      const values = { role: names[n], name: clip(parsed.names[n], 30), tokens: tokens.join(', '), last: tokens.length - 1 };
      return fail(`${values.role} "${values.name}" is not one of the tokens (${values.tokens}) `
        + `nor a position from 0 to ${values.last}`, words('of.token', values));
    }
    at.push(i);
  }
  return { ok: true, kind: parsed.kind, at };
}

/** A token's position from its text (exact, then ignoring case) or a 0-based index; -1 if none. */
export function tokenIndex(name, tokens) {
  let i = tokens.indexOf(name);
  if (i < 0) i = tokens.findIndex((t) => t.toLowerCase() === name.toLowerCase());
  if (i < 0 && /^\d+$/.test(name) && Number(name) < tokens.length) i = Number(name);
  return i;
}

/**
 * The value a resolved `of` names in the core's result: a number, an array (a vector),
 * or null for a score, logit or exponential the causal mask has removed.
 */
// Words said as one ("the and cat", "the, cat and sat"); an element passes its language's (listAnd).
const englishList = (words) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/** list: how tied words are said as one (default English). */
export function lookUp(ref, result, state = null, list = englishList) {
  const { field, shape } = KINDS[ref.kind];
  if (shape === 'asker') return state.tokens[state.asker];
  if (shape === 'top') return topWords(ref.at[0], result, state.tokens, list);
  if (shape === 'scalar') return result[field];
  const [i, j] = ref.at;
  if (shape === 'vector') return [...result[field][i]];
  if (shape === 'row') return result[field][i];
  // A masked pair has no score in the softmax: say so rather than print the raw q · k or e^−∞ = 0.
  if (ref.kind !== 'share' && result.logits[i][j] === -Infinity) return null;
  return result[field][i][j];
}

/**
 * The key(s) with the largest share in row i, as words: ties on the printed two decimals are
 * said as ties ("the and cat", "the, cat and sat"); masked keys are not candidates.
 */
export function topWords(i, result, tokens, list = englishList) {
  const row = result.weights[i];
  const seen = row.map((_, j) => j).filter((j) => result.logits[i][j] !== -Infinity);
  const best = Math.max(...seen.map((j) => row[j]));
  const tied = seen.filter((j) => fixed2(row[j]) === fixed2(best)).map((j) => tokens[j]);
  return list(tied);
}

/** Is `format` one this kind can be printed in? { ok } or { ok: false, message }. */
export function checkFormat(format, kind) {
  const f = format ?? 'fixed';
  if (!FORMATS.includes(f))
    return fail(`format "${clip(f, 30)}" is unknown; use fixed, compact or percent`, words('of.format', { format: clip(f, 30) }));
  if (f === 'percent' && kind !== 'share') return fail('format="percent" is for shares only', words('of.percent'));
  return { ok: true, format: f };
}

/**
 * The text for a looked-up value: fixed (two decimals, like the chapter: "0.67"),
 * compact (trailing zeros dropped: "[1, 1]"), percent ("67%"). True minus signs.
 */
export function formatValue(value, format = 'fixed') {
  if (value === null) return 'masked';
  if (typeof value === 'string') return value; // words (asker, top): no format
  const one = format === 'compact' ? compact : fixed2;
  if (Array.isArray(value)) return vector(value, one);
  return format === 'percent' ? percent(value) : one(value);
}

function fail(message, said) {
  return { ok: false, message, words: said };
}

// The `when` of an <attention-if>: a sentence of the chapter that is true only for some numbers
// shows only while it is. Pure: no DOM, no core. The grammar is small on purpose:
//
//   asker is TOKEN          the shared asker is TOKEN          (asker is sat)
//   asker is not TOKEN
//   top ASKER is KEY        KEY has ASKER's largest share       (top sat is cat; a printed tie
//   top ASKER is not KEY    counts for every key in it; ASKER may be the word asker)
//   causal on | causal off  the causal mask                     (causal off)
//   scaled on | scaled off  ÷√d_k
//
// Clauses may be joined with "and" (all must hold). Words are case-insensitive; a token is
// named by its text or its 0-based position (the `of` rule, of.js). parseWhen checks the words
// once; evaluateWhen reads the example's current state and result. A condition that cannot be
// read is never false in silence: the element shows its text with the message (if.js).
import { clip } from '../../shared/text.js';
import { fixed2 } from '../../shared/numbers.js';
import { tokenIndex } from './of.js';

export const MAX_WHEN_CHARS = 200;
const FORMS = '"asker is TOKEN", "asker is not TOKEN", "top ASKER is KEY", "top ASKER is not KEY", "causal on|off"';
const USAGE = `use ${FORMS} or "scaled on|off", joined with "and"`;

// A failure's message is English here, with its words ({ key, values }: a key of
// web/shared/i18n/en.js) beside it, which <attention-if> says in its language (why: of.js).
const words = (key, values = {}) => ({ key, values });
const usage = words('when.usage', { forms: FORMS, last: '"scaled on|off"', and: '"and"' });

/** `when` -> { ok: true, clauses: [{ kind, names, not, on }] } or { ok: false, message, words }. */
export function parseWhen(text) {
  if (text === null || text === undefined) return fail(`when is missing; ${USAGE}`, words('when.missing', { usage }));
  const raw = String(text);
  if (raw.length > MAX_WHEN_CHARS) {
    return fail(`when is ${raw.length} characters long; at most ${MAX_WHEN_CHARS} are read`,
      words('when.long', { length: raw.length, max: MAX_WHEN_CHARS }));
  }
  const parts = raw.trim().split(/\s+and\s+/i);
  if (raw.trim() === '') return fail(`when is empty; ${USAGE}`, words('when.empty', { usage }));
  const clauses = [];
  for (const part of parts) {
    const clause = parseClause(part.trim().split(/\s+/));
    const written = clip(part.trim(), 40);
    if (!clause) return fail(`"${written}" is not a condition; ${USAGE}`, words('when.clause', { clause: written, usage }));
    clauses.push(clause);
  }
  return { ok: true, clauses };
}

function parseClause(words) {
  const w = words.map((x) => x.toLowerCase());
  if (w[0] === 'asker' && w[1] === 'is') {
    if (w.length === 3) return { kind: 'asker', names: [words[2]], not: false };
    if (w.length === 4 && w[2] === 'not') return { kind: 'asker', names: [words[3]], not: true };
  }
  if (w[0] === 'top' && w[2] === 'is') {
    if (w.length === 4) return { kind: 'top', names: [words[1], words[3]], not: false };
    if (w.length === 5 && w[3] === 'not') return { kind: 'top', names: [words[1], words[4]], not: true };
  }
  if ((w[0] === 'causal' || w[0] === 'scaled') && w.length === 2 && (w[1] === 'on' || w[1] === 'off')) {
    return { kind: w[0], names: [], not: false, on: w[1] === 'on' };
  }
  return null;
}

/**
 * A parsed `when` against the example now -> { ok: true, value } or { ok: false, message } (a
 * token that is not in the sentence). state: { tokens, asker, causal, scaled }; result: the core's.
 */
export function evaluateWhen(parsed, state, result) {
  if (!parsed.ok) return parsed;
  let value = true;
  for (const clause of parsed.clauses) {
    const one = evaluateClause(clause, state, result);
    if (!one.ok) return one;
    value = value && one.value;
  }
  return { ok: true, value };
}

function evaluateClause({ kind, names, not, on }, state, result) {
  if (kind === 'causal' || kind === 'scaled') return { ok: true, value: Boolean(state[kind]) === on };
  const at = [];
  for (const [n, name] of names.entries()) {
    let i = tokenIndex(name, state.tokens);
    if (i < 0 && kind === 'top' && name.toLowerCase() === 'asker') i = state.asker;
    if (i < 0) {
      const values = { name: clip(name, 30), tokens: state.tokens.join(', '), last: state.tokens.length - 1 };
      return fail(`"${values.name}" is not one of the tokens (${values.tokens}) nor a position from 0 to ${values.last}`,
        words('when.token', values));
    }
    at.push(i);
  }
  let value;
  if (kind === 'asker') value = state.asker === at[0];
  else {
    const [i, key] = at;
    const row = result.weights[i];
    const seen = row.map((_, j) => j).filter((j) => result.logits[i][j] !== -Infinity);
    const best = Math.max(...seen.map((j) => row[j]));
    value = seen.includes(key) && fixed2(row[key]) === fixed2(best);
  }
  return { ok: true, value: not ? !value : value };
}

function fail(message, said) {
  return { ok: false, message, words: said };
}

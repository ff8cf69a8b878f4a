// The widget's state: one plain, serializable object
//   { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }
// (asker is a 0-based token index). Reading configs and attributes into it,
// with messages a person can act on. Shapes are checked by the core itself.
import { LIMIT, MAX_DIM, MAX_TEMPERATURE, MAX_TOKENS, MAX_TOKEN_CHARS } from './limits.js';
import { MINUS } from '../shared/numbers.js';
import { quote, thrown } from '../shared/text.js';
import { said } from '../shared/i18n/say.js';

/** A config that does not read. `say` writes the message in the language in force (../shared/i18n/say.js). */
export class ConfigError extends Error {
  constructor(say) {
    super(say());
    this.say = say;
  }
}

const refuse = (key, values) => new ConfigError(said(key, values));

export function cloneState(s) {
  const copy = (m) => m.map((row) => [...row]);
  return {
    tokens: [...s.tokens], embeddings: copy(s.embeddings), wq: copy(s.wq), wk: copy(s.wk), wv: copy(s.wv),
    causal: s.causal, scaled: s.scaled, temperature: s.temperature, asker: s.asker,
  };
}

const FIELDS = Object.freeze(['tokens', 'embeddings', 'wq', 'wk', 'wv', 'causal', 'scaled', 'temperature', 'asker']);

/**
 * Equal states, by value: the same tokens, numbers, switches and asker, whatever the objects
 * and the order of their keys (they are small: at most 16 tokens, dimensions up to 8, so
 * their JSON is cheap).
 */
export function sameState(a, b) {
  return a === b || FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** A config object (the `config` property or the JSON child) -> a full state. Throws ConfigError. */
export function readConfig(config) {
  // A page's object can throw anything while being read (a getter, a proxy trap, a revoked
  // proxy), even null: that is bad input like any other, and leaves as a ConfigError.
  try {
    return readConfigFields(config);
  } catch (err) {
    if (err instanceof ConfigError) throw err;
    throw refuse('config.threw', { thrown: thrown(err) });
  }
}

function readConfigFields(config) {
  if (!config || typeof config !== 'object' || Array.isArray(config))
    throw refuse('config.notObject');
  const tokens = readTokens(config.tokens);
  const state = {
    tokens,
    embeddings: readMatrix('embeddings', config.embeddings),
    wq: readMatrix('wq', config.wq),
    wk: readMatrix('wk', config.wk),
    wv: readMatrix('wv', config.wv),
    causal: readFlag('causal', config.causal ?? false),
    scaled: readFlag('scaled', config.scaled ?? false),
    temperature: readTemperature(config.temperature ?? 1),
    asker: 0,
  };
  if (state.embeddings.length !== tokens.length)
    throw refuse('config.rows', { tokens: tokens.length, rows: state.embeddings.length });
  state.asker = config.asker === undefined ? tokens.length - 1 : readAsker(config.asker, tokens);
  return state;
}

// A config's asker: a number is a 0-based index (as in share links and `state`), so
// `config = other.state` keeps the asker even when tokens are numerals ("1", "0");
// text is matched against the tokens first (resolveAsker).
function readAsker(asker, tokens) {
  if (typeof asker !== 'number') return resolveAsker(asker, tokens);
  if (!Number.isInteger(asker) || asker < 0 || asker >= tokens.length)
    throw refuse('config.askerIndex', { asker: String(asker).slice(0, 20), last: tokens.length - 1 });
  return asker;
}

function readTokens(tokens) {
  if (!Array.isArray(tokens) || tokens.length === 0)
    throw refuse('config.tokens');
  if (tokens.length > MAX_TOKENS)
    throw refuse('config.tooManyTokens', { n: tokens.length, max: MAX_TOKENS });
  return tokens.map((t, i) => {
    if (typeof t !== 'string' || t === '')
      throw refuse('config.tokenEmpty', { n: i + 1 });
    if (t.length > MAX_TOKEN_CHARS)
      throw refuse('config.tokenLong', { n: i + 1, length: t.length, max: MAX_TOKEN_CHARS });
    const problem = tokenProblem(t, i + 1);
    if (problem) throw new ConfigError(problem);
    return t;
  });
}

// Characters no token may hold. Controls (C0 but tab and newline, DEL, C1) and U+FFFE/U+FFFF
// cannot be written in an XML file, so every SVG and PNG export would fail; a lone surrogate is
// half a character (and would not survive a share link's UTF-8). The explicit direction controls
// (embeddings, overrides, isolates) would reorder the widget's sentences around the token;
// right-to-left words need none of them (the widget isolates each token: isolate in web/shared/text.js).
const CONTROL = /[\p{Cc}\uFFFE\uFFFF]/u;
const TEXT_CONTROLS = new Set(['\t', '\n']);
const LONE_SURROGATE = /\p{Cs}/u;
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// A character that draws something: not a space, control, format or default-ignorable character
// (zero-width spaces, joiners, the Hangul fillers), not a lone combining mark, not the blank
// braille pattern (U+2800, which draws nothing in every font).
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Z}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** What is wrong with token n's characters (a message to say, ../shared/i18n/say.js), or null. */
export function tokenProblem(t, n) {
  const code = (ch) => `U+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  for (const ch of t) {
    if (CONTROL.test(ch) && !TEXT_CONTROLS.has(ch))
      return said('config.tokenControl', { n, code: code(ch) });
    if (LONE_SURROGATE.test(ch))
      return said('config.tokenBroken', { n, code: code(ch) });
    if (DIRECTION_CONTROL.test(ch))
      return said('config.tokenDirection', { n, code: code(ch) });
  }
  if (!VISIBLE.test(t)) return said('config.tokenInvisible', { n });
  return null;
}

function readMatrix(name, m) {
  if (!Array.isArray(m) || m.length === 0 || !m.every(Array.isArray))
    throw refuse('config.matrix', { name });
  if (m.length > MAX_TOKENS || m.some((row) => row.length > MAX_DIM))
    throw refuse('config.matrixLarge', { name, rows: MAX_TOKENS, columns: MAX_DIM });
  return m.map((row, r) => row.map((x, c) => {
    if (typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x) > LIMIT)
      throw refuse('config.cell', { name, row: r + 1, column: c + 1, got: quote(x), min: `${MINUS}${LIMIT}`, max: LIMIT });
    return x;
  }));
}

function readFlag(name, value) {
  if (typeof value !== 'boolean') throw refuse('config.flag', { name, got: quote(value) });
  return value;
}

/** A temperature from a number or attribute text. Throws ConfigError. */
export function readTemperature(value) {
  const t = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof t !== 'number' || !(t > 0) || !(t <= MAX_TEMPERATURE))
    throw refuse('config.temperature', { max: MAX_TEMPERATURE, got: quote(value, 20) });
  return t;
}

/**
 * The asker from token text or a 0-based index: text is tried first (first exact
 * match, then case-insensitive), then a whole number as an index. Throws ConfigError.
 */
export function resolveAsker(value, tokens) {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : null;
  if (text === null)
    throw refuse('config.askerNeither', { asker: quote(value), last: tokens.length - 1 });
  let i = tokens.indexOf(text);
  if (i < 0) i = tokens.findIndex((t) => t.toLowerCase() === text.toLowerCase());
  if (i < 0 && /^\d+$/.test(text) && Number(text) < tokens.length) i = Number(text);
  if (i < 0)
    throw refuse('config.asker', { asker: quote(text, 40), tokens: tokens.join(', '), last: tokens.length - 1 });
  return i;
}

// The figure attributes of <attention-widget>, read into plain values. Pure: no DOM.
//
//   show="asker blend"             which panels a figure shows (default: all of them)
//   highlight="shares sat cat"     what the paragraph beside it talks about
//
// Lookups go through Object.hasOwn, so words like "constructor" or "__proto__" are
// just unknown names, never a property of some prototype. What a message quotes of them goes
// through clip() (web/shared/text.js): short, and a direction control written out, never raw.
import { clip } from '../../shared/text.js';

// Messages are English here; beside them, when there are any, `words`: each one's { key, values }
// (keys of web/shared/i18n/en.js), which the widget says in its language (view.js). This module
// loads on demand and does not import the catalogue (why: of.js).
const say = (key, values = {}) => ({ key, values });
const withWords = (result, words) => (words.length ? { ...result, words } : result);

/** Every panel a figure can show, in the order the full widget lays them out. */
export const PANELS = Object.freeze({
  title: 'the sentence, as a heading',
  causal: 'the causal-mask switch',
  scaled: 'the ÷√d_k switch (the thermostat)',
  temperature: 'the softmax temperature slider',
  reset: 'the "Reset to preset" button',
  cast: 'the cast: W_Q, W_K, W_V (violet), each embedding x and its q, k, v',
  asker: 'one asker: its query against every key, scores, e^score, total, shares, the blend in words',
  blend: 'the value arrows and their blend o, draggable',
  formula: 'softmax(Q Kᵀ / √d_k) V, each symbol linked to its part',
  grids: 'everyone asks at once: the Scores and Attention weights grids',
  share: 'Copy link and Export pictures',
});

export const PANEL_NAMES = Object.freeze(Object.keys(PANELS));

/**
 * show="…" -> { panels: Set of names, messages, words? }. Absent: every panel. Unknown names are
 * named in a message and skipped; when none is left, every panel shows (nothing is worse
 * than a figure that silently shows nothing).
 */
export function parseShow(raw) {
  if (raw === null || raw === undefined) return { panels: new Set(PANEL_NAMES), messages: [] };
  const names = String(raw).trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  const unknown = names.filter((w) => !Object.hasOwn(PANELS, w));
  const known = names.filter((w) => Object.hasOwn(PANELS, w));
  const messages = [];
  const words = [];
  if (unknown.length) {
    const values = { words: unknown.map((w) => `"${clip(w)}"`).slice(0, 3).join(', '), n: unknown.length, panels: PANEL_NAMES.join(', ') };
    messages.push(`show: ${values.words} ${unknown.length === 1 ? 'is not a panel' : 'are not panels'}; use ${values.panels}.`);
    words.push(say('figure.showUnknown', values));
  }
  if (known.length === 0) {
    if (!unknown.length) {
      messages.push('show is empty; showing every panel.');
      words.push(say('figure.showEmpty'));
    }
    return withWords({ panels: new Set(PANEL_NAMES), messages }, words);
  }
  return withWords({ panels: new Set(known), messages }, words);
}

// Grids a highlight can name: what its rows and columns are called.
//   rows 'token': a token of the sentence; cols 'token' / a fixed list / 'index' (1-based).
export const HIGHLIGHT_GRIDS = Object.freeze({
  scores: { rows: 'token', cols: 'token', about: 'the Scores grid: ASKER KEY' },
  shares: { rows: 'token', cols: 'token', about: 'the Attention weights grid: ASKER KEY' },
  asker: { rows: 'token', cols: ['products', 'score', 'logit', 'exp', 'share'],
    about: 'the one-asker table: KEY and a column (products, score, logit, exp, share)' },
  cast: { rows: 'token', cols: ['x', 'q', 'k', 'v'], about: 'the cast table: TOKEN and x, q, k or v' },
  wq: { rows: 'index', cols: 'index', about: 'W_Q: ROW COLUMN, counted from 1' },
  wk: { rows: 'index', cols: 'index', about: 'W_K: ROW COLUMN, counted from 1' },
  wv: { rows: 'index', cols: 'index', about: 'W_V: ROW COLUMN, counted from 1' },
});
const ALIASES = Object.freeze({ weights: 'shares' });
export const MAX_HIGHLIGHT_CHARS = 400;
const MAX_TARGETS = 32;

/**
 * highlight="…" -> { targets: [{ grid, row, col }], messages, words? }. Targets are separated by
 * commas or semicolons; each is GRID [ROW [COLUMN]], with * for "every". row/col stay as
 * written (null when not given); resolveHighlight() finds them in the current example.
 *   "shares sat cat"   one cell;   "shares sat"   a row;   "shares * cat"   a column.
 */
export function parseHighlight(raw) {
  const targets = [];
  const messages = [];
  const words = [];
  if (raw === null || raw === undefined) return { targets, messages };
  const text = String(raw);
  if (text.length > MAX_HIGHLIGHT_CHARS) {
    return { targets, messages: [`highlight is ${text.length} characters long; at most ${MAX_HIGHLIGHT_CHARS} are read.`],
      words: [say('figure.highlightLong', { length: text.length, max: MAX_HIGHLIGHT_CHARS })] };
  }
  for (const part of text.split(/[,;]/).map((p) => p.trim()).filter(Boolean).slice(0, MAX_TARGETS)) {
    const [first, row = null, col = null, ...extra] = part.split(/\s+/);
    const word = first.toLowerCase();
    const grid = Object.hasOwn(ALIASES, word) ? ALIASES[word] : word;
    if (!Object.hasOwn(HIGHLIGHT_GRIDS, grid)) {
      const grids = Object.keys(HIGHLIGHT_GRIDS).join(', ');
      messages.push(`highlight: "${clip(first)}" is not a grid; use ${grids}.`);
      words.push(say('figure.highlightGrid', { grid: clip(first), grids }));
    } else if (extra.length) {
      messages.push(`highlight: "${clip(part)}" has too many words; use GRID ROW COLUMN.`);
      words.push(say('figure.highlightWords', { part: clip(part) }));
    } else {
      targets.push({ grid, row, col });
    }
  }
  return withWords({ targets, messages }, words);
}

/**
 * Targets against the example: -> { cells: [{ grid, rows: number[], cols: number[] }], messages, words? }.
 * rows/cols are 0-based; an empty list means "every" (the whole row or column, or the whole grid).
 * `dims`: { tokens, dModel, dK, dV } of the example on screen.
 */
export function resolveHighlight(targets, dims) {
  const cells = [];
  const messages = [];
  const words = [];
  for (const target of targets) {
    const spec = HIGHLIGHT_GRIDS[target.grid];
    const rows = resolveAxis(target.row, spec.rows, dims, target.grid, 'row');
    const cols = resolveAxis(target.col, spec.cols, dims, target.grid, 'column');
    const bad = [rows, cols].find((r) => !Array.isArray(r));
    if (bad) {
      messages.push(bad.message);
      words.push(bad.words);
    } else cells.push({ grid: target.grid, rows, cols });
  }
  return withWords({ cells, messages }, words);
}

// One axis name -> [indices] ([] = every), or { message, words }.
function resolveAxis(name, kind, dims, grid, axis) {
  if (name === null || name === '*') return [];
  if (kind === 'token') {
    // A repeated word marks every row it heads ("the" twice in "we put the cash in the bank").
    const exact = dims.tokens.flatMap((t, i) => (t === name ? [i] : []));
    const loose = exact.length ? exact : dims.tokens.flatMap((t, i) => (t.toLowerCase() === name.toLowerCase() ? [i] : []));
    if (loose.length) return loose;
    const values = { name: clip(name), grid, tokens: dims.tokens.join(', ') };
    return { message: `highlight: "${values.name}" is not a token of ${grid} (${values.tokens}).`, words: say('figure.highlightToken', values) };
  }
  if (kind === 'index') {
    const size = axis === 'row' ? (grid === 'wv' ? dims.dV : dims.dK) : dims.dModel;
    const n = /^\d+$/.test(name) ? Number(name) : NaN;
    if (n >= 1 && n <= size) return [n - 1];
    return { message: `highlight: ${grid} ${axis} "${clip(name)}" should be a number from 1 to ${size}.`,
      words: say(axis === 'row' ? 'figure.highlightRow' : 'figure.highlightColumn', { grid, name: clip(name), size }) };
  }
  const i = kind.indexOf(name.toLowerCase());
  if (i >= 0) return [i];
  const values = { grid, name: clip(name), columns: kind.join(', ') };
  return { message: `highlight: ${grid} has no column "${values.name}"; use ${values.columns}.`, words: say('figure.highlightNoColumn', values) };
}

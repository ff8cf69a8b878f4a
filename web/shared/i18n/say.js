// A message that can be said again, in whatever language is in force when it is read. The model
// and the figures make their messages before an element's language may be in (a German page's
// catalogue loads on demand, after the first load has been checked), so a problem carries say()
// beside its text, and the message line writes it in the element's language each time it shows
// (../controllers/message-line.js). Which sentence is true is decided where the message is made;
// only the words are looked up later.
import { t } from './registry.js';
import { clip } from '../text.js';

/**
 * The message `key` with `values`, to be said later: a function that writes it in the language in
 * force. A value that is itself such a function (a message inside a message) is said first.
 * @param {string} key
 * @param {Record<string, unknown>} [values]
 * @returns {() => string}
 */
export function said(key, values = {}) {
  return () => t(key, Object.fromEntries(Object.entries(values)
    .map(([name, value]) => [name, typeof value === 'function' ? value() : value])));
}

/** A problem for a message line: { code, message (its words now), say }. */
export const problem = (code, say) => ({ code, message: say(), say });

/**
 * A problem's words in the language in force: its say(), else its words ({ key, values }: a
 * message made by a module below the catalogues, ../controllers/theme.js), else its text as made
 * (the core's own, English). An element's message line speaks with it (createMessageLine's speak).
 */
export const sayProblem = (p) => (p.say ? p.say() : p.words ? sayWords(p.words) : p.message);

/** Words ({ key, values }, a value may be words too: a message inside a message) in the language in force. */
export function sayWords({ key, values = {} }) {
  const isWords = (v) => v !== null && typeof v === 'object' && typeof v.key === 'string';
  return t(key, Object.fromEntries(Object.entries(values).map(([name, v]) => [name, isWords(v) ? sayWords(v) : v])));
}

// ../booleans.js and ../whole.js decide whether an attribute reads; they sit below this folder
// (web/shared/i18n imports web/shared), so they write English, and these say the same in the
// catalogue's words for the elements.

/** A boolean attribute's text that did not read (parseBoolean gave a message): the default is used. */
export const notBoolean = (name, raw, fallback) =>
  said('attribute.boolean', { name, raw: clip(raw), fallback: String(fallback) });

/** A whole-number attribute's message (parseWhole gave one), as a message to say: `read` is its result. */
export function notWhole(name, raw, read, { min, max }, previous) {
  const x = Number(String(raw).trim());
  const values = { name, raw: clip(raw), value: read.value, min, max, previous };
  if (read.value === previous && !/^[+-]?\d+$/.test(String(raw).trim())) return said('attribute.notWhole', values);
  return said(x < min ? 'attribute.below' : 'attribute.above', values);
}

// Text a person typed is shown back to them as text (never markup), and short.

/**
 * At most `max` characters of `raw`, with an ellipsis when cut, and its controls and invisible
 * format characters (direction overrides, zero-width spaces) written as \u{…}: quoted back in a
 * message, they would otherwise hide text or reorder the sentence around them.
 */
export function clip(raw, max = 24) {
  const s = String(raw);
  const cut = s.length > max ? `${s.slice(0, max)}\u2026` : s;
  return cut.replace(INVISIBLE, (ch) => `\\u{${ch.codePointAt(0).toString(16).toUpperCase()}}`);
}

const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * Any value, as a message may quote it: short (at most about `max` characters), readable and
 * never throwing: strings quoted and cut, numbers and BigInts as written, everything else named
 * ("an array of 3", "a function", "an object"), never a function's source or a whole megabyte.
 */
export function quote(value, max = 24) {
  try {
    switch (typeof value) {
      case 'string': return `"${clip(value, max)}"`;
      case 'number': case 'boolean': case 'undefined': return String(value);
      case 'bigint': return `${clip(value.toString(), max)}n (a BigInt)`;
      case 'symbol': return 'a symbol';
      case 'function': return 'a function';
      default: break;
    }
    if (value === null) return 'null';
    if (Array.isArray(value)) return `an array of ${value.length}`;
    const name = Object.getPrototypeOf(value)?.constructor?.name;
    return typeof name === 'string' && name !== '' && name !== 'Object' ? `a ${clip(name, max)} object` : 'an object';
  } catch {
    return 'a value that cannot be read'; // a revoked proxy, a throwing getter on its prototype
  }
}

/** What a thrown value says, for "… could not be read: it threw …". Never throws. */
export function thrown(err, max = 80) {
  try {
    if (err instanceof Error || (err !== null && typeof err === 'object' && typeof err.message === 'string'))
      return clip(err.message, max) || 'an error without a message';
  } catch {
    // fall through: describe the value itself
  }
  return quote(err, max);
}

/** `text` as one sentence: exactly one full stop at its end (messages from elsewhere may bring one). */
export function sentence(text) {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1] === ' ')) end -= 1;
  return `${text.slice(0, end)}.`;
}

/**
 * Token text for a sentence, isolated (U+2068 first strong isolate … U+2069 pop): a right-to-left
 * word keeps its place in the sentence and the numbers beside it keep theirs. Tokens cannot hold
 * direction controls of their own (web/model/state.js refuses them), so nothing inside can end the isolate.
 */
export const isolate = (token) => `\u2068${token}\u2069`;

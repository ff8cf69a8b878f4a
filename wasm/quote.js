// Quoting a value back in a message, for every message of the package: the core's argument
// checks (wasm/) and the elements' (web/shared/text.js re-exports these). A quoted value is
// short, never markup, and can neither hide text nor reorder the sentence around it.

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

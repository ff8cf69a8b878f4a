// A small ICU MessageFormat formatter: exactly the syntax the catalogues (this folder) use, over
// Intl.PluralRules and Intl.NumberFormat. A library was measured and not taken: the widget's
// budget had 1.7 KB left and the smallest candidate (intl-messageformat) costs about 14 KB gzip
// with its parser; @messageformat/core about 11 KB; messageformat@4 (MessageFormat 2) more. This
// file is well under 1 KB gzip.
//
//   text {name} text                   a placeholder: the value as given (already formatted text)
//   {x, number}                        a number: two decimals in the locale's notation, true minus
//   {n, plural, =0 {…} one {…} other {…}}   plural forms by Intl.PluralRules; `#` inside is n
//
// No quoting: a catalogue holds no literal braces. Apostrophes are plain text.
import { MINUS } from '../numbers.js';

const parsed = new Map(); // message text -> its parts

/** The parts of a message: strings and { name, type, branches }. Throws on unbalanced braces. */
export function parse(text) {
  let tree = parsed.get(text);
  if (!tree) {
    const [parts, end] = parseParts(text, 0, false);
    if (end !== text.length) throw new SyntaxError(`unbalanced "}" in message: ${text}`);
    parsed.set(text, tree = parts);
  }
  return tree;
}

// Parts from `at` up to the closing brace (inside a plural branch) or the end.
function parseParts(text, at, inBranch) {
  const parts = [];
  let literal = '';
  while (at < text.length) {
    const c = text[at];
    if (c === '}') break;
    if (c === '#' && inBranch) { parts.push(literal, { name: '#' }); literal = ''; at += 1; continue; }
    if (c !== '{') { literal += c; at += 1; continue; }
    parts.push(literal);
    literal = '';
    const [arg, next] = parseArgument(text, at + 1);
    parts.push(arg);
    at = next;
  }
  parts.push(literal);
  return [parts.filter((p) => p !== ''), at];
}

// After "{": "name}" or "name, number}" or "name, plural, key {…} key {…}}".
function parseArgument(text, at) {
  const close = text.indexOf('}', at);
  const head = text.slice(at, close < 0 ? text.length : close);
  const [name, type] = head.split(',', 2).map((s) => s.trim());
  if (close < 0 || !/^\w+$/.test(name)) throw new SyntaxError(`bad placeholder in message: ${text}`);
  if (type !== 'plural') {
    if (type !== undefined && type !== 'number') throw new SyntaxError(`unknown type "${type}" in message: ${text}`);
    return [{ name, type }, close + 1];
  }
  const branches = {};
  let pos = text.indexOf('plural', at) + 'plural'.length;
  pos = text.indexOf(',', pos) + 1;
  for (;;) {
    while (/\s/.test(text[pos])) pos += 1;
    if (text[pos] === '}') return [{ name, type, branches }, pos + 1];
    const open = text.indexOf('{', pos);
    if (open < 0) throw new SyntaxError(`bad plural in message: ${text}`);
    const key = text.slice(pos, open).trim();
    const [parts, end] = parseParts(text, open + 1, true);
    if (text[end] !== '}') throw new SyntaxError(`unclosed plural branch in message: ${text}`);
    branches[key] = parts;
    pos = end + 1;
  }
}

const formatters = new Map();
function cached(kind, locale, make) {
  const key = `${kind} ${locale}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, f = make());
  return f;
}

// Western digits in every locale: the numbers in sentences are the ones in the grids and the formula.
const numbering = (locale) => `${locale}-u-nu-latn`;

// English is written without Intl, as numbers.js writes the grids: a page's first Intl.NumberFormat
// or PluralRules loads the locale data (some 16 ms on a 2-core VM, four times that on Lighthouse's
// phone), in whichever task first writes a message with a number.
const ENGLISH = 'en';

/** x with two decimals in `locale`'s notation and a true minus: 0.665 -> "0.67" / "0,67"; −0.001 -> "0.00". */
export function number2(x, locale) {
  if (locale === ENGLISH) return plain(x.toFixed(2).replace(/^-(0\.00)$/, '$1'));
  const f = cached('n2', locale, () => new Intl.NumberFormat(numbering(locale),
    { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false, signDisplay: 'negative' }));
  return plain(f.format(x));
}

// A true minus, and no direction marks (Arabic's formats add U+200E/U+061C): the numbers run left to
// right inside whatever holds them, as the formula and the grids do.
const plain = (s) => s.replace(/[\u200e\u200f\u061c]/g, '').replace(/[-\u2212]/, MINUS);

/** A whole number or a count in `locale`'s notation ("#" in a plural branch). */
function count(x, locale) {
  if (locale === ENGLISH && Number.isInteger(x)) return plain(String(x));
  return plain(cached('n0', locale, () => new Intl.NumberFormat(numbering(locale), { useGrouping: false })).format(x));
}

/** The message `text` with `values` in `locale`. A placeholder without a value is an error. */
export function format(text, values, locale) {
  return render(parse(text), values, locale, undefined);
}

function render(parts, values, locale, hash) {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') { out += part; continue; }
    if (part.name === '#') { out += count(hash, locale); continue; }
    if (!(part.name in values)) throw new Error(`no value for {${part.name}}`);
    const value = values[part.name];
    if (part.type === 'number') out += number2(value, locale);
    else if (part.type === 'plural') out += render(branchFor(part.branches, value, locale), values, locale, value);
    else out += String(value);
  }
  return out;
}

function branchFor(branches, n, locale) {
  const exact = branches[`=${n}`];
  if (exact) return exact;
  const category = locale === ENGLISH ? (Math.abs(n) === 1 ? 'one' : 'other')
    : cached('pl', locale, () => new Intl.PluralRules(locale)).select(n);
  return branches[category] ?? branches.other;
}

/** The placeholders and plural categories of a message, for the catalogue test: sorted strings. */
export function signature(text) {
  const names = new Set();
  const walk = (parts) => {
    for (const part of parts) {
      if (typeof part === 'string' || part.name === '#') continue;
      names.add(part.type ? `${part.name}:${part.type}` : part.name);
      if (part.branches) Object.values(part.branches).forEach(walk);
    }
  };
  walk(parse(text));
  return [...names].sort();
}

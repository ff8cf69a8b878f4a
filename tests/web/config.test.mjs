// Reading a widget example (web/model/state.js, presets, the JSON child, share links) from
// hostile or careless input: every refusal is a ConfigError with a short, readable message —
// never the engine's own words, never a whole megabyte or a function's source quoted back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, readConfig } from '../../web/model/state.js';
import { readSource } from '../../web/model/sources.js';

const presetFrom = (name) => readSource({ kind: 'preset', value: name });
import { decodeState, encodeState } from '../../web/model/share.js';
import { chapterConfig as chapter } from '../fixtures/chapter.mjs';

const ENGINE_WORDS = /TypeError|Cannot (read|convert)|not iterable|Do not know how to serialize|circular structure|is not a function|\[object /;

/** Runs `read`, expects a ConfigError with a short message matching `pattern`; returns the message. */
function refused(read, pattern, max = 200) {
  let error;
  try {
    read();
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof ConfigError, `not a ConfigError: ${String(error?.message ?? error).slice(0, 200)}`);
  assert.match(error.message, pattern);
  assert.doesNotMatch(error.message, ENGINE_WORDS);
  assert.ok(error.message.length <= max, `${error.message.length} characters: ${error.message.slice(0, 120)}…`);
  return error.message;
}

// A JSON child's text, read as the example model reads it.
const jsonChild = (text) => readSource({ kind: 'json', value: text });

test('hostile entries are quoted as a short, cut piece: a 1 MB string, a function, a long share-link value', () => {
  const huge = 'x'.repeat(1_000_000);
  const withEntry = (x) => { const c = chapter(); c.wq[0][1] = x; return c; };
  refused(() => readConfig(withEntry(huge)), /^wq row 1, column 2 is "x{1,30}…"; use a number between/);
  refused(() => jsonChild(JSON.stringify(withEntry(huge))), /wq row 1, column 2 is "x{1,30}…"/);
  const source = function secret() { return 'the whole source of this function'; };
  const message = refused(() => readConfig(withEntry(source)), /wq row 1, column 2 is a function; use a number/);
  assert.doesNotMatch(message, /secret|whole source/);
  refused(() => readConfig(withEntry({ toString: () => huge })), /is an object; use a number/);
  refused(() => readConfig({ ...chapter(), asker: huge }), /^asker "x{1,40}…" is not one of the tokens/);
  refused(() => readConfig({ ...chapter(), causal: huge }), /^causal must be true or false \(got "x{1,30}…"\)$/);
  refused(() => readConfig({ ...chapter(), temperature: huge }), /^temperature must be a number above 0/);
  refused(() => readConfig({ ...chapter(), tokens: ['the', 'cat', huge] }), /^token 3 is 1000000 characters long/);

  // Share links: a switch or an asker holding a long value is quoted cut, not whole (~11,000 before).
  const payload = (compact) => `1.${Buffer.from(JSON.stringify(compact)).toString('base64url')}`;
  const base = { t: ['a', 'b'], x: [[1], [2]], q: [[1]], k: [[1]], v: [[1]], c: 0, s: 0, T: 1, a: 0 };
  const long = Array.from({ length: 2000 }, (_, i) => i);
  refused(() => decodeState(payload({ ...base, c: long })), /switch "c" is an array of 2000; it must be 0 or 1/);
  refused(() => decodeState(payload({ ...base, a: long })), /asker is an array of 2000; it must be a token index/);
  refused(() => decodeState(payload({ ...base, a: 'y'.repeat(8000) })), /asker is "y{1,30}…"; it must be a token index/);
  refused(() => decodeState(payload({ ...base, T: 'z'.repeat(8000) })), /^temperature must be a number above 0/);
});

test('a config that throws while being read, or holds BigInt, circular or null-prototype values: readable refusals', () => {
  const throwing = (value) => Object.defineProperty(chapter(), 'wk', { get() { throw value; }, enumerable: true });
  for (const [value, said] of [[null, /threw null/], [undefined, /threw undefined/], ['nope', /threw "nope"/],
    [42, /threw 42/], [new RangeError('r'.repeat(5000)), /threw r{1,90}…$/], [Symbol('s'), /threw a symbol/]])
    refused(() => readConfig(throwing(value)), new RegExp(`^the config could not be read: .*${said.source}`));
  const proxy = new Proxy({}, { get() { throw null; }, has() { throw null; }, ownKeys() { throw null; } });
  refused(() => readConfig(proxy), /^the config could not be read/);
  const { proxy: revoked, revoke } = Proxy.revocable({}, {});
  revoke();
  refused(() => readConfig(revoked), /^the config could not be read/);

  const withEntry = (x) => { const c = chapter(); c.embeddings[1][2] = x; return c; };
  refused(() => readConfig(withEntry(10n ** 400n)), /^embeddings row 2, column 3 is 1000+…n \(a BigInt\); use a number/);
  const circular = [1, 2];
  circular.push(circular);
  refused(() => readConfig(withEntry(circular)), /embeddings row 2, column 3 is an array of 3; use a number/);
  refused(() => readConfig(withEntry(Object.create(null))), /embeddings row 2, column 3 is an object; use a number/);
  refused(() => readConfig({ ...chapter(), asker: Object.create(null) }), /^asker an object is not one of the tokens/);
  refused(() => readConfig({ ...chapter(), temperature: Object.create(null) }), /^temperature must be a number above 0 .*\(got an object\)/);
  refused(() => readConfig({ ...chapter(), tokens: ['a', Object.create(null), 'c'] }), /^token 2 must be a non-empty string/);
});

test('a null-prototype config that is otherwise right is read', () => {
  const state = readConfig(Object.assign(Object.create(null), chapter()));
  assert.deepEqual(state.tokens, ['the', 'cat', 'sat']);
});

test('preset names that exist on every object (__proto__, constructor, toString, ...) are unknown presets', () => {
  for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'])
    refused(() => presetFrom(name), new RegExp(`^preset "${name}" is unknown; use one of cat-sat, river-bank`));
  assert.deepEqual(presetFrom('river-bank').tokens.at(-1), 'bank');
});

test('tokens with control characters (which no SVG or XML file can hold) are refused, by name and place', () => {
  for (const ch of ['\u0000', '\u0007', '\u001B', '\u000D', '\u007F', '\u0085', '\uFFFE', '\uFFFF'])
    refused(() => readConfig({ ...chapter(), tokens: ['the', `c${ch}t`, 'sat'] }),
      new RegExp(`^token 2 contains a control character \\(U\\+${ch.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}\\)`));
  refused(() => readConfig({ ...chapter(), tokens: ['the', 'c\uD800t', 'sat'] }), /^token 2 contains a broken character \(U\+D800/);
  // Tab and newline are ordinary text in XML; emoji (surrogate pairs) are whole characters.
  assert.deepEqual(readConfig({ ...chapter(), tokens: ['a\tb', 'c\nd', '😀'] }).tokens, ['a\tb', 'c\nd', '😀']);
});

test('tokens with bidi controls are refused; tokens with nothing visible are refused; right-to-left words are fine', () => {
  for (const ch of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'])
    refused(() => readConfig({ ...chapter(), tokens: ['the', `${ch}cat`, 'sat'] }),
      /^token 2 contains a direction control \(U\+20[26][0-9A-E]\), which would reorder the sentences around it/);
  // Through a share link too: the same reader.
  const state = { ...chapter(), tokens: ['the', 'c\u202Eat', 'sat'], causal: false, scaled: false, temperature: 1, asker: 2 };
  refused(() => decodeState(encodeState(state)), /^token 2 contains a direction control \(U\+202E\)/);
  for (const blank of ['\u200B', '\u200B\u200C\u200D', '\u2060', '\uFEFF', '\u3164', '\u2800', '\u00A0\u2003', '\u0301', '\u180E'])
    refused(() => readConfig({ ...chapter(), tokens: ['the', blank, 'sat'] }), /^token 2 has no visible character/);
  assert.deepEqual(readConfig({ ...chapter(), tokens: ['שלום', 'مرحبا', 'e\u0301'] }).tokens, ['שלום', 'مرحبا', 'e\u0301']);
});

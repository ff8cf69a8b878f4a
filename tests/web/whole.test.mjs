// The one whole-number meaning of every element's whole-number attributes (web/shared/whole.js):
// the scale lab's n, dk and seed, the heads lab's seed and heads. A whole number in range is
// taken; out of range it is clamped, with a message; anything else keeps the last good value, with
// a message; absent is the default. The expected values are written out here, not computed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWhole } from '../../web/shared/whole.js';
import { RANGES as SCALE } from '../../web/views/scale/attributes.js';
import { parseHeads, parseSeed } from '../../web/views/heads/attributes.js';

const N = { min: 3, max: 4096, fallback: 256 };

test('in range: taken; absent: the default, whatever the last value was', () => {
  assert.deepEqual(parseWhole('n', '1000', N, 300), { value: 1000, message: null });
  assert.deepEqual(parseWhole('n', ' 12 ', N, 300), { value: 12, message: null });
  assert.deepEqual(parseWhole('n', '+7', N, 300), { value: 7, message: null });
  assert.deepEqual(parseWhole('n', '0003', N, 300), { value: 3, message: null });
  assert.deepEqual(parseWhole('n', null, N, 777), { value: 256, message: null });
  assert.deepEqual(parseWhole('n', undefined, N, 777), { value: 256, message: null });
});

test('out of range: clamped to the range, with a message naming it', () => {
  assert.deepEqual(parseWhole('n', '0', N, 300),
    { value: 3, message: 'n="0" is below 3; using n = 3 (allowed: 3 to 4096).' });
  assert.deepEqual(parseWhole('n', '-5', N, 300),
    { value: 3, message: 'n="-5" is below 3; using n = 3 (allowed: 3 to 4096).' });
  assert.deepEqual(parseWhole('n', '5000', N, 300),
    { value: 4096, message: 'n="5000" is above 4096; using n = 4096 (allowed: 3 to 4096).' });
  assert.equal(parseWhole('n', '9'.repeat(40), N, 300).value, 4096, 'a number too long for a double still clamps');
});

test('not a whole number (empty, words, fractions, exponents, hex): the last good value, with a message', () => {
  for (const raw of ['', '   ', 'abc', '2.5', '12.0', '1e3', '0x10', '1_000', '3 4', '−5', 'Infinity', 'NaN']) {
    const { value, message } = parseWhole('dk', raw, { min: 2, max: 512, fallback: 64 }, 48);
    assert.equal(value, 48, JSON.stringify(raw));
    assert.equal(message, `dk="${raw}" is not a whole number; keeping dk = 48.`, JSON.stringify(raw));
  }
  const long = parseWhole('n', 'x'.repeat(500), N, 300).message;
  assert.ok(long.length < 100, `long junk is shortened: ${long}`);
  assert.match(parseWhole('n', '\u202Eabc', N, 300).message, /^n="\\u\{202E\}abc"/, 'controls are written out');
});

test('the labs read their attributes with it: their ranges and defaults', () => {
  assert.deepEqual(SCALE, { n: { min: 3, max: 4096, fallback: 256 }, dk: { min: 2, max: 512, fallback: 64 },
    seed: { min: 0, max: 4294967295, fallback: 1 } });
  assert.deepEqual(parseSeed('42', 7), { value: 42, message: null });
  assert.deepEqual(parseSeed(null, 9), { value: 1, message: null }, 'removing seed brings back the default');
  assert.deepEqual(parseHeads(' 3 ', 2), { value: 3, message: null });
  assert.deepEqual(parseHeads(null, 3), { value: 2, message: null });
  assert.deepEqual(parseHeads('5', 2), { value: 4, message: 'heads="5" is above 4; using heads = 4 (allowed: 1 to 4).' });
  assert.deepEqual(parseHeads('1.5', 3), { value: 3, message: 'heads="1.5" is not a whole number; keeping heads = 3.' });
  assert.deepEqual(parseSeed('-1', 5), { value: 0, message: 'seed="-1" is below 0; using seed = 0 (allowed: 0 to 4294967295).' });
  assert.equal(parseSeed('4294967296', 5).value, 4294967295);
  assert.match(parseSeed('<b>'.repeat(20), 1).message, /^seed="(<b>){8}…" is not a whole number; keeping seed = 1\.$/);
});

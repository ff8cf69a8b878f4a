// Typed cells (web/model/limits.js parseNumber): a long paste is refused at once with a short
// message, never matched by a backtracking pattern (100,000 digits and an "x" took 16 s before),
// and the ordinary numbers still read.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseNumber, MAX_NUMBER_CHARS } from '../../web/model/limits.js';

test('ordinary numbers read; near misses are refused', () => {
  const good = { '-1': -1, '\u22121': -1, '+2': 2, '0.5': 0.5, '.5': 0.5, '5.': 5, '1e2': 100, '1E-2': 0.01,
    '2.5e\u22121': 0.25, ' 3 ': 3, '-0': 0, '1000': 1000 };
  for (const [text, value] of Object.entries(good)) assert.deepEqual(parseNumber(text), { ok: true, value }, text);
  for (const text of ['', 'abc', '1..2', '.', '-', 'e5', '1e', '1e+', '0x10', 'NaN', 'Infinity', '1 2', '--1', '1e400', '5000'])
    assert.equal(parseNumber(text).ok, false, text);
});

test('a long paste is refused at once, with a short message, whatever it holds', () => {
  const pastes = ['1'.repeat(100_000) + 'x', '1'.repeat(100_000), `0.${'0'.repeat(100_000)}1`, `1e${'1'.repeat(100_000)}`,
    ' '.repeat(50_000) + '1'.repeat(50_000) + 'x', '\u202E'.repeat(1000)];
  const started = performance.now();
  for (const text of pastes) {
    const parsed = parseNumber(text);
    assert.equal(parsed.ok, false);
    assert.ok(parsed.message.length < 100, parsed.message);
    assert.doesNotMatch(parsed.message, /\u202E/);
  }
  // Not a speed target (that would be a benchmark): before the fix one of these took 16 s.
  assert.ok(performance.now() - started < 1000, `${Math.round(performance.now() - started)} ms`);
  assert.match(parseNumber('1'.repeat(100_000) + 'x').message, new RegExp(`^is 100001 characters long; a number here has at most ${MAX_NUMBER_CHARS}`));
});

test('the longest accepted text is still a number', () => {
  const text = `0.${'1'.repeat(MAX_NUMBER_CHARS - 2)}`;
  assert.equal(parseNumber(text).ok, true);
  assert.equal(parseNumber(`${text}1`).ok, false);
});

test('a cell reads as the chapter prints, two decimals at most; stepped, exactly', async () => {
  const { inputText, restText } = await import('../../web/shared/numbers.js');
  // Written out by hand: the oracle is the text a learner reads.
  const rest = { 2: '2', '-1': '\u22121', 0.5: '0.5', 0.3478: '0.35', '-0.004': '0', 2.997: '3', 1.005: '1', 0.125: '0.13' };
  for (const [x, text] of Object.entries(rest)) assert.equal(restText(Number(x)), text, x);
  assert.equal(inputText(0.3478), '0.3478');
  assert.equal(inputText(-1.0000004), '\u22121');
});

// The scale lab's counts (web/views/scale/format.js formatCount) are written without Intl.NumberFormat
// (making the first one loads the locale data: ~20 ms of the page's main thread at load), yet
// read exactly as en-US Intl would write them, with a true minus sign, and never "−0".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount } from '../../web/views/scale/format.js';

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const reference = (x) => intl.format(x).replace('-', '\u2212');

test('counts read as en-US Intl writes them: commas every three digits, halves away from zero', () => {
  const values = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 65536, 999999, 1000000, 16777216, 4294967295,
    2 ** 53 - 1, 0.5, 1.5, 2.5, 1234.5, 999.5, 999999.5, 0.4999, 12.49];
  for (const x of values) {
    assert.equal(formatCount(x), reference(x), String(x));
    assert.equal(formatCount(-x), x >= 0.5 ? reference(-x) : '0', String(-x));
  }
  let seed = 7;
  for (let k = 0; k < 20000; k++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const x = (seed / 2 ** 31) * 10 ** (k % 13);
    assert.equal(formatCount(x), reference(x), String(x));
  }
});

test('a negative count rounding to zero is "0", not "−0"; below that the minus is U+2212', () => {
  assert.equal(formatCount(-0.2), '0');
  assert.equal(formatCount(-0), '0');
  assert.equal(formatCount(-1234), '\u22121,234');
});

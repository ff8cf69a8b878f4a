// Bad input of every kind arrives as a readable AttentionError with a stable code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { catSat } from '../fixtures/chapter.mjs';

const attn = await loadAttention();

function rejects(args, code, pattern) {
  assert.throws(() => attn.attend({ ...catSat, ...args }), (err) => {
    assert.ok(err instanceof AttentionError, `not an AttentionError: ${err}`);
    assert.ok(err instanceof Error);
    assert.equal(err.code, code, err.message);
    assert.match(err.message, pattern);
    return true;
  });
}

test('mismatched dimensions name the matrix and both shapes', () => {
  rejects({ wq: [[2, 0], [0, 2]] }, 'shape_mismatch', /wq is 2 x 2 .* needs 3 columns/);
  rejects({ wk: [[1, 1, -2]] }, 'shape_mismatch', /wq is 2 x 3 and wk is 1 x 3/);
  rejects({ embeddings: [[1, 0, 0], [0, 1]] }, 'shape_mismatch', /embeddings row 2 has 2 numbers but row 1 has 3/);
});

test('no tokens', () => {
  rejects({ embeddings: [] }, 'empty', /embeddings has no rows/);
  rejects({ wv: [[]] }, 'empty', /wv row 1 is empty/);
});

test('non-finite and non-numeric entries, by place', () => {
  rejects({ embeddings: [[1, 0, 0], [0, NaN, 0], [1, 1, 1]] }, 'non_finite', /embeddings row 2, column 2 is NaN/);
  rejects({ wv: [[0, 3, -2], [2, 1, Infinity]] }, 'non_finite', /wv row 2, column 3 is Infinity/);
  rejects({ wq: [[2, '0', -1], [0, 2, -1]] }, 'invalid_argument', /wq row 1, column 2 is "0", not a number/);
  rejects({ wk: [[1, 1, null], [-1, 1, 1]] }, 'invalid_argument', /is null, not a number/);
  rejects({ wk: 'abc' }, 'invalid_argument', /wk must be an array of rows/);
});

test('numbers that overflow inside are reported, not shown', () => {
  rejects({ embeddings: [[1e300, 0, 0], [0, 1, 0], [1, 1, 1]], wq: [[1e300, 0, 0], [0, 1, 0]] },
    'non_finite', /overflowed/);
});

test('temperature must be a finite number above 0', () => {
  for (const t of [0, -1, NaN, Infinity, '1'])
    rejects({ temperature: t }, 'bad_temperature', /temperature must be a finite number above 0/);
});

test('switches must be booleans', () => {
  rejects({ causal: 'yes' }, 'invalid_argument', /causal must be true or false/);
});

test('sizes above the caps are refused before touching the heap', () => {
  const many = Array.from({ length: attn.limits.maxTokens + 1 }, () => [1, 0, 0]);
  rejects({ embeddings: many }, 'too_large', new RegExp(`at most ${attn.limits.maxTokens}`));
});

test('attendRaw checks its typed arrays', () => {
  const q = new Float32Array(6);
  assert.throws(() => attn.attendRaw([1, 2], q, q, 3, 2), { code: 'invalid_argument', message: /Q must be a Float32Array/ });
  assert.throws(() => attn.attendRaw(q, q, q, 4, 2), { code: 'shape_mismatch', message: /needs 8/ });
  assert.throws(() => attn.attendRaw(q, q, q, 0, 2), { code: 'empty' });
  const nan = new Float32Array([1, 2, 3, NaN, 5, 6]);
  assert.throws(() => attn.attendRaw(q, nan, q, 3, 2), { code: 'non_finite', message: /keys row 2, column 2 is NaN/ });
  const n = attn.limits.maxRawTokens + 1, big = new Float32Array(n);
  assert.throws(() => attn.attendRaw(big, big, big, n, 1), { code: 'too_large' });
});

test('a failed call leaves the module usable', () => {
  assert.throws(() => attn.attend({ ...catSat, wq: [[1]] }));
  assert.equal(attn.attend(catSat).weights[2][1].toFixed(2), '0.67');
});

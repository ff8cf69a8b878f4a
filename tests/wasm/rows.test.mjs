// attendRawRows, one band of askers through the JS API: bit for bit attendRaw's
// rows when the band starts on a multiple of 32 (with the causal copy-out
// writing the masked zeros on the JS side), into arrays of the band's size,
// and bad bands or arrays refused with a code before anything is written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AttentionError } from '../../wasm/attention.js';
import { inputs, loadBuilds, testedVariants } from './kernel-reference.mjs';

const builds = await loadBuilds(testedVariants());

for (const [variant, attn] of Object.entries(builds))
  test(`${variant}: bands on multiples of 32 are attendRaw's rows exactly, into stale arrays too`, () => {
    const n = 150, d = 20;
    const x = inputs(n, d, 3);
    for (const causal of [false, true])
      for (const weights of [true, false]) {
        const whole = attn.attendRaw(x.Q, x.K, x.V, n, d, { causal, weights });
        for (const [first, count] of [[0, 150], [32, 64], [96, 54], [128, 22]]) {
          const into = { weights: weights ? new Float32Array(count * n).fill(NaN) : undefined, outputs: new Float32Array(count * d).fill(9) };
          for (const target of [undefined, into]) {
            const band = attn.attendRawRows(x.Q, x.K, x.V, n, d, { causal, weights, first, count, into: target });
            const where = `causal ${causal} weights ${weights} band ${first}+${count}`;
            assert.deepEqual(band.outputs, whole.outputs.subarray(first * d, (first + count) * d), where);
            if (weights) assert.deepEqual(band.weights, whole.weights.subarray(first * n, (first + count) * n), where);
            else assert.equal(band.weights, null);
          }
        }
      }
  });

test('bad bands and wrongly sized arrays are refused with a code, the arrays untouched', () => {
  const attn = Object.values(builds)[0];
  const n = 40, d = 4;
  const x = inputs(n, d, 5);
  const refuses = (options, code) => assert.throws(() => attn.attendRawRows(x.Q, x.K, x.V, n, d, options),
    (err) => err instanceof AttentionError && err.code === code, JSON.stringify(options));
  refuses({ first: 0, count: 0 }, 'invalid_argument');
  refuses({ first: 39, count: 2 }, 'invalid_argument');
  refuses({ first: -1, count: 2 }, 'invalid_argument');
  refuses({ first: 1.5, count: 2 }, 'invalid_argument');
  refuses({ count: 2 }, 'invalid_argument');
  const outputs = new Float32Array(5 * d).fill(7);
  refuses({ first: 0, count: 4, into: { weights: new Float32Array(4 * n), outputs } }, 'shape_mismatch');
  assert.ok(outputs.every((v) => v === 7));
  assert.throws(() => attn.attendRawRows(x.Q, x.K, x.V, n, d, null), (err) => err.code === 'invalid_argument');
});

// The stack of layers through WebAssembly (stackForward, evaluateStack, stackStep): the residual
// against attend() layer by layer, every layer's gradient against central differences of the
// stack's own loss, the step, the refusals, and the goal cap shared with trainStep (issue 26.6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { throwsCode } from '../fixtures/errors.mjs';
import { uniformSource as random } from '../fixtures/random.mjs';

const attn = await loadAttention({ training: true });

const matrix = (next, rows, cols, spread = 1) =>
  Array.from({ length: rows }, () => Array.from({ length: cols }, () => spread * (2 * next() - 1)));
const layer = (next, dModel, dK) =>
  ({ wq: matrix(next, dK, dModel), wk: matrix(next, dK, dModel), wv: matrix(next, dModel, dModel) });

test('each layer is attend() on the vectors the layer below made: h + outputs', () => {
  const next = random(7);
  const layers = [layer(next, 4, 2), layer(next, 4, 3)];
  const embeddings = matrix(next, 5, 4);
  const r = attn.stackForward({ layers, embeddings });
  let h = embeddings;
  layers.forEach((grids, l) => {
    const plain = attn.attend({ embeddings: h, ...grids });
    assert.deepEqual(r.layers[l].inputs, h);
    assert.deepEqual(r.layers[l].weights, plain.weights);
    h = h.map((row, i) => row.map((x, c) => x + plain.outputs[i][c]));
  });
  assert.deepEqual(r.stream, h);
});

// Through 1, 2 and 3 layers and every switch: share targets on the last layer, a blend target on
// a word's final vector, so every path back is used. h = 1e-6 (tests/native/stack_test.cpp says why).
test('every layer\'s gradient matches central differences of evaluateStack\'s loss', () => {
  let seed = 100, checked = 0;
  for (const depth of [1, 2, 3])
    for (const [n, dModel, dK] of [[3, 2, 1], [5, 4, 2]])
      for (const [scaled, causal, temperature] of [[false, false, 1], [true, true, 0.6], [false, true, 2]]) {
        const next = random(seed++);
        const goal = {
          layers: Array.from({ length: depth }, () => layer(next, dModel, dK)), scaled, causal, temperature,
          examples: [
            { embeddings: matrix(next, n, dModel), shares: [{ asker: n - 1, key: 0 }], blends: [{ asker: 1, point: matrix(next, 1, dModel)[0] }] },
            { embeddings: matrix(next, n, dModel), shares: [{ asker: n - 2, key: n - 3 }] },
          ],
        };
        const { gradients } = attn.evaluateStack(goal);
        for (let l = 0; l < depth; l++)
          for (const name of ['wq', 'wk', 'wv']) {
            const numeric = goal.layers[l][name].map((row, r) => row.map((x, c) => {
              const probe = (value) => {
                const layers = goal.layers.map((g) => ({ ...g, [name]: g[name].map((rw) => [...rw]) }));
                layers[l][name][r][c] = value;
                return attn.evaluateStack({ ...goal, layers }).loss;
              };
              return (probe(x + 1e-6) - probe(x - 1e-6)) / 2e-6;
            }));
            const diff = Math.hypot(...gradients[l][name].flat().map((g, i) => g - numeric.flat()[i]));
            const scale = Math.max(Math.hypot(...gradients[l][name].flat()), Math.hypot(...numeric.flat()));
            assert.ok(scale === 0 || diff / scale < 1e-6, `layer ${l + 1} ${name}: ${diff / scale} (${depth} layers, n ${n})`);
            checked++;
          }
      }
  assert.equal(checked, 3 * 2 * 3 * (1 + 2 + 3));
});

test('stackStep moves every layer by −rate × its gradient, only the grids not frozen; moved from the origin', () => {
  const next = random(3);
  const layers = [layer(next, 3, 2), layer(next, 3, 2)];
  const goal = { layers, examples: [{ embeddings: matrix(next, 4, 3), shares: [{ asker: 3, key: 0 }] }] };
  const r = attn.stackStep({ ...goal, learningRate: 0.4, train: { wk: false }, origin: layers });
  r.layers.forEach((grids, l) => {
    grids.wq.forEach((row, i) => row.forEach((x, j) => {
      assert.equal(x, layers[l].wq[i][j] - 0.4 * r.gradientsBefore[l].wq[i][j]);
      assert.equal(r.moved[l].wq[i][j], x - layers[l].wq[i][j]);
    }));
    assert.deepEqual(grids.wk, layers[l].wk);
  });
  assert.ok(r.loss < r.lossBefore);
  assert.equal(r.loss, attn.evaluateStack({ ...goal, layers: r.layers }).loss);
  assert.ok(r.gradientsBefore[1].wv.flat().every((g) => g === 0), 'a share goal never moves the last W_V');
});

test('the stack\'s refusals: shapes the residual cannot add, bad layers, bad steps, nothing moved', () => {
  const next = random(5);
  const good = layer(next, 3, 2);
  const examples = [{ embeddings: matrix(next, 3, 3), shares: [{ asker: 2, key: 0 }] }];
  throwsCode(() => attn.stackForward({ layers: [good, { ...good, wv: [[1, 0, 0]] }], embeddings: examples[0].embeddings }),
    'shape_mismatch', /^layer 2: wv is 1 x 3 but must be 3 x 3: each layer adds its outputs to the words' vectors, which have 3 numbers$/);
  throwsCode(() => attn.evaluateStack({ layers: [], examples }), 'invalid_argument', /layers must be a non-empty array/);
  throwsCode(() => attn.evaluateStack({ layers: Array(9).fill(good), examples }), 'too_large', /layers has 9 layers; at most 8/);
  throwsCode(() => attn.evaluateStack({ layers: [good, { ...good, wk: [[1, NaN, 0], [0, 0, 0]] }], examples }),
    'non_finite', /layer 2 wk row 1, column 2 is NaN/);
  throwsCode(() => attn.stackStep({ layers: [good], examples, learningRate: 0 }), 'bad_learning_rate', /above 0 and at most 100/);
  throwsCode(() => attn.stackStep({ layers: [good], examples, learningRate: 0.1, train: { wq: false, wk: false, wv: false } }),
    'empty', /every grid is frozen/);
  throwsCode(() => attn.stackStep(null), 'invalid_argument', /a goal needs an object \{ layers, examples, \.\.\. \}/);
  throwsCode(() => attn.stackStep({ layers: [good], examples, learningRate: 0.1, origin: [good, good] }),
    'shape_mismatch', /the start has 2 layers but the stack has 1/);
});

// 64 sentences of 512 tokens x 64 numbers blocked a thread 8.5 s through trainStep; the same
// goal is now refused before its sentences are copied into the heap, with the core's own words.
test('the goal cap: trainStep, evaluateGoal and the stack refuse a goal past it, at once', () => {
  assert.equal(attn.limits.maxGoalWork, undefined, 'the cap is the training path\'s, not a limit of attend');
  const row = new Float64Array(64).fill(0.01);
  const embeddings = Array.from({ length: 512 }, () => row);
  const grid = Array.from({ length: 64 }, () => row);
  const goal = { wq: grid, wk: grid, wv: grid, examples: Array(64).fill({ embeddings, shares: [{ asker: 1, key: 0 }] }) };
  const message = /^the goal is too large to train on: one pass over its 64 sentences is 2,550,136,832 multiply-adds; at most 134,217,728 \(use fewer or shorter sentences\)$/;
  const heap = attn.memoryStats().heapBytes;
  throwsCode(() => attn.trainStep({ ...goal, learningRate: 0.1 }), 'too_large', message);
  throwsCode(() => attn.evaluateGoal(goal), 'too_large', message);
  throwsCode(() => attn.stackStep({ layers: [{ wq: grid, wk: grid, wv: grid }], examples: goal.examples, learningRate: 0.1 }),
    'too_large', message);
  // Refused at the JS edge: 16 MB of sentences never reached the heap (it would have grown).
  assert.equal(attn.memoryStats().heapBytes, heap);
  // One sentence of the same size is inside the cap: evaluated.
  assert.ok(Number.isFinite(attn.evaluateGoal({ ...goal, examples: goal.examples.slice(0, 1) }).loss));
});

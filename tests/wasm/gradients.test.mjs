// The backward pass through WebAssembly, against central finite differences of
// the forward pass through WebAssembly (attend()), at several shapes, with and
// without the causal mask, the ÷√d_k scaling and a temperature; and the
// training calls' marshalling and refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { throwsCode } from '../fixtures/errors.mjs';
import { uniformSource as random } from '../fixtures/random.mjs';
import { LIMIT } from '../../web/model/limits.js';
import { catSat, CAT, SAT, THE } from '../fixtures/chapter.mjs';

const attn = await loadAttention({ training: true });

const matrix = (next, rows, cols) => Array.from({ length: rows }, () => Array.from({ length: cols }, () => 2 * next() - 1));

// loss = sum Gw ∘ weights + sum Go ∘ outputs + sum Gl ∘ logits (unmasked): linear in what attend() returns.
function linearLoss(request, up) {
  const r = attn.attend(request);
  let loss = 0;
  for (let i = 0; i < r.n; i++) {
    for (let j = 0; j < r.n; j++) {
      loss += up.weights[i][j] * r.weights[i][j];
      if (!(request.causal && j > i)) loss += up.logits[i][j] * r.logits[i][j];
    }
    for (let c = 0; c < r.dV; c++) loss += up.outputs[i][c] * r.outputs[i][c];
  }
  return loss;
}

function numerical(request, name, f, h = 1e-5) {
  return request[name].map((row, r) => row.map((x, c) => {
    const probe = (value) => {
      const m = request[name].map((rw) => [...rw]);
      m[r][c] = value;
      return f({ ...request, [name]: m });
    };
    return (probe(x + h) - probe(x - h)) / (2 * h);
  }));
}

const norm = (m) => Math.sqrt(m.flat().reduce((s, x) => s + x * x, 0));
function relativeError(a, b) {
  const diff = a.map((row, r) => row.map((x, c) => x - b[r][c]));
  const scale = Math.max(norm(a), norm(b));
  return scale === 0 ? 0 : norm(diff) / scale;
}

const SHAPES = [[1, 1, 1, 1], [3, 3, 2, 2], [4, 2, 3, 1], [6, 4, 2, 3]];

test('gradients match central differences at every shape and switch', () => {
  let seed = 1, checked = 0;
  for (const [n, dModel, dK, dV] of SHAPES)
    for (const scaled of [false, true])
      for (const causal of [false, true])
        for (const temperature of [1, 0.5, 3]) {
          const next = random(seed++);
          const request = {
            embeddings: matrix(next, n, dModel), wq: matrix(next, dK, dModel), wk: matrix(next, dK, dModel),
            wv: matrix(next, dV, dModel), scaled, causal, temperature,
          };
          const upstream = { weights: matrix(next, n, n), outputs: matrix(next, n, dV), logits: matrix(next, n, n) };
          const g = attn.gradients({ ...request, upstream });
          const where = `n=${n} d_model=${dModel} d_k=${dK} d_v=${dV} scaled=${scaled} causal=${causal} T=${temperature}`;
          for (const name of ['embeddings', 'wq', 'wk', 'wv']) {
            const error = relativeError(g[name], numerical(request, name, (req) => linearLoss(req, upstream)));
            assert.ok(error < 1e-6, `${name} relative error ${error} at ${where}`);
          }
          if (n > 1) assert.ok(norm(g.wq) > 1e-3, `vacuous at ${where}`);
          checked++;
        }
  assert.equal(checked, 48);
});

test('a missing upstream is zero; gradients come back as plain nested numbers', () => {
  const g = attn.gradients({ ...catSat, upstream: {} });
  for (const name of ['embeddings', 'wq', 'wk', 'wv']) assert.ok(g[name].flat().every((x) => x === 0), name);
  assert.deepEqual(g.wq.map((r) => r.length), [3, 3]);
  assert.equal(g.embeddings.length, 3);
});

const satWantsThe = { ...catSat, examples: [{ embeddings: catSat.embeddings, shares: [{ asker: SAT, key: THE }] }] };

test('evaluateGoal: the loss of "sat attends to the" is −log 0.09 on the chapter cast', () => {
  const { loss, gradients } = attn.evaluateGoal(satWantsThe);
  assert.equal(loss.toFixed(2), '2.41');
  assert.ok(Math.abs(loss + Math.log(1 / (1 + Math.E ** 2 + Math.E))) < 1e-13);
  // The chapter cast by hand (tests/native/gradients_test.cpp): W_Q's rows are −0.24 and 1.82 throughout.
  assert.deepEqual(gradients.wq.map((r) => r.map((x) => x.toFixed(2))), [['-0.24', '-0.24', '-0.24'], ['1.82', '1.82', '1.82']]);
  assert.ok(gradients.wv.flat().every((x) => x === 0));
});

test('a causal goal may want an asker\'s own token (the diagonal): it is evaluated and trains', () => {
  // By hand from the chapter cast: q_cat = [0, 2] scores the -2 and itself 2; sat stays hidden.
  const catWantsCat = { ...catSat, causal: true, examples: [{ embeddings: catSat.embeddings, shares: [{ asker: CAT, key: CAT }] }] };
  const hand = Math.log(Math.exp(-2) + Math.exp(2)) - 2;
  assert.ok(Math.abs(attn.evaluateGoal(catWantsCat).loss - hand) < 1e-13);
  const r = attn.trainStep({ ...catWantsCat, learningRate: 0.5 });
  assert.ok(Math.abs(r.lossBefore - hand) < 1e-13);
  assert.ok(r.loss < r.lossBefore);
});

test('evaluateGoal gradients match central differences of its own loss', () => {
  const goal = {
    ...catSat, scaled: true, causal: true, temperature: 0.8,
    examples: [
      { embeddings: catSat.embeddings, shares: [{ asker: SAT, key: THE }], blends: [{ asker: SAT, point: [-1, 2] }] },
      { embeddings: [[0, 1, 0], [1, 0, 1]], shares: [{ asker: 1, key: 0 }] },
    ],
  };
  const { gradients } = attn.evaluateGoal(goal);
  for (const name of ['wq', 'wk', 'wv']) {
    const error = relativeError(gradients[name], numerical(goal, name, (req) => attn.evaluateGoal(req).loss));
    assert.ok(error < 1e-6, `${name} relative error ${error}`);
  }
});

test('trainStep moves each entry by exactly −rate × gradient, and only the grids not frozen', () => {
  const r = attn.trainStep({ ...satWantsThe, learningRate: 0.5, train: { wq: true, wk: false, wv: true } });
  r.wq.forEach((row, i) => row.forEach((x, j) => assert.equal(x, catSat.wq[i][j] - 0.5 * r.gradientsBefore.wq[i][j])));
  assert.deepEqual(r.wk, catSat.wk);
  assert.deepEqual(r.wv, catSat.wv);
  assert.ok(r.loss < r.lossBefore);
  assert.equal(r.loss, attn.evaluateGoal({ ...satWantsThe, wq: r.wq }).loss);
  assert.deepEqual(r.gradients, attn.evaluateGoal({ ...satWantsThe, wq: r.wq }).gradients);
});

test('with an origin, a step also says how far each cell has moved from it', () => {
  const origin = { wq: catSat.wq, wk: catSat.wk, wv: catSat.wv };
  const r = attn.trainStep({ ...satWantsThe, learningRate: 0.5, origin });
  r.wq.forEach((row, i) => row.forEach((x, j) => assert.equal(r.moved.wq[i][j], x - catSat.wq[i][j])));
  assert.ok(r.moved.wv.flat().every((x) => x === 0));
  const later = attn.evaluateGoal({ ...satWantsThe, wq: r.wq, wk: r.wk, origin });
  assert.deepEqual(later.moved, r.moved);
  assert.equal(attn.evaluateGoal(satWantsThe).moved, undefined);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, origin: { ...origin, wk: [[1, 2]] } }), 'shape_mismatch',
    /the start's wk is 1 x 2 but wk is now 2 x 3/);
});

test('a bad learning rate, frozen grids or a bad goal: a clear AttentionError', () => {
  for (const learningRate of [0, -1, NaN, Infinity, 101])
    throwsCode(() => attn.trainStep({ ...satWantsThe, learningRate }), 'bad_learning_rate',
      /^the learning rate must be a number above 0 and at most 100/);
  throwsCode(() => attn.trainStep({ ...satWantsThe, learningRate: '0.1' }), 'bad_learning_rate', /must be a number \(got "0.1"\)/);
  throwsCode(() => attn.trainStep({ ...satWantsThe, learningRate: 0.1, train: { wq: false, wk: false, wv: false } }),
    'empty', /every grid is frozen/);
  throwsCode(() => attn.trainStep({ ...satWantsThe, learningRate: 0.1, train: { wq: 'no' } }),
    'invalid_argument', /train.wq must be true or false/);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, examples: [] }), 'invalid_argument', /examples must be a non-empty array/);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, examples: [{ embeddings: catSat.embeddings, shares: [{ asker: 9, key: 0 }] }] }),
    'shape_mismatch', /the goal's asker is token 10, but the sentence has 3 tokens/);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, examples: [{ embeddings: catSat.embeddings, shares: [{ asker: -1, key: 0 }] }] }),
    'invalid_argument', /sentence 1: a target's asker must be a token index from 0 \(got -1\)/);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, examples: [{ embeddings: catSat.embeddings, blends: [{ asker: 2, point: [1, NaN] }] }] }),
    'non_finite', /target point row 1, column 2 is NaN/);
  throwsCode(() => attn.evaluateGoal({ ...satWantsThe, wq: [[1, NaN, 0], [0, 0, 0]] }), 'non_finite', /wq row 1, column 2 is NaN/);
});

test('training\'s bound on every entry is the widget\'s documented limit for typed numbers', () => {
  assert.equal(attn.limits.maxEntry, LIMIT);
  assert.equal(attn.limits.maxLearningRate, 100);
});

test('a diverging run stops at the limit with the last good grids', () => {
  let state = { ...catSat, examples: [{ embeddings: catSat.embeddings, blends: [{ asker: SAT, point: [-3, 3] }] }] };
  let error = null;
  for (let i = 0; i < 100 && !error; i++) {
    try {
      const r = attn.trainStep({ ...state, learningRate: 5 });
      state = { ...state, wq: r.wq, wk: r.wk, wv: r.wv };
    } catch (err) {
      error = err;
    }
  }
  assert.ok(error, 'did not diverge');
  assert.equal(error.code, 'diverged');
  assert.match(error.message, /^training stopped: this step would move w[qkv] row \d, column \d to −?-?[\d.e+]+, past the limit of ±1000; lower the learning rate$/);
  for (const name of ['wq', 'wk', 'wv']) assert.ok(state[name].flat().every((x) => Math.abs(x) <= 1000), name);
});

test('randomGrid: seeded, two decimals, the same as the native core', () => {
  assert.deepEqual(attn.randomGrid(1, 3, { seed: 1, scale: 0.5 }), [[0.07, 0.25, 0.47]]);
  const g = attn.randomGrid(3, 8, { seed: 42 });
  assert.deepEqual(g, attn.randomGrid(3, 8, { seed: 42 }));
  assert.notDeepEqual(g, attn.randomGrid(3, 8, { seed: 43 }));
  assert.ok(g.flat().every((x) => Math.abs(x) <= 0.5 && Number(x.toFixed(2)) === x));
  throwsCode(() => attn.randomGrid(2, 2, { seed: 1.5 }), 'invalid_argument', /seed must be a whole number/);
  throwsCode(() => attn.randomGrid(0, 2), 'empty', /rows must be a whole number of at least 1/);
  throwsCode(() => attn.randomGrid(2, 2, { scale: -1 }), 'invalid_argument', /scale must be above 0 and at most 1000 \(got -1\)/);
  for (const options of [null, 7, 'seed'])
    throwsCode(() => attn.randomGrid(2, 2, options), 'invalid_argument', /randomGrid: options must be an object \{ seed, scale \}/);
});

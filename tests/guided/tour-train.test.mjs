// Step 12's sentence, from real gradient steps on "sat attends to the" (the train panel's goal and
// run modules, the core's training build): the row it names is the row that moved most, the slot
// it blames is where k_the stands furthest from the shares' blend of the keys, W_V never moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { goalById } from '../../web/views/train/goals.js';
import { startRun, trainOnce } from '../../web/views/train/run.js';
import { stepSentence } from '../../web/views/guided/tour-train.js';

const core = await loadAttention({ training: true });
const goal = goalById('sat-the');
const ALL = { wq: true, wk: true, wv: true };

// The oracle: from the two states and the core's numbers alone.
function largestRow(before, after) {
  const size = before.map((row, r) => Math.max(...row.map((x, c) => Math.abs(after[r][c] - x))));
  return size.indexOf(Math.max(...size));
}
function furthestSlot(result) {
  const w = result.weights[2];
  const gaps = result.keys[0].map((_, r) => Math.abs(result.keys[0][r] - result.keys.reduce((t, k, j) => t + w[j] * k[r], 0)));
  return gaps.indexOf(Math.max(...gaps));
}

test('ten steps on the chapter\'s cast: the loss falls, W_V stays, each sentence names the row that moved most', () => {
  let { run, state } = startRun(core, goal, 0);
  const losses = [];
  for (let steps = 1; steps <= 10; steps++) {
    const before = state;
    const result = core.attend(before);
    const r = trainOnce(core, run, before, { learningRate: goal.learningRate, train: ALL });
    state = r.state;
    losses.push(r.loss);
    const text = stepSentence({ before, after: state, result, asker: 2, target: 0, steps });
    const row = largestRow(before.wq, state.wq);
    assert.match(text, new RegExp(`^Step ${steps}: (only )?row ${row + 1} of W_Q moved( most)? \\(largest change [−+]0\\.0\\d\\d`));
    assert.equal(furthestSlot(result), row, 'the slot blamed is the row that moved');
    assert.match(text, new RegExp(`Why: the loss reads only sat's shares, so W_Q acts only through q_sat; row ${row + 1} makes its slot ${row + 1}, `));
    assert.match(text, /W_V not at all \(values never change a share\)\.$/);
    assert.deepEqual(state.wv, before.wv);
  }
  assert.ok(losses.every((x, k) => k === 0 || x < losses[k - 1]), `the loss falls at every step: ${losses}`);
  // The chapter's cast: the first step moves W_Q's second row (slot 2: k_the's −1 against the blend's 0.82).
  let fresh = startRun(core, goal, 0);
  const r = trainOnce(core, fresh.run, fresh.state, { learningRate: goal.learningRate, train: ALL });
  const text = stepSentence({ before: fresh.state, after: r.state, result: core.attend(fresh.state), asker: 2, target: 0, steps: 1 });
  assert.equal(text.split(' Why')[0], 'Step 1: row 2 of W_Q moved most (largest change −0.018; row 1 +0.002).');
  assert.match(text, /slot 2, where k_the \(−1\.00\) is furthest from the shares' blend of the keys \(0\.82\)/);
});

// The training goals (web/views/train/goals.js) on the real core: each reaches its
// target from its documented start, and from five seeded starts, within the
// number of steps it documents; the pronouns' held-out sentence resolves for
// those seeds; the freeze switches do what the chapter says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { GOALS, goalById } from '../../web/views/train/goals.js';
import { FEATURES, HELD_OUT, TRAINING, VOCABULARY, sentence } from '../../web/views/train/pronouns.js';
import { beginAt, measure, startRun, trainOnce } from '../../web/views/train/run.js';
import { MAX_DIM, MAX_TOKENS } from '../../web/model/limits.js';

const core = await loadAttention({ training: true });
const ALL = { wq: true, wk: true, wv: true };

// Steps until the goal is met (or the bound passes): { steps, state, progress }.
function train(goal, seed, { train = ALL, learningRate = goal.learningRate } = {}) {
  let { run, state } = startRun(core, goal, seed);
  let progress = goal.progress(core, state, run.pin);
  let steps = 0;
  while (!progress.met && steps < goal.maxSteps) {
    const r = trainOnce(core, run, state, { learningRate, train });
    if (r.stalled) return { steps, state, progress, stalled: r.stalled, run };
    state = r.state;
    steps++;
    progress = goal.progress(core, state, run.pin);
  }
  return { steps, state, progress, run };
}

for (const goal of GOALS) {
  const seeds = [0, 1, 2, 3, 4, 5]; // 0: the documented start; then five seeded ones
  test(`"${goal.name}" reaches its target within ${goal.maxSteps} steps for seeds ${seeds.join(', ')}`, () => {
    for (const seed of seeds) {
      const { run, state } = startRun(core, goal, seed);
      assert.equal(goal.progress(core, state, run.pin).met, false, `seed ${seed}: already met at the start`);
      const { steps, progress } = train(goal, seed);
      assert.ok(progress.met, `seed ${seed}: not met after ${steps} steps`);
      assert.ok(steps > 3, `seed ${seed}: met after ${steps} steps, too quick to watch`);
    }
  });
}

test('the held-out sentence resolves for every seed, and did not at the start', () => {
  const goal = goalById('pronouns');
  for (const seed of [0, 1, 2, 3, 4, 5]) {
    const { run, state } = startRun(core, goal, seed);
    assert.equal(run.originProgress.heldOutMet, false, `seed ${seed}: resolved before training`);
    const { progress } = train(goal, seed);
    assert.ok(progress.heldOutMet, `seed ${seed}: ${JSON.stringify(progress.heldOut)}`);
    assert.deepEqual(progress.heldOut.map((l) => `${l.asker}->${l.key}`), ['she->bird', 'it->plate', 'fragile->plate']);
    // Its embeddings never changed: only the violet grids learn.
    assert.deepEqual(state.embeddings, sentence(HELD_OUT).embeddings);
  }
});

test('the pronoun data: plain features, the held-out sentence and "plate" never trained on', () => {
  const trainingTexts = TRAINING.map(([text]) => text);
  assert.ok(!trainingTexts.includes(HELD_OUT[0]));
  assert.ok(trainingTexts.every((t) => !t.split(' ').includes('plate')));
  assert.ok(FEATURES.length <= MAX_DIM);
  for (const [text, links] of [...TRAINING, HELD_OUT]) {
    const words = text.split(' ');
    assert.ok(words.length <= MAX_TOKENS, text);
    for (const w of words) assert.ok(VOCABULARY[w], `${w} is not in the vocabulary`);
    for (const [asker, noun] of Object.entries(links)) {
      for (const w of [asker, noun]) assert.equal(words.indexOf(w), words.lastIndexOf(w), `${w} twice in "${text}"`);
      assert.ok(words.indexOf(noun) < words.indexOf(asker), `causal: ${asker} must come after ${noun}`);
      assert.equal(VOCABULARY[noun][FEATURES.indexOf('noun')], 1);
    }
  }
  for (const row of Object.values(VOCABULARY)) assert.ok(row.every((x) => x === 0 || x === 1));
});

test('a share goal with only W_V training stalls with the chapter\'s reason; nothing moves', () => {
  for (const id of ['sat-the', 'pronouns']) {
    const { steps, stalled, state, run } = train(goalById(id), 1, { train: { wq: false, wk: false, wv: true } });
    assert.equal(steps, 0);
    assert.match(stalled, /^Only W_V is training, and its gradient for this goal is exactly 0: W_V changes what each word hands over, never who gets attention/);
    assert.deepEqual(state, run.origin);
  }
});

test('W_V alone changes what is handed over, never who gets attention', () => {
  const goal = goalById('blend');
  const { run, state } = startRun(core, goal, 0);
  let now = state;
  for (let i = 0; i < 10; i++) now = trainOnce(core, run, now, { learningRate: 0.05, train: { wq: false, wk: false, wv: true } }).state;
  const before = core.attend(state), after = core.attend(now);
  assert.deepEqual(after.weights, before.weights);
  assert.notDeepEqual(after.outputs, before.outputs);
  assert.ok(goal.progress(core, now, run.pin).error < goal.progress(core, state, run.pin).error);
});

test('one step is exactly one update: new cell = old − rate × the gradient shown before it', () => {
  const goal = goalById('sat-the');
  const { run, state } = startRun(core, goal, 0);
  const shown = measure(core, run, state);
  const r = trainOnce(core, run, state, { learningRate: 0.25, train: ALL });
  for (const name of ['wq', 'wk', 'wv'])
    r.state[name].forEach((row, i) => row.forEach((x, j) => {
      assert.equal(x, state[name][i][j] - 0.25 * shown.gradients[name][i][j]);
      assert.equal(r.moved[name][i][j], x - run.origin[name][i][j]);
    }));
  assert.equal(r.loss, measure(core, run, r.state).loss);
});

test('a run begun after hand edits measures from those edits', () => {
  const goal = goalById('sat-the');
  const { state } = startRun(core, goal, 0);
  state.wq[1][2] = -3; // by hand: q_sat = [1, -1], and sat turns to "the"
  const run = beginAt(core, goal, state, null);
  assert.equal(run.originProgress.met, true);
  assert.equal(run.originProgress.share.toFixed(2), '0.84');
  assert.ok(measure(core, run, state).moved.wq.flat().every((x) => x === 0));
});

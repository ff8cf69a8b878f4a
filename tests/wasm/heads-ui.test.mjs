// The heads lab's pure modules (labels, loss-curve geometry) and its
// training loop (engine.js) driven with the real wasm module, as the worker does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NEEDED_LOSS, ROW_NAMES, headLabel, ablationText, statusText, pausedText, zeroedText }
  from '../../web/views/heads/labels.js';
import { curveScales, pathData, xOf, yOf, VIEW, PLOT } from '../../web/views/common/loss-curve.js';
import { TrainingEngine, CHUNK, STEP_SIZE, MEASURE_EVERY, PLATEAU, RUN_LIMIT, plateauOf } from '../../web/views/heads/engine.js';
import { loadHeads } from '../../wasm/heads.js';

const report = (over) => ({ previousByRole: {}, previousShare: 0, nounShare: 0, nounShareSingular: 0, nounSharePlural: 0,
  ablatedLoss: 1, cost: 0, needed: false, job: 'none', jobRoles: [], jobShare: 0, ...over });

test('labels say the job, the rows it holds at and the numbers that earned it, two decimals', () => {
  assert.equal(headLabel(0, null), 'Head 1');
  assert.equal(headLabel(0, report({ job: 'previous-word', needed: true, cost: 0.6, jobRoles: ['verb-comma'], jobShare: 0.996,
    previousShare: 0.254 })),
  'Head 1: at the comma before the verb: 1.00 on the previous word, the animal just seen; 0.25 over all 8 rows that have one');
  assert.equal(headLabel(1, report({ job: 'previous-word', needed: true, jobRoles: ['first-noun', 'seen', 'verb-comma'],
    jobShare: 0.9, previousShare: 0.5 })),
  'Head 2: at the first noun, the animal seen and the comma before the verb: 0.90 on the previous word; 0.50 over all 8 rows that have one');
  assert.equal(headLabel(0, report({ job: 'previous-word', needed: true, jobRoles: Object.keys(ROW_NAMES), jobShare: 0.934 })),
    'Head 1: 0.93 on the previous word at every row that has one');
  assert.equal(headLabel(1, report({ job: 'first-noun', needed: true, jobShare: 0.5, nounShareSingular: 0.004, nounSharePlural: 0.996 })),
    'Head 2: at the comma before the verb: 0.50 on the first noun (1.00 when it is plural, 0.00 when singular)');
  assert.equal(headLabel(0, report({ job: 'first-noun', needed: true, jobShare: 0.45, nounShareSingular: 0.88, nounSharePlural: 0.02 })),
    'Head 1: at the comma before the verb: 0.45 on the first noun (0.88 when it is singular, 0.02 when plural)');
  assert.equal(headLabel(1, report({ job: 'first-noun', needed: true, jobShare: 1, nounShareSingular: 1, nounSharePlural: 0.999 })),
    'Head 2: at the comma before the verb: 1.00 on the first noun');
  // Needed, but neither job: never "not yet specialised".
  assert.equal(headLabel(1, report({ needed: true, cost: 1.124 })), 'Head 2: needed, job not one of these two (zeroing costs +1.12)');
  assert.equal(headLabel(1, report({ cost: -0.031 })), 'Head 2: neither job, not needed (zeroing costs \u22120.03)');
  assert.equal(headLabel(0, report({ job: 'previous-word', cost: 0.001, jobRoles: ['verb-comma'], jobShare: 0.97, previousShare: 0.3 })),
    'Head 1: at the comma before the verb: 0.97 on the previous word, the animal just seen; 0.30 over all 8 rows that have one; '
    + 'not needed (zeroing costs +0.00)');
});

test('the labels\' thresholds are the core\'s', async () => {
  const core = await loadHeads();
  assert.equal(NEEDED_LOSS, core.thresholds.needed);
  assert.deepEqual(Object.keys(ROW_NAMES), core.roles.slice(1), 'every role with a previous word, in order');
});

test('ablation, zeroed and status texts', () => {
  assert.equal(ablationText(0, report({ ablatedLoss: 1.5 }), 0.96), 'Zeroing head 1 raises the held-out loss by 0.54, to 1.50');
  assert.equal(ablationText(1, report({ ablatedLoss: 4.98 }), 5.22), 'Zeroing head 2 lowers the held-out loss by 0.24, to 4.98');
  assert.equal(ablationText(1, report({ ablatedLoss: 0.961 }), 0.96), 'Zeroing head 2 leaves the held-out loss as it is (0.96)');
  assert.equal(statusText({ steps: 300, trainLoss: 1.021, heldOutLoss: 0.977, heldOutSentences: 256 }),
    'Step 300 · training loss 1.02 · held-out loss 0.98 (over 256 sentences never trained on)');
  assert.equal(statusText({ steps: 0, trainLoss: null }), 'Step 0');
  assert.equal(zeroedText([0], { zeroedLoss: 1.354, heldOutLoss: 0.94 }),
    'With head 1 zeroed the held-out loss is 1.35 (0.94 with every head).');
  assert.equal(zeroedText([0, 2], { zeroedLoss: 2, heldOutLoss: 0.94 }),
    'With heads 1 and 3 zeroed the held-out loss is 2.00 (0.94 with every head).');
  assert.equal(pausedText({ reason: 'plateau', steps: 1900, window: 1000, gain: 0.01, best: 0.9271, newest: 0.934 }),
    'Training paused itself at step 1,900: in the last 1,000 steps the held-out loss did not beat its best by more than '
    + '0.01 (best 0.93, now 0.93). Train goes on from here.');
  assert.equal(pausedText({ reason: 'limit', limit: 10000 }),
    'Training paused itself after 10,000 steps in a row without the held-out loss settling. Train goes on from here.');
  assert.equal(pausedText({ reason: 'paused' }), '');
  assert.equal(pausedText({}), '');
});

test('the loss axis fits the newest three quarters of the steps; earlier losses run off its top', () => {
  // the first steps: every point fits, from a round tick below to one above
  const early = curveScales([[{ steps: 25, loss: 3.2 }, { steps: 50, loss: 2.1 }, { steps: 75, loss: NaN }], [{ steps: 0, loss: 5.23 }]], 500);
  assert.equal(early.maxSteps, 500);
  assert.deepEqual(early.lossTicks, [2, 3, 4, 5, 6]);
  assert.equal(early.clipped, null);
  // later: the fall from 1.00 to 0.93 fills the axis; 5.41 and 1.06 (before step 250) run off its top
  const held = [{ steps: 0, loss: 5.41 }, { steps: 100, loss: 1.06 }, { steps: 300, loss: 1.0 }, { steps: 600, loss: 0.997 },
    { steps: 800, loss: 0.937 }, { steps: 900, loss: 0.93 }];
  const s = curveScales([[{ steps: 900, loss: 0.95 }], held], 500);
  assert.equal(s.maxSteps, 1000);
  assert.deepEqual([s.minLoss, s.maxLoss], [0.9, 1.05]);
  assert.equal(s.clipped, 5.41);
  assert.equal(xOf(0, s), VIEW.left);
  assert.equal(xOf(1000, s), VIEW.width - VIEW.right);
  assert.equal(yOf(0.9, s), PLOT.top + PLOT.height);
  assert.equal(yOf(1.05, s), PLOT.top);
  assert.ok(yOf(0.93, s) - yOf(1.0, s) > PLOT.height / 3, 'the fall where the jobs form takes a third of the height');
  assert.equal(pathData(held, s).split(/[ML]/).filter(Boolean).length, 6);
  assert.equal(pathData([], s), '');
  assert.equal(pathData([{ steps: 0, loss: NaN }, { steps: 500, loss: 1 }], s), 'M320.0 68.7 L320.0 68.7', 'one point: a dot (x 64 + 512 / 2, y 18 + 152 x 0.05 / 0.15)');
  assert.deepEqual(curveScales([[], []]).lossTicks, [0, 1]);
  const long = Array.from({ length: 300_000 }, (_, i) => ({ steps: 25 * i, loss: 1 + 1 / (i + 1) }));
  assert.equal(curveScales([long, []]).clipped, 2, 'a long run: no spread of its points overflows the stack');
  const flat = curveScales([[{ steps: 600, loss: 0.93 }]], 500);
  assert.ok(flat.maxLoss - flat.minLoss >= 0.1 && flat.minLoss <= 0.93 && flat.maxLoss >= 0.93, 'one point: a small span around it');
});

test('the plateau rule: 1,000 steps without beating the best by more than 0.01, never on a spike', () => {
  const series = (losses, every = 100) => losses.map((loss, i) => ({ steps: i * every, loss }));
  // Held-out losses every 100 steps from step 0: by step 1100 the window (100, 1100] holds the
  // points from 200 on, whose best (0.99) beats the best up to 100 (1.00) by 0.01: a plateau.
  const slow = [5.4, 1.0, 1.0, 0.998, 0.995, 0.993, 0.992, 0.995, 0.994, 0.99, 0.991, 0.992];
  assert.deepEqual(plateauOf(series(slow), 0), { best: 0.99, newest: 0.992, window: 1000, gain: 0.01 });
  assert.equal(plateauOf(series(slow.slice(0, 11)), 0), null, 'at 1000 the window still reaches back to 5.4');
  assert.equal(plateauOf(series(slow), 200), null, 'a run that began at 200 has not gone 1,000 steps');
  assert.equal(plateauOf(series([5.4, 1.0, 1.0, 0.998, 0.995, 0.993, 0.992, 0.995, 0.994, 0.985, 0.991, 0.992]), 0),
    null, 'a best 0.015 lower is still falling');
  const falling = [...slow.slice(0, 11), 0.937];
  assert.equal(plateauOf(series(falling), 0), null, 'the fall where a job forms');
  const spike = [...slow.slice(0, 11), 1.065];
  assert.equal(plateauOf(series(spike), 0), null, 'never on a spike');
  assert.equal(plateauOf(series([...slow.slice(0, 11), 1.003]), 0), null, 'more than 0.01 above the best is a spike too');
  assert.ok(plateauOf(series([...slow.slice(0, 11), 0.999]), 0), 'within 0.01 of the best');
  assert.equal(plateauOf([], 0), null);
  assert.equal(PLATEAU.window % MEASURE_EVERY, 0);
});

// The engine with a hand-run scheduler: each call to run() is one task.
function harness(core) {
  const messages = [], queue = [];
  const engine = new TrainingEngine(core, (m) => messages.push(m), (fn) => queue.push(fn));
  const run = (n = 1) => { for (let i = 0; i < n && queue.length; i++) queue.shift()(); };
  return { engine, messages, queue, run };
}

test('engine: reset, train in chunks, pause, step, sentence, errors', async () => {
  const core = await loadHeads();
  const { engine, messages, queue, run } = harness(core);
  engine.handle({ type: 'reset', config: { seed: 3, heads: 2 } });
  assert.equal(messages[0].type, 'reset');
  assert.equal(messages[0].config.heads, 2);
  const first = messages[1];
  assert.equal(first.type, 'progress');
  assert.equal(first.steps, 0);
  assert.ok(first.measured, 'measured at step 0');
  assert.equal(first.view.weights.length, 2);

  engine.handle({ type: 'train' });
  assert.deepEqual(messages.at(-1), { type: 'running', generation: 1, running: true });
  run(MEASURE_EVERY / CHUNK);
  const progress = messages.filter((m) => m.type === 'progress');
  assert.deepEqual(progress.map((m) => m.steps), [0, 25, 50, 75, 100]);
  assert.deepEqual(progress.map((m) => Boolean(m.measured)), [true, false, false, false, true]);
  engine.handle({ type: 'pause' });
  run(5);
  assert.equal(queue.length, 0, 'a paused engine schedules nothing');
  assert.equal(messages.filter((m) => m.type === 'progress').length, 5);

  engine.handle({ type: 'step' });
  assert.equal(messages.at(-1).steps, 100 + STEP_SIZE);
  assert.ok(messages.at(-1).measured, 'a step is always measured');

  engine.handle({ type: 'sentence', index: 4 });
  assert.equal(messages.at(-1).type, 'view');
  assert.equal(messages.at(-1).index, 4);

  engine.handle({ type: 'sentence', index: 999 });
  assert.equal(messages.at(-1).type, 'error');
  assert.equal(messages.at(-1).code, 'bad_argument');

  engine.handle({ type: 'reset', config: { heads: 9 } });
  assert.equal(messages.at(-1).code, 'bad_hyper_parameter');
  engine.handle({ type: 'step' });
  assert.equal(messages.at(-1).generation, 1, 'a refused reset keeps the model');
  assert.equal(messages.at(-1).steps, 100 + 2 * STEP_SIZE);

  engine.handle({ type: 'train' });
  engine.handle({ type: 'reset', config: { seed: 3 } });
  run(3);
  assert.ok(messages.filter((m) => m.type === 'progress' && m.generation === 1).every((m) => m.steps <= 150),
    'the old model stopped training at the reset');
  engine.handle({ type: 'nonsense' });
  assert.match(messages.at(-1).message, /unknown command nonsense/);
});

test('<attention-heads> follows the convention: importable without a DOM, static define(tag, registry)', async () => {
  const { AttentionHeadsElement } = await import('../../web/attention-heads.js');
  const registry = { map: new Map(), get(tag) { return this.map.get(tag); }, define(tag, cls) { this.map.set(tag, cls); } };
  assert.equal(AttentionHeadsElement.define(undefined, registry), AttentionHeadsElement);
  assert.equal(registry.get('attention-heads'), AttentionHeadsElement);
  assert.equal(AttentionHeadsElement.define('attention-heads', registry), AttentionHeadsElement, 'twice is fine');
  assert.equal(AttentionHeadsElement.define('attention-heads', null), AttentionHeadsElement, 'no registry: a no-op');
  assert.deepEqual(AttentionHeadsElement.observedAttributes, ['seed', 'heads', 'no-worker', 'theme']);
});

test('engine: a chunk that throws becomes an error message and training stops', () => {
  const view = { words: [], weights: [], jobRow: 0, firstNoun: 0, guesses: [] };
  let calls = 0;
  const fakeLab = {
    config: { heads: 2 },
    train() { calls += 1; if (calls > 1) throw Object.assign(new Error('out of memory'), { code: 'engine_failed' }); return { steps: 25, trainLoss: 1 }; },
    measure: () => ({ heldOutLoss: 1, heldOutSentences: 1, heads: [] }),
    sentence: () => view,
    dispose() {},
  };
  const { engine, messages, queue, run } = harness({ createLab: () => fakeLab, vocabulary: [] });
  engine.handle({ type: 'reset', config: {} });
  engine.handle({ type: 'train' });
  run(3);
  assert.equal(messages.at(-1).type, 'error');
  assert.equal(messages.at(-1).message, 'out of memory');
  assert.equal(queue.length, 0, 'nothing more is scheduled');
});

// A model whose held-out loss follows `lossAt(steps)`: the engine's stopping, without training.
function scriptedLab(lossAt) {
  let steps = 0;
  const view = { words: [], weights: [], jobRow: 0, firstNoun: 0, guesses: [] };
  return {
    config: { heads: 2 },
    train(n) { steps += n; return { steps, trainLoss: lossAt(steps) }; },
    measure: ({ zeroed = [] } = {}) => ({ heldOutLoss: lossAt(steps), zeroedLoss: lossAt(steps) + zeroed.length,
      heldOutSentences: 1, heads: [] }),
    sentence: () => view,
    dispose() {},
  };
}

test('engine: Train pauses itself on the plateau rule, not on a spike; Train again goes a whole window more', () => {
  // 1.0 until step 1000, when a job forms (0.93), then flat
  const lossAt = (s) => (s === 0 ? 5.4 : s < 1000 ? 1.0 : 0.93);
  const { engine, messages, run } = harness({ createLab: () => scriptedLab(lossAt) });
  engine.handle({ type: 'reset', config: {} });
  engine.handle({ type: 'train' });
  run(1000);
  const paused = messages.filter((m) => m.type === 'running' && !m.running);
  assert.equal(paused.length, 1);
  // At 1900 the window (900, 1900] beats the best before it (1.00) by 0.07; at 2000 the best up to
  // 1000 is 0.93 too: 1,000 steps without beating it.
  assert.equal(paused[0].reason, 'plateau');
  assert.equal(paused[0].steps, 2000);
  assert.deepEqual([paused[0].best, paused[0].newest, paused[0].window], [0.93, 0.93, PLATEAU.window]);

  const spiky = (s) => (s === 0 ? 5.4 : s === 2000 ? 1.065 : s < 1000 ? 1.0 : 0.93);
  const second = harness({ createLab: () => scriptedLab(spiky) });
  second.engine.handle({ type: 'reset', config: {} });
  second.engine.handle({ type: 'train' });
  second.run(1000);
  const stop = second.messages.find((m) => m.type === 'running' && !m.running);
  assert.equal(stop.steps, 2100, 'not at the spike (2000), at the next measurement');

  engine.handle({ type: 'train' });
  run(1000);
  const again = messages.filter((m) => m.type === 'running' && !m.running);
  assert.equal(again.length, 2);
  assert.equal(again[1].steps - again[0].steps, PLATEAU.window, 'a new run goes a whole window');
});

test('engine: a run that never plateaus pauses after RUN_LIMIT steps', () => {
  const { engine, messages, run } = harness({ createLab: () => scriptedLab((s) => 1000 - s / 50) }); // falls 20 every 1,000 steps
  engine.handle({ type: 'reset', config: {} });
  engine.handle({ type: 'train' });
  run(RUN_LIMIT / CHUNK + 5);
  const paused = messages.filter((m) => m.type === 'running' && !m.running);
  assert.deepEqual(paused.map((m) => [m.reason, m.steps, m.limit]), [['limit', RUN_LIMIT, RUN_LIMIT]]);
});

test('engine: zero heads at once, in the guesses and the held-out loss; a bad head keeps the last good', async () => {
  const core = await loadHeads();
  const { engine, messages } = harness(core);
  engine.handle({ type: 'reset', config: { seed: 3, heads: 2 } });
  for (let i = 0; i < 4; i++) engine.handle({ type: 'step' });
  const before = messages.at(-1);
  engine.handle({ type: 'zero', heads: [1] });
  const zeroed = messages.at(-1);
  assert.deepEqual(zeroed.zeroed, [1]);
  assert.equal(zeroed.steps, before.steps, 'no training: a new picture of the same model');
  assert.ok(zeroed.measured, 'measured at once');
  assert.equal(zeroed.measured.zeroedLoss, zeroed.measured.heads[1].ablatedLoss);
  assert.notDeepEqual(zeroed.view.guesses, before.view.guesses);
  engine.handle({ type: 'sentence', index: 3 });
  assert.deepEqual(messages.at(-1).zeroed, [1], 'another sentence: still zeroed');
  engine.handle({ type: 'zero', heads: [5] });
  assert.equal(messages.at(-1).code, 'bad_argument');
  engine.handle({ type: 'step' });
  assert.deepEqual(messages.at(-1).zeroed, [1], 'a refused zeroing keeps the last good');
  engine.handle({ type: 'zero', heads: [] });
  const back = messages.at(-1);
  assert.deepEqual(back.zeroed, []);
  assert.equal(back.measured.zeroedLoss, back.measured.heldOutLoss);
  engine.handle({ type: 'zero', heads: [0] });
  engine.handle({ type: 'reset', config: { seed: 3, heads: 2 } });
  assert.deepEqual(messages.at(-1).zeroed, [], 'a new model has every head');
});

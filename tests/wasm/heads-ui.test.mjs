// The heads lab's pure modules (labels, loss-curve geometry) and its
// training loop (engine.js) driven with the real wasm module, as the worker does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { headLabel, ablationText, statusText } from '../../web/views/heads/labels.js';
import { curveScales, pathData, xOf, yOf, VIEW } from '../../web/views/common/loss-curve.js';
import { TrainingEngine, CHUNK, STEP_SIZE, MEASURE_EVERY } from '../../web/views/heads/engine.js';
import { loadHeads } from '../../wasm/heads.js';

const report = (over) => ({ previousShare: 0, nounShare: 0, nounShareSingular: 0, nounSharePlural: 0,
  ablatedLoss: 1, job: 'none', ...over });

test('labels say the job and the number that earned it, two decimals', () => {
  assert.equal(headLabel(0, null), 'Head 1: not yet specialised');
  assert.equal(headLabel(1, report({ previousShare: 0.99 })), 'Head 2: not yet specialised');
  assert.equal(headLabel(0, report({ job: 'previous-word', previousShare: 0.934 })),
    'Head 1: 0.93 of its attention on the previous word');
  assert.equal(headLabel(1, report({ job: 'first-noun', nounShare: 0.91, nounShareSingular: 0.85, nounSharePlural: 0.97 })),
    "Head 2: 0.91 of its attention on the sentence's first noun");
  assert.equal(headLabel(1, report({ job: 'first-noun', nounShare: 0.5, nounShareSingular: 0.004, nounSharePlural: 0.996 })),
    "Head 2: 0.50 of its attention on the sentence's first noun: 1.00 when that noun is plural, 0.00 when singular");
  assert.equal(headLabel(0, report({ job: 'first-noun', nounShare: 0.45, nounShareSingular: 0.88, nounSharePlural: 0.02 })),
    "Head 1: 0.45 of its attention on the sentence's first noun: 0.88 when that noun is singular, 0.02 when plural");
});

test('ablation text raises, lowers or leaves, with a true minus nowhere needed', () => {
  assert.equal(ablationText(0, report({ ablatedLoss: 1.5 }), 0.96), 'Zeroing head 1 raises the held-out loss by 0.54, to 1.50');
  assert.equal(ablationText(1, report({ ablatedLoss: 4.98 }), 5.22), 'Zeroing head 2 lowers the held-out loss by 0.24, to 4.98');
  assert.equal(ablationText(1, report({ ablatedLoss: 0.961 }), 0.96), 'Zeroing head 2 leaves the held-out loss as it is (0.96)');
  assert.equal(statusText({ steps: 300, trainLoss: 1.021, heldOutLoss: 0.977, heldOutSentences: 256 }),
    'Step 300 · training loss 1.02 · held-out loss 0.98 (over 256 sentences never trained on)');
  assert.equal(statusText({ steps: 0, trainLoss: null }), 'Step 0');
});

test('the loss curve fits every point and skips non-finite ones', () => {
  const train = [{ steps: 25, loss: 3.2 }, { steps: 50, loss: 2.1 }, { steps: 75, loss: NaN }];
  const held = [{ steps: 0, loss: 5.23 }];
  const s = curveScales([train, held], 500);
  assert.equal(s.maxSteps, 500);
  assert.equal(s.maxLoss, 6);
  assert.deepEqual(s.lossTicks, [0, 2, 4, 6]);
  assert.equal(xOf(0, s), VIEW.left);
  assert.equal(xOf(500, s), VIEW.width - VIEW.right);
  assert.equal(yOf(0, s), VIEW.height - VIEW.bottom);
  assert.equal(yOf(6, s), VIEW.top);
  assert.equal(pathData(train, s).split(/[ML]/).filter(Boolean).length, 2);
  assert.equal(pathData([], s), '');
  assert.equal(curveScales([[{ steps: 2600, loss: 0.9 }]], 500).maxSteps, 3000);
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
  assert.deepEqual(AttentionHeadsElement.observedAttributes, ['seed', 'heads', 'no-worker']);
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

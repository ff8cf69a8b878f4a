// What the heads lab keeps of the model on screen (web/views/heads/run.js), fed hand-written
// engine messages: the curves' points, one paint per frame, a Step ended by its measured picture,
// one attention-heads-trained per stop that trained new steps, zeroed heads from what was asked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HeadsRun } from '../../web/views/heads/run.js';

const measured = (loss, sentences = 3) => ({ heldOutLoss: loss, heldOutSentences: sentences,
  heads: [{ job: 'previous-word' }, { job: null }] });
const progress = (steps, extra = {}) => ({ type: 'progress', generation: 1, steps, index: 0, trainLoss: 2, zeroed: [], ...extra });

test('progress: the first message since a paint asks for a frame; the paint takes the newest', () => {
  const run = new HeadsRun();
  run.reset(1);
  assert.deepEqual(run.progress(progress(25)), { paint: true, stepDone: false });
  assert.deepEqual(run.progress(progress(50, { measured: measured(1.5) })), { paint: false, stepDone: false });
  const { message, labels } = run.takePending();
  assert.equal(message.steps, 50);
  assert.equal(labels, true);
  assert.deepEqual(run.train, [{ steps: 25, loss: 2 }, { steps: 50, loss: 2 }]);
  assert.deepEqual(run.heldOut, [{ steps: 50, loss: 1.5 }]);
  assert.deepEqual(run.takePending(), { message: null, labels: false });
  assert.equal(run.progress(progress(75)).paint, true);
});

test('a measurement again at the same step replaces the last held-out point', () => {
  const run = new HeadsRun();
  run.reset(1);
  run.progress(progress(100, { measured: measured(1.5) }));
  run.progress(progress(100, { measured: measured(1.2), trainLoss: NaN }));
  assert.deepEqual(run.heldOut, [{ steps: 100, loss: 1.2 }]);
  assert.equal(run.train.length, 1);
});

test('a Step ends with its measured picture; news about a replaced model is not painted', () => {
  const run = new HeadsRun();
  run.reset(1);
  run.stepAsked();
  assert.equal(run.progress(progress(25)).stepDone, false);
  assert.equal(run.progress(progress(25, { measured: measured(1.9) })).stepDone, true);
  assert.equal(run.progress(progress(50, { measured: measured(1.8) })).stepDone, false);
  run.reset(2);
  assert.deepEqual([run.train, run.heldOut, run.measured, run.steps], [[], [], null, 0]);
  run.progress({ ...progress(25), generation: 1 });
  assert.equal(run.takePending().message, null);
});

test('trained: once per stop that trained new steps, with the newest measurement', () => {
  const run = new HeadsRun();
  run.reset(1);
  assert.equal(run.trained('paused', 2), null); // no steps yet
  run.progress(progress(100, { measured: measured(1.25) }));
  assert.deepEqual(run.trained('paused', 2),
    { reason: 'paused', steps: 100, heads: 2, heldOutLoss: 1.25, jobs: ['previous-word', null] });
  assert.equal(run.trained('paused', 2), null); // paused again at the same step
  run.progress(progress(125));
  assert.equal(run.trained('step', 2).steps, 125);
});

test('zeroed heads follow what was asked; the next sentence wraps', () => {
  const run = new HeadsRun();
  run.reset(1);
  assert.deepEqual(run.toggleZero(0), [0]);
  assert.deepEqual(run.toggleZero(1), [0, 1]);
  assert.deepEqual(run.toggleZero(0), [1]);
  assert.equal(run.nextSentence(), 0); // nothing measured: one sentence
  run.progress(progress(100, { measured: measured(1, 3), index: 2 }));
  run.takePending();
  assert.equal(run.nextSentence(), 0);
});

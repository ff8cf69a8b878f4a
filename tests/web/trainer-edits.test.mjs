// The train panel's loop (web/views/train/trainer.js) after a hand edit: the edit is a new
// start for the "loss rising" count, so a learner who edits after a run of rising steps does not
// see the very next step pause the training. The oracle is the script of losses below, counted
// by hand, not the trainer's own bookkeeping.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RISING_STEPS, Trainer } from '../../web/views/train/trainer.js';
import { manualScheduler } from '../fixtures/scheduler.mjs';

// A step that returns the next loss of a script, and a goal never met.
function scripted(losses) {
  let k = 0;
  return new Trainer({ step: () => ({ loss: losses[k++] }), isMet: () => false, scheduler: manualScheduler() });
}

test('an edit after rising steps starts the count again: the next step does not pause', () => {
  // Losses 2, 3, ..., each higher than the last: RISING_STEPS - 1 rises, one short of a pause.
  const rises = Array.from({ length: RISING_STEPS - 1 }, (_, k) => 2 + k);
  const t = scripted([...rises, 1000, 1001]);
  t.begin(1);
  for (let k = 0; k < rises.length; k++) assert.equal(t.stepOnce(), true);
  assert.equal(t.kind, '', 'one rise short of the limit: still no pause');
  t.noteEdit(0.5); // the learner edits a cell: the loss drops to 0.5
  t.play();
  t.stepOnce(); // 0.5 -> 1000: the first rise after the edit, not the RISING_STEPS-th in a row
  assert.equal(t.playing, true, `paused after one rise since the edit: ${t.message}`);
  assert.equal(t.kind, '');
  t.stepOnce(); // 1000 -> 1001: the second
  assert.equal(t.playing, true);
});

test('without an edit the same losses pause on the RISING_STEPS-th rise (the rule the edit resets)', () => {
  const rises = Array.from({ length: RISING_STEPS + 1 }, (_, k) => 2 + k);
  const t = scripted(rises);
  t.begin(1);
  t.play();
  for (let k = 0; k < RISING_STEPS - 1; k++) t.stepOnce();
  assert.equal(t.playing, true);
  t.stepOnce();
  assert.equal(t.playing, false);
  assert.equal(t.kind, 'rising');
});

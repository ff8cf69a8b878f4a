// The train panel's pure parts in node: the trainer loop with a fake step and a
// hand-cranked scheduler, the readout sentences, the loss curve's geometry.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RISING_STEPS, Trainer } from '../../web/views/train/trainer.js';
import { beside, checkSentence, heldOutSentence, readout, shareSentence, stalledSentence } from '../../web/views/train/readout.js';
import { curveGeometry } from '../../web/views/common/loss-curve.js';

// A scheduler that runs a frame only when the test says so.
function manualScheduler() {
  const queue = new Map();
  let next = 1;
  return {
    schedule(fn) { queue.set(next, fn); return next++; },
    cancel(handle) { queue.delete(handle); },
    frame() { const [[h, fn]] = queue; queue.delete(h); fn(); },
    get pending() { return queue.size; },
  };
}

// A fake goal: the loss halves each step; met below `target`.
function fake({ target = 0.1, losses = null, fail = null } = {}) {
  const s = { loss: 1, calls: 0 };
  s.step = () => {
    s.calls++;
    if (fail && s.calls === fail.at) throw new Error(fail.message);
    s.loss = losses ? losses[s.calls - 1] : s.loss / 2;
    return { loss: s.loss };
  };
  s.isMet = () => s.loss < target;
  return s;
}

test('Step: one update, counted; the loss history grows by one', () => {
  const f = fake();
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: manualScheduler() });
  t.begin(1);
  assert.equal(t.stepOnce(), true);
  assert.equal(t.steps, 1);
  assert.deepEqual(t.losses, [1, 0.5]);
  assert.equal(t.playing, false);
});

test('Train plays one step per frame until paused; Pause stops the frames', () => {
  const f = fake({ target: 0 });
  const sched = manualScheduler();
  const changes = [];
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: sched, onChange: (tr) => changes.push(tr.steps) });
  t.begin(1);
  t.play();
  assert.equal(t.playing, true);
  sched.frame(); sched.frame(); sched.frame();
  assert.equal(t.steps, 3);
  t.pause();
  assert.equal(sched.pending, 0);
  assert.equal(t.playing, false);
  t.toggle();
  assert.equal(t.playing, true);
  sched.frame();
  assert.equal(t.steps, 4);
  assert.ok(changes.length >= 4);
});

test('the goal met: it pauses by itself and says after how many steps; Train again keeps going', () => {
  const f = fake({ target: 0.2 }); // 1 -> 0.5 -> 0.25 -> 0.125: met at step 3
  const sched = manualScheduler();
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: sched });
  t.begin(1);
  t.play();
  for (let i = 0; i < 100 && sched.pending; i++) sched.frame();
  assert.equal(t.steps, 3);
  assert.equal(t.playing, false);
  assert.equal(t.message, 'Goal met after 3 steps.');
  assert.equal(t.kind, 'met');
  t.play();
  assert.equal(t.message, '');
  sched.frame(); sched.frame();
  assert.equal(t.steps, 5, 'already met: it does not stop again');
});

test('a refused step pauses with the core\'s message and counts nothing', () => {
  const f = fake({ target: 0, fail: { at: 2, message: 'training stopped: this step would move wq row 1, column 1 to 1200, past the limit of ±1000; lower the learning rate' } });
  const sched = manualScheduler();
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: sched });
  t.begin(1);
  t.play();
  sched.frame(); sched.frame();
  assert.equal(t.playing, false);
  assert.equal(t.steps, 1);
  assert.deepEqual(t.losses, [1, 0.5]);
  assert.match(t.message, /^training stopped: .* lower the learning rate$/);
  assert.deepEqual([t.kind, t.code], ['refused', 'refused']);
  assert.equal(sched.pending, 0);
});

test(`a loss rising ${RISING_STEPS} steps in a row pauses: the rate is too large`, () => {
  const losses = Array.from({ length: 40 }, (_, k) => 1 + k);
  const f = fake({ target: 0, losses });
  const sched = manualScheduler();
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: sched });
  t.begin(0.5);
  t.play();
  for (let i = 0; i < 100 && sched.pending; i++) sched.frame();
  assert.equal(t.steps, RISING_STEPS);
  assert.match(t.message, /^The loss rose 20 steps in a row: the learning rate is too large for this goal\. Lower it and press Train\.$/);
});

test('a stalled step pauses with its sentence and counts nothing', () => {
  const t = new Trainer({ step: () => ({ stalled: 'nothing can move' }), isMet: () => false, scheduler: manualScheduler() });
  t.begin(1);
  t.play();
  assert.equal(t.playing, true);
  assert.equal(t.stepOnce(), false);
  assert.equal(t.playing, false);
  assert.equal(t.steps, 0);
  assert.equal(t.message, 'nothing can move');
  assert.deepEqual([t.kind, t.code], ['stalled', 'stalled']);
});

test('Reset clears the count and the curve; an edit while paused is a marked point', () => {
  const f = fake({ target: 0 });
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: manualScheduler() });
  t.begin(1);
  t.stepOnce(); t.stepOnce();
  t.noteEdit(0.9);
  assert.deepEqual(t.losses, [1, 0.5, 0.25, 0.9]);
  assert.deepEqual(t.edits, [3]);
  assert.equal(t.steps, 2);
  t.stepOnce();
  assert.equal(t.steps, 3);
  t.reset(1);
  assert.deepEqual([t.steps, t.losses, t.edits, t.message], [0, [1], [], '']);
});

test('stepsPerTick batches steps per frame (reduced motion) and still stops at the goal', () => {
  const f = fake({ target: 0.01 }); // met at step 7
  const sched = manualScheduler();
  const t = new Trainer({ step: f.step, isMet: f.isMet, scheduler: sched, stepsPerTick: 5 });
  t.begin(1);
  t.play();
  sched.frame();
  assert.equal(t.steps, 5);
  sched.frame();
  assert.equal(t.steps, 7);
  assert.equal(t.playing, false);
});

// ---- readout ----

test('readout sentences say what changed, from the numbers given', () => {
  const now = { asker: 'sat', key: 'the', share: 0.8412 };
  assert.equal(shareSentence(now, { share: 0.0900 }), 'sat now gives 0.84 of its attention to the (was 0.09)');
  assert.equal(shareSentence(now, { share: 0.8449 }), 'sat still gives 0.84 of its attention to the');
  assert.equal(shareSentence(now, undefined), 'sat gives 0.84 of its attention to the');
  assert.equal(readout('blend', { asker: 'sat', output: [2.24, 0.85], pin: [1, 2], error: 2.87 }, undefined),
    'sat’s output is [2.24, 0.85], a squared error of 2.87 from the pin at [1.00, 2.00].');
  assert.equal(readout('sat-the', now, { share: 0.09 }), 'sat now gives 0.84 of its attention to the (was 0.09).');
  assert.equal(readout('sat-the', { ...now, share: 0.8021 }, { share: 0.09 }), 'sat now gives 0.802 of its attention to the (was 0.09).');
  assert.equal(readout('blend', { asker: 'sat', output: [0.95, -1.97], pin: [1, -2], error: 0.0034 }, { error: 9.31 }),
    'sat’s output is [0.95, −1.97], a squared error of 0.00 from the pin at [1.00, −2.00] (was 9.31).');
  const heldOut = (share) => ({ heldOut: [{ asker: 'she', key: 'bird', share: 0.7 }, { asker: 'it', key: 'plate', share }] });
  assert.equal(readout('pronouns', heldOut(0.52), heldOut(0.08)),
    'In the held-out sentence, it now gives 0.52 of its attention to plate (was 0.08).');
});

test('check sentences never read a threshold as passed or failed by its own text', () => {
  assert.equal(beside(0.8004, 0.8), '0.8004');
  assert.equal(beside(0.7996, 0.8), '0.7996');
  assert.equal(beside(0.84, 0.8), '0.84');
  assert.equal(beside(0.0099, 0.01), '0.0099');
  assert.equal(checkSentence('sat-the', { met: true, asker: 'sat', key: 'the', share: 0.8004 }),
    'sat gives 0.8004 of its attention to the: above 0.80: goal met.');
  assert.equal(checkSentence('sat-the', { met: false, asker: 'sat', key: 'the', share: 0.09 }),
    'sat gives 0.09 of its attention to the: not yet above 0.80.');
  assert.equal(checkSentence('blend', { met: false, error: 2.5 }), 'Squared error 2.50: not yet below 0.01.');
  const progress = { met: false, training: [{ links: [{ share: 0.6 }, { share: 0.3 }] }, { links: [{ share: 0.51 }] }] };
  assert.equal(checkSentence('pronouns', progress),
    '2 of 3 pronouns and adjectives in the training sentences give their noun more than half their attention.');
  assert.equal(heldOutSentence({ heldOutMet: false, heldOut: [
    { asker: 'she', key: 'bird', share: 0.63, largest: true }, { asker: 'it', key: 'plate', share: 0.2, largest: false }] }),
  'Held-out sentence, never trained on: she → bird 0.63 (its largest share); it → plate 0.20 (not its largest share): '
    + 'not every one lands on the right noun yet.');
  assert.match(stalledSentence('blend', { wq: false, wk: false, wv: true }), /^Every grid being trained has a gradient of exactly 0/);
});

// ---- loss curve ----

test('the loss curve: step 0 at the left, the largest loss at the top, 0 at the bottom', () => {
  const g = curveGeometry([2, 1, 0], { width: 100, height: 50, minSteps: 4 });
  assert.equal(g.points, '0,0 25,25 50,50');
  assert.deepEqual([g.xMax, g.yMax], [4, 2]);
  assert.deepEqual(g.last, [50, 50]);
  const long = curveGeometry(Array.from({ length: 1001 }, (_, k) => 1 / (k + 1)), { width: 100, height: 50 });
  assert.ok(long.points.split(' ').length <= 102, 'about one point per unit of width');
  assert.deepEqual(long.last, [100, 50 - 50 / 1001]);
  assert.equal(curveGeometry([], { width: 10, height: 10 }).points, '');
  assert.equal(curveGeometry([0, 0], { width: 10, height: 10, minSteps: 1 }).points, '0,10 10,10');
});

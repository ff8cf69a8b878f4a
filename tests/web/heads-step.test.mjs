// The heads lab's training loop (web/views/heads/engine.js) when Step is pressed while it trains:
// Step pauses first, then trains its STEP_SIZE steps, and nothing trains after it. A stand-in
// model counts the steps it is asked to train, so the oracle is that count and the messages,
// not the engine's own state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHUNK, STEP_SIZE, TrainingEngine } from '../../web/views/heads/engine.js';

// A model that only counts: train(n) adds n steps; its measurements and views are stubs.
function countingCore() {
  const lab = { steps: 0, config: { heads: 2, seed: 1 } };
  lab.train = (n) => { lab.steps += n; return { steps: lab.steps, trainLoss: 1 }; };
  lab.measure = () => ({ heldOutLoss: 1 });
  lab.sentence = () => ({ words: [] });
  lab.dispose = () => {};
  return { lab, createLab: () => lab };
}

function harness() {
  const core = countingCore();
  const messages = [], queue = [];
  const engine = new TrainingEngine(core, (m) => messages.push(m), (fn) => queue.push(fn));
  const runAll = (limit = 50) => { for (let i = 0; i < limit && queue.length; i++) queue.shift()(); };
  return { engine, lab: core.lab, messages, queue, runAll };
}

test('Step while training pauses first: running false, then STEP_SIZE steps, then nothing more', () => {
  const { engine, lab, messages, queue, runAll } = harness();
  engine.handle({ type: 'reset' });
  engine.handle({ type: 'train' });
  runAll(2); // two chunks trained
  assert.equal(lab.steps, 2 * CHUNK);
  const before = messages.length;
  engine.handle({ type: 'step' });
  const after = messages.slice(before);
  assert.deepEqual(after.map((m) => m.type), ['running', 'progress'], 'the pause is announced before the step');
  assert.equal(after[0].running, false);
  assert.equal(after[0].reason, 'paused');
  assert.equal(after[1].steps, 2 * CHUNK + STEP_SIZE);
  runAll(); // whatever the loop had scheduled runs now
  assert.equal(lab.steps, 2 * CHUNK + STEP_SIZE, 'no chunk trained after the step');
  assert.equal(queue.length, 0, 'nothing left scheduled');
  assert.equal(messages.length, before + 2);
});

test('Step while paused trains STEP_SIZE steps and announces no pause', () => {
  const { engine, lab, messages } = harness();
  engine.handle({ type: 'reset' });
  const before = messages.length;
  engine.handle({ type: 'step' });
  assert.deepEqual(messages.slice(before).map((m) => m.type), ['progress']);
  assert.equal(lab.steps, STEP_SIZE);
});

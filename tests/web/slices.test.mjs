// web/shared/slices.js: a long loop (the scale lab's heat map) runs in slices, a task each, none
// longer than its budget, in order, and a cancelled one never finishes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inSlices, SLICE_MS } from '../../web/shared/slices.js';

// A fake clock and task queue: each step costs `cost` ms; later() queues a task.
function harness(cost) {
  let clock = 0;
  const tasks = [];
  return {
    now: () => clock,
    later: (fn) => { tasks.push(fn); },
    step: () => { clock += cost; },
    run() { // runs the queued tasks one by one; returns how many ran
      let count = 0;
      while (tasks.length) { tasks.shift()(); count++; }
      return count;
    },
  };
}

test('every step runs once, in order, in slices of at most the budget, each a task of its own', () => {
  const h = harness(1);
  const seen = [];
  let slices = 0;
  let sliceStart = 0;
  const lengths = [];
  let done = 0;
  inSlices(20, (i) => {
    seen.push(i);
    h.step();
  }, () => { done++; }, { budgetMs: 6, now: h.now, later: (fn) => h.later(() => {
    if (slices > 0) lengths.push(h.now() - sliceStart);
    slices++;
    sliceStart = h.now();
    fn();
  }) });
  assert.deepEqual(seen, [], 'the caller\'s task only starts the slices');
  const tasks = h.run();
  lengths.push(h.now() - sliceStart);
  assert.deepEqual(seen, [...Array(20).keys()]);
  assert.equal(done, 1);
  assert.equal(tasks, 4); // 6 + 6 + 6 + 2 steps of 1 ms
  assert.ok(lengths.every((ms) => ms <= 6), `slice lengths ${lengths}`);
});

test('a cancelled loop runs no further step and never calls done', () => {
  const h = harness(2);
  const seen = [];
  let done = 0;
  const cancel = inSlices(10, (i) => { seen.push(i); h.step(); if (i === 4) cancel(); }, () => { done++; },
    { budgetMs: 5, now: h.now, later: h.later });
  h.run();
  assert.equal(done, 0);
  assert.deepEqual(seen, [0, 1, 2, 3, 4]);
  const before = inSlices(3, () => {}, () => { done++; }, { now: h.now, later: h.later });
  before(); // cancelled before its first task
  h.run();
  assert.equal(done, 0);
});

test('the default budget keeps a slice well inside a long task on a 4x slower phone', () => {
  assert.ok(SLICE_MS * 4 < 50, `${SLICE_MS} ms`);
});

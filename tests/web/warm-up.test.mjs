// web/views/widget/warm-up.js: a core's first call, made once per core per page, in a task of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { queueWarmUp } from '../../web/views/widget/warm-up.js';

const tasks = () => new Promise((resolve) => setTimeout(resolve, 120)); // near.js: a 50 ms wait per render in node

test('queueWarmUp calls attend once per core, later, with the state of that moment', async () => {
  const calls = [];
  const core = { attend: (state) => calls.push(state) };
  const model = { state: { tokens: ['a'] } };
  queueWarmUp(core, model, undefined);
  queueWarmUp(core, model, undefined);
  assert.equal(calls.length, 0); // not in the caller's task
  model.state = { tokens: ['b'] };
  await tasks();
  assert.deepEqual(calls, [{ tokens: ['b'] }]);
  queueWarmUp(core, model, undefined);
  await tasks();
  assert.equal(calls.length, 1);
});

test('a core that refuses the warm-up call throws nothing at anyone', async () => {
  const core = { attend: () => { throw new Error('bad example'); } };
  queueWarmUp(core, { state: {} }, undefined);
  await tasks();
  const other = { calls: 0, attend() { this.calls++; } };
  queueWarmUp(other, { state: {} }, undefined);
  await tasks();
  assert.equal(other.calls, 1); // the queue goes on after a refusal
});

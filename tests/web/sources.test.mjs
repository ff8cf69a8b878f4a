// The source queue both example-owning elements use (web/widget/sources.js): changes batched
// into one transition per microtask, nothing before start(), the first flush a full load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SourceQueue } from '../../web/widget/sources.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function recorder() {
  const calls = [];
  return { calls, queue: new SourceQueue(({ first, dirty }) => calls.push({ first, dirty: [...dirty].sort() })) };
}

test('nothing reaches the model before start(); then one load with everything marked so far', async () => {
  const { calls, queue } = recorder();
  queue.mark('preset');
  await settle();
  assert.deepEqual(calls, []);
  assert.equal(queue.loaded, false);
  assert.equal(queue.start(), true);
  assert.equal(queue.start(), false); // a second connect does not load again
  await settle();
  assert.deepEqual(calls, [{ first: true, dirty: ['preset'] }]);
  assert.equal(queue.loaded, true);
});

test('changes in one task are one transition; later ones another, never a second load', async () => {
  const { calls, queue } = recorder();
  queue.start();
  await settle();
  for (const name of ['causal', 'scaled', 'temperature', 'causal']) queue.mark(name);
  await settle();
  queue.mark('config');
  await settle();
  assert.deepEqual(calls, [
    { first: true, dirty: [] },
    { first: false, dirty: ['causal', 'scaled', 'temperature'] },
    { first: false, dirty: ['config'] },
  ]);
});

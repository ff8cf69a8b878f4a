// web/shared/near.js: renders run one per task, in order within a lane, and the renders of
// elements near the viewport go before those of elements rendered only because the page was idle.
import { test } from 'node:test';
import assert from 'node:assert/strict';

// What near.js reads of a browser: an IntersectionObserver that never reports (nothing on screen),
// a loaded document and an idle callback.
globalThis.IntersectionObserver = class { observe() {} disconnect() {} };
globalThis.document = { readyState: 'complete' };
globalThis.requestIdleCallback = (callback) => setTimeout(callback, 0);
const { continueRender, queueRender, whenNear } = await import('../../web/shared/near.js');

const drained = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

test('an off-screen element\'s renders wait behind a near element\'s, each lane in order', async () => {
  const far = {}, near = {};
  await whenNear(far); // resolved by the idle page: far is off screen
  const order = [];
  queueRender(() => order.push('far 1'), far);
  queueRender(() => order.push('far 2'), far);
  queueRender(() => order.push('near 1'), near);
  queueRender(() => order.push('near 2'));
  await drained();
  assert.deepEqual(order, ['near 1', 'near 2', 'far 1', 'far 2']);
});

test('a render under way continues before the rest of its lane, and a near render goes before both', async () => {
  const far = {}, near = {};
  await whenNear(far);
  const order = [];
  queueRender(() => {
    order.push('far starts');
    continueRender(() => order.push('far goes on'), far);
    queueRender(() => order.push('near'), near); // a reader scrolled to another widget meanwhile
  }, far);
  queueRender(() => order.push('far next'), far);
  await drained();
  assert.deepEqual(order, ['far starts', 'near', 'far goes on', 'far next']);
});

// A page whose frames stop (a hidden tab, an iframe out of view): the queue goes on without them.
async function renderTimes(visibility) {
  document.visibilityState = visibility;
  globalThis.requestAnimationFrame = () => {};
  const times = [];
  for (let i = 0; i < 3; i++) queueRender(() => times.push(performance.now()));
  await drained(600);
  delete globalThis.requestAnimationFrame;
  delete document.visibilityState;
  return times;
}

for (const visibility of ['hidden', 'visible']) {
  test(`in a ${visibility} page where frames stop (a hidden tab, an iframe out of view), the renders go on`, async () => {
    assert.equal((await renderTimes(visibility)).length, 3);
  });
}

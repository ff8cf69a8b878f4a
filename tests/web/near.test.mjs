// web/shared/near.js: renders run one per task, in order (a render under way continues first),
// and an element that never comes near is never rendered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// What near.js reads of a browser: an IntersectionObserver that reports when told to, and the
// window's events (a print).
const observers = new Set();
globalThis.IntersectionObserver = class {
  // Targets held weakly, as a browser's observer holds them.
  constructor(report) { this.report = report; this.targets = new WeakSet(); observers.add(this); }
  observe(target) { this.targets.add(target); }
  unobserve(target) { this.targets.delete(target); }
  disconnect() { this.targets = new WeakSet(); }
};
const observed = (target) => [...observers].some((observer) => observer.targets.has(target));
const comesNear = (target) => {
  for (const observer of observers) if (observer.targets.has(target)) observer.report([{ target, isIntersecting: true }]);
};
const windowEvents = new EventTarget();
globalThis.addEventListener = windowEvents.addEventListener.bind(windowEvents);
globalThis.removeEventListener = windowEvents.removeEventListener.bind(windowEvents);
const print = () => windowEvents.dispatchEvent(new Event('beforeprint'));
globalThis.document = {};
const { continueRender, queueRender, whenNear } = await import('../../web/shared/near.js');

const drained = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));
const settled = (promise) => Promise.race([promise.then(() => true), drained(300).then(() => false)]);

test('an element off screen is not rendered until it comes near', async () => {
  const far = {};
  const near = whenNear(far);
  assert.equal(await settled(near), false, 'resolved while off screen');
  comesNear(far);
  assert.equal(await settled(near), true);
  assert.equal(observed(far), false, 'still observed after coming near');
});

test('a print renders the elements off screen, one asked for twice included', async () => {
  const far = [{}, {}];
  const near = Promise.all([...far.map(whenNear), whenNear(far[0])]);
  print();
  assert.equal(await settled(near), true);
  assert.equal(far.some(observed), false, 'still observed after the print');
});

test('an element removed before it comes near is not kept alive by the wait', async () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  let far = {};
  whenNear(far).then(() => far); // the render it waits for, as an element's own
  const ref = new WeakRef(far);
  far = null;
  for (let i = 0; i < 3 && ref.deref(); i++) {
    await drained(10); // a WeakRef holds its target until the end of the job that made it
    gc();
  }
  assert.equal(ref.deref(), undefined, 'kept alive');
  print(); // and a print after it finds nothing to render
});

test('renders run in the order they were queued, one per task', async () => {
  const order = [];
  queueRender(() => order.push('first'));
  queueRender(() => order.push('second'));
  queueRender(() => order.push('third'));
  await drained();
  assert.deepEqual(order, ['first', 'second', 'third']);
});

test('a render under way continues before the renders queued after it', async () => {
  const order = [];
  queueRender(() => {
    order.push('starts');
    continueRender(() => order.push('goes on'));
    queueRender(() => order.push('queued meanwhile'));
  });
  queueRender(() => order.push('queued next'));
  await drained();
  assert.deepEqual(order, ['starts', 'goes on', 'queued next', 'queued meanwhile']);
});

test('a render under way off screen (behind) continues after the renders queued before it', async () => {
  const order = [];
  queueRender(() => {
    order.push('starts');
    continueRender(() => order.push('goes on, behind'), { behind: true });
  });
  queueRender(() => order.push('queued next'));
  await drained();
  assert.deepEqual(order, ['starts', 'queued next', 'goes on, behind']);
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

// Hardening round 3: printing builds every element at once (web/shared/near.js). The print lays
// the page out as soon as beforeprint returns (before promises settle, when a script called
// print()), so an element still waiting to come near is started inside beforeprint, and every
// render queued by then, or by those starts, runs before it returns. In node with a stand-in
// IntersectionObserver and window events, as tests/web/near.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const observers = []; // near.js makes one, on the first wait
globalThis.IntersectionObserver = class {
  constructor(report) { this.report = report; observers.push(this); }
  observe() {}
  unobserve() {}
};
const windowEvents = new EventTarget();
globalThis.addEventListener = windowEvents.addEventListener.bind(windowEvents);
globalThis.removeEventListener = windowEvents.removeEventListener.bind(windowEvents);
globalThis.document = {};
const { continueRender, queueRender, whenNear, whilePrintable } = await import('../../web/shared/near.js');
const { startWhenNear } = await import('../../web/shared/controllers/start-near.js');
const { ElementBase } = await import('../../web/shared/element.js');

const print = () => windowEvents.dispatchEvent(new Event('beforeprint'));
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// An element with a start-when-near, connected, a task on (when its wait begins): its starts recorded.
class Host extends ElementBase {
  isConnected = false;
  connect() { this.isConnected = true; this.connectedCallback(); }
}
async function connectedHost() {
  const host = new Host();
  const starts = [];
  startWhenNear(host, { start: (first, printing) => starts.push([first, printing]) });
  host.connect();
  await nextTask();
  return { host, starts };
}

test('a print starts each waiting element inside beforeprint, and runs every queued render', async () => {
  const far = {};
  const order = [];
  whenNear(far, { printNow: () => {
    order.push('started');
    queueRender(() => {
      order.push('built');
      continueRender(() => order.push('revealed'), far);
    }, far);
  } });
  queueRender(() => order.push('a render queued before'));
  print();
  assert.deepEqual(order, ['started', 'a render queued before', 'built', 'revealed'],
    'what the printout needs, built before beforeprint returned');
  await nextTask();
  assert.deepEqual(order.length, 4, 'nothing runs twice');
});

test('an element\'s start-when-near gets start(true, true) inside beforeprint, once', async () => {
  const { host, starts } = await connectedHost();
  print();
  assert.deepEqual(starts, [[true, true]]);
  for (let i = 0; i < 3; i += 1) await nextTask();
  assert.deepEqual(starts, [[true, true]], 'the wait\'s own start finds it started');
});

test('a print in the task between "came near" and its render still builds that element', async () => {
  const { host, starts } = await connectedHost();
  observers[0].report([{ target: host, isIntersecting: true }]); // came near: its render is a task away
  print(); // ... and the print comes first
  assert.deepEqual(starts, [[true, true]], 'built inside beforeprint');
  for (let i = 0; i < 3; i += 1) await nextTask();
  assert.deepEqual(starts, [[true, true]], 'and only once');
});

test('whilePrintable: called once inside the next beforeprint, never after its cancel', () => {
  const calls = [];
  whilePrintable(() => calls.push('kept'));
  const cancel = whilePrintable(() => calls.push('cancelled'));
  cancel();
  print();
  print();
  assert.deepEqual(calls, ['kept']);
});

test('a render run by the print that adds a print hook has that hook run in the same beforeprint', () => {
  const calls = [];
  queueRender(() => {
    calls.push('started');
    whilePrintable(() => calls.push('built'));
  });
  print();
  assert.deepEqual(calls, ['started', 'built']);
});

// The controllers every element adds to itself (web/shared/controllers/), with ElementBase calling
// their hooks: the message line (each message an attention-error event once, when it first comes
// on the line), start-when-near (once near, in a render task; stopped on disconnect, started again
// at once on reconnect), in node with a stand-in IntersectionObserver, as tests/web/near.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const observers = new Set();
globalThis.IntersectionObserver = class {
  constructor(report) { this.report = report; this.targets = new Set(); observers.add(this); }
  observe(target) { this.targets.add(target); }
  unobserve(target) { this.targets.delete(target); }
};
const comesNear = (target) => {
  for (const observer of observers) if (observer.targets.has(target)) observer.report([{ target, isIntersecting: true }]);
};
globalThis.addEventListener ??= () => {};
globalThis.Event ??= class {};
const { ElementBase } = await import('../../web/shared/element.js');
const { createMessageLine, problemsOf } = await import('../../web/shared/controllers/message-line.js');
const { startWhenNear } = await import('../../web/shared/controllers/start-near.js');

const settle = (ms = 120) => new Promise((resolve) => setTimeout(resolve, ms));

// An element in node: ElementBase over an empty class, with isConnected as a page would set it.
class Host extends ElementBase {
  isConnected = false;
  events = [];
  dispatchEvent(event) { this.events.push(`${event.code}: ${event.message}`); }
  connect() { this.isConnected = true; this.connectedCallback(); }
  disconnect() { this.isConnected = false; this.disconnectedCallback(); }
}

test('ElementBase calls each controller on connect and disconnect; one added while connected, at once', () => {
  const host = new Host();
  const calls = [];
  host.addController({ hostConnected: () => calls.push('a+'), hostDisconnected: () => calls.push('a-') });
  assert.deepEqual(calls, [], 'not connected yet');
  assert.equal(host.connectionSignal, null);
  host.connect();
  const signal = host.connectionSignal;
  host.addController({ hostConnected: () => calls.push('b+') });
  host.disconnect();
  assert.deepEqual(calls, ['a+', 'b+', 'a-']);
  assert.equal(signal.aborted, true, 'the connection\'s listeners go on disconnect');
});

test('the message line: problems under keys, each message an event once, when it first shows', () => {
  const host = new Host();
  const node = { hidden: true, textContent: '' };
  const line = createMessageLine(host, node);
  line.report('n', [{ code: 'bad_attribute', message: 'n is wrong.' }]);
  line.report('dk', [{ code: 'bad_attribute', message: 'dk is wrong.' }]);
  assert.deepEqual([node.hidden, node.textContent], [false, 'n is wrong. dk is wrong.']);
  line.report('n', [{ code: 'bad_attribute', message: 'n is wrong.' }]); // the same again: no second event
  line.set('dk', []);
  assert.equal(line.has('dk'), false);
  assert.equal(node.textContent, 'n is wrong. dk is wrong.', 'set() alone shows nothing yet');
  line.show();
  assert.equal(node.textContent, 'n is wrong.');
  line.report('n', []);
  assert.deepEqual([node.hidden, node.textContent], [true, '']);
  line.report('n', [{ code: 'bad_attribute', message: 'n is wrong.' }]); // back after it went: news again
  assert.deepEqual(host.events, ['bad_attribute: n is wrong.', 'bad_attribute: dk is wrong.', 'bad_attribute: n is wrong.']);
  assert.deepEqual(problemsOf({ ok: false, code: 'x', message: 'refused', notes: [{ code: 'y', message: 'note' }] }),
    [{ code: 'y', message: 'note' }, { code: 'x', message: 'refused' }]);
});

test('start when near: nothing until the element comes near; stopped on disconnect; at once when back', async () => {
  const host = new Host();
  const calls = [];
  const near = startWhenNear(host, { start: (first) => calls.push(first ? 'first start' : 'start'), stop: () => calls.push('stop') });
  host.connect();
  await settle();
  assert.deepEqual(calls, [], 'off screen: not started');
  host.disconnect();
  assert.deepEqual(calls, [], 'never started: nothing to stop');
  host.connect();
  comesNear(host);
  await settle();
  assert.deepEqual(calls, ['first start'], 'one start, in a task after it came near');
  assert.equal(near.near, true);
  host.disconnect();
  host.connect();
  assert.deepEqual(calls, ['first start', 'stop', 'start'], 'back on the page: started at once');
});

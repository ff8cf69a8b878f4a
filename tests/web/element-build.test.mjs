// ElementBase's lifecycle (web/shared/element.js): an upgrade builds nothing; an element's setUp()
// runs in a task of its own after it connects, or at once when a public member calls build(); then
// its attributes are replayed as an upgrade gives them, its controllers connect and connected(true)
// runs. An element without a setUp() builds as it connects. Checked in node, against a log of the
// calls an element would see, written by hand (no code under test computes what is expected).
import { test } from 'node:test';
import assert from 'node:assert/strict';

const { ElementBase } = await import('../../web/shared/element.js');

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

// An element in node: ElementBase over an empty class; attributes and isConnected as a page sets them.
class Host extends ElementBase {
  static observedAttributes = ['preset', 'asker'];
  isConnected = false;
  attributes = [];
  log = [];
  constructor() {
    super();
    this.addController({ hostConnected: () => this.log.push('controller+'), hostDisconnected: () => this.log.push('controller-') });
  }
  setUp() { this.log.push('setUp'); }
  connected(first) { this.log.push(`connected(${first})`); }
  disconnected() { this.log.push('disconnected'); }
  attributeChanged(name, oldValue, newValue) { this.log.push(`${name}: ${oldValue} -> ${newValue}`); }
  // What a page does: set an attribute (the callback comes whether or not the element is built).
  set(name, value) {
    const old = this.attributes.find((a) => a.name === name);
    const oldValue = old ? old.value : null;
    if (old) old.value = value;
    else this.attributes.push({ name, value });
    this.attributeChangedCallback(name, oldValue, value);
  }
  connect() { this.isConnected = true; this.connectedCallback(); }
  disconnect() { this.isConnected = false; this.disconnectedCallback(); }
}

test('an upgrade builds nothing; the set-up comes a task later, with the attributes an upgrade gives, then the connect', async () => {
  const host = new Host();
  host.set('asker', 'cat');
  host.set('theme', 'dark'); // not observed: never told
  host.set('preset', 'river-bank');
  host.set('asker', 'sat');  // changed again before it was built: told once, as it is now
  host.connect();
  assert.deepEqual(host.log, [], 'nothing in the task that upgraded and connected it');
  await aTask();
  assert.deepEqual(host.log, ['setUp', 'asker: null -> sat', 'preset: null -> river-bank', 'controller+', 'connected(true)']);
});

test('a public member builds it at once (build()); the task queued at connect builds nothing more', async () => {
  const host = new Host();
  host.set('preset', 'cat-sat');
  host.connect();
  host.build();
  assert.deepEqual(host.log, ['setUp', 'preset: null -> cat-sat', 'controller+', 'connected(true)']);
  host.build();
  await aTask();
  assert.equal(host.log.length, 4, 'built once, connected once');
});

test('built while not connected: set up, and connected only when it connects', () => {
  const host = new Host();
  host.build();
  assert.deepEqual(host.log, ['setUp']);
  host.connect();
  assert.deepEqual(host.log, ['setUp', 'controller+', 'connected(true)'], 'built already: connected at once');
});

test('once built, a change is told with its old value; a change to the same value is told nothing', () => {
  const host = new Host();
  host.build();
  host.set('asker', 'cat');
  host.set('asker', 'cat');
  host.set('asker', 'sat');
  assert.deepEqual(host.log, ['setUp', 'asker: null -> cat', 'asker: cat -> sat']);
});

test('removed before its task: not built, nothing told; put back, built a task later', async () => {
  const host = new Host();
  host.connect();
  host.disconnect();
  await aTask();
  assert.deepEqual(host.log, [], 'gone when its task came: nothing built, no disconnect told');
  host.connect();
  await aTask();
  assert.deepEqual(host.log, ['setUp', 'controller+', 'connected(true)']);
  host.disconnect();
  host.connect();
  assert.deepEqual(host.log.slice(3), ['controller-', 'disconnected', 'controller+', 'connected(false)']);
});

test('an element without a setUp() builds as it connects', () => {
  class Plain extends Host {}
  Plain.prototype.setUp = undefined;
  const host = new Plain();
  host.set('preset', 'cat-sat');
  assert.deepEqual(host.log, [], 'not built before it connects');
  host.connect();
  assert.deepEqual(host.log, ['preset: null -> cat-sat', 'controller+', 'connected(true)']);
});

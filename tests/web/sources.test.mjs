// What both example-owning elements read from their DOM (web/shared/controllers/dom-sources.js):
// changes batched into one transition per microtask, nothing before the element connects, the
// first flush a full load with every source; and a config set before the upgrade is routed
// through the element's setter.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readDomSources } from '../../web/shared/controllers/dom-sources.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

// A stand-in element: attributes, an optional JSON child, and the controller hooks ElementBase calls.
function host({ attributes = {}, json = null } = {}) {
  const controllers = [];
  return {
    attributes,
    getAttribute: (name) => attributes[name] ?? null,
    querySelector: (selector) => (selector.includes('application/json') && json !== null ? { textContent: json } : null),
    addController: (c) => controllers.push(c),
    connect: () => controllers.forEach((c) => c.hostConnected?.()),
  };
}

function recorder(element, link = () => null) {
  const calls = [];
  const sources = readDomSources(element, { attributes: ['causal', 'temperature'], link,
    apply: ({ first, dirty, sources: read }) => calls.push({ first, dirty: [...dirty].sort(), read }) });
  return { calls, sources };
}

test('nothing reaches the model before the element connects; then one load with every source', async () => {
  const element = host({ attributes: { preset: 'river-bank', temperature: '2' }, json: '{"tokens":["a"]}' });
  const { calls, sources } = recorder(element, () => '1.abc');
  sources.mark('preset');
  await settle();
  assert.deepEqual(calls, []);
  assert.equal(sources.started, false);
  element.connect();
  element.connect(); // connected again: no second load
  await settle();
  assert.equal(calls.length, 1);
  assert.deepEqual(calls[0].first, true);
  assert.deepEqual(calls[0].read, { link: '1.abc', config: undefined, hasConfig: false, json: '{"tokens":["a"]}',
    preset: 'river-bank', attributes: { causal: null, temperature: '2' } });
  assert.equal(sources.loaded, true);
});

test('changes in one task are one transition; later ones another, never a second load', async () => {
  const element = host();
  let linkReads = 0;
  const { calls, sources } = recorder(element, () => { linkReads += 1; return null; });
  element.connect();
  await settle();
  for (const name of ['causal', 'temperature', 'causal']) sources.mark(name);
  await settle();
  sources.setConfig({ tokens: ['x'] });
  await settle();
  assert.deepEqual(calls.map(({ first, dirty }) => ({ first, dirty })), [
    { first: true, dirty: [] },
    { first: false, dirty: ['causal', 'temperature'] },
    { first: false, dirty: ['config'] },
  ]);
  assert.deepEqual(calls[2].read.config, { tokens: ['x'] });
  assert.equal(calls[2].read.hasConfig, true);
  assert.equal(linkReads, 1, 'the link is read for the load only (finding a key may walk the page)');
});

test('a config set on the element before it was upgraded goes through its setter when it connects', () => {
  const seen = [];
  const element = Object.assign(Object.create({ set config(value) { seen.push(value); } }), host());
  // Before the upgrade the class's setter was not there: the value sits on the instance.
  Object.defineProperty(element, 'config', { value: { tokens: ['early'] }, writable: true, configurable: true, enumerable: true });
  const { sources } = recorder(element);
  element.connect();
  assert.deepEqual(seen, [{ tokens: ['early'] }]);
  assert.equal(Object.hasOwn(element, 'config'), false);
  assert.equal(sources.started, true);
});

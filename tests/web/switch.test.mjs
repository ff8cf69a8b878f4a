// web/model/switch.js: a widget showing a shared example computes nothing of its own; its own
// model gets the core's compute when it is in use again. The models are stand-ins that record calls.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createModelSwitch } from '../../web/model/switch.js';

function stubModel(name) {
  const listeners = new Set();
  return {
    name, computes: [], result: null, state: {},
    setCompute(compute) {
      this.computes.push(compute);
      this.result = { from: name };
      for (const l of listeners) l({ reason: 'load' });
      return { ok: true, notes: [] };
    },
    subscribe(listener) { listeners.add(listener); return () => listeners.delete(listener); },
  };
}

test('setCompute is held while a shared model is in use, and handed over when the own one is back', () => {
  const own = stubModel('own');
  const shared = stubModel('shared');
  shared.result = { from: 'shared' };
  const model = createModelSwitch(own);
  const heard = [];
  model.subscribe((event) => heard.push(event.model?.name ?? 'relayed'));
  model.use(shared);
  const compute = () => ({});
  assert.deepEqual(model.setCompute(compute), { ok: true, notes: [] });
  assert.equal(own.computes.length, 0, 'nothing of its own computed while the shared example is shown');
  heard.length = 0;
  model.use(null);
  assert.deepEqual(own.computes, [compute]);
  assert.deepEqual(heard, ['own'], 'one load event for the own model, not two');
  model.use(shared);
  model.use(null);
  assert.equal(own.computes.length, 1, 'handed over once');
});

test('with its own model in use, setCompute goes straight to it', () => {
  const own = stubModel('own');
  const model = createModelSwitch(own);
  const compute = () => ({});
  model.setCompute(compute);
  assert.deepEqual(own.computes, [compute]);
});

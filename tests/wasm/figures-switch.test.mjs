// A widget's model switch (web/model/switch.js) in node, on real example models and
// the real core: a widget's own sources never reach a shared example; edits, state and
// events come from the model in use; switching tells the subscribers once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { createExampleModel } from '../../web/model/example.js';
import { createModelSwitch } from '../../web/model/switch.js';

const attn = await loadAttention();
const compute = (state) => attn.attend(state);
const NO_ATTRIBUTES = { causal: null, scaled: null, temperature: null, asker: null };

function setUp() {
  const own = createExampleModel();
  own.load({ preset: 'river-bank', attributes: NO_ATTRIBUTES });
  own.setCompute(compute);
  const shared = createExampleModel();
  shared.load({ preset: 'cat-sat', attributes: NO_ATTRIBUTES });
  shared.setCompute(compute);
  const view = createModelSwitch(own);
  const heard = [];
  view.subscribe(({ reason, state }) => heard.push(`${reason}:${state.tokens[0]}`));
  return { own, shared, view, heard };
}

test('own model until switched; then state, edits and events are the shared one\'s', () => {
  const { own, shared, view, heard } = setUp();
  assert.equal(view.state.tokens.join(' '), 'we fished from the river bank');
  assert.equal(view.shared, null);
  view.use(shared);
  assert.equal(view.shared, shared);
  assert.deepEqual(heard, ['load:the']); // one repaint for the new example
  assert.equal(view.result.weights[2][1].toFixed(2), '0.67');
  assert.equal(view.edit('wq', 0, 0, 3).ok, true);
  assert.equal(shared.state.wq[0][0], 3);
  assert.equal(own.state.wq[0][0], 1); // the widget's own example is untouched
  assert.deepEqual(heard, ['load:the', 'edit:the']);
  // A change made by another view of the shared model reaches this one's subscribers.
  shared.setSwitch('causal', true);
  assert.deepEqual(heard.at(-1), 'switch:the');
  // The own model's changes are not heard while the shared one is in use.
  own.setSwitch('scaled', true);
  assert.equal(heard.length, 3);
});

test('a widget\'s own sources and its core go to its own model, never to the shared example', () => {
  const { own, shared, view } = setUp();
  view.use(shared);
  view.edit('wq', 0, 0, 3);
  const before = JSON.stringify(shared.state);
  view.setAttributes({ ...NO_ATTRIBUTES, temperature: '5' });
  view.setPreset('it-vase');
  view.setCompute(compute); // a late view's core arriving: the shared example must not start over
  assert.equal(JSON.stringify(shared.state), before);
  assert.equal(own.state.tokens[0], 'The');
  assert.equal(own.state.temperature, 5);
});

test('switching back to its own model, and to the same model again, behaves', () => {
  const { own, shared, view, heard } = setUp();
  view.use(shared);
  view.use(shared);
  assert.equal(heard.length, 1);
  view.use(null);
  assert.equal(view.shared, null);
  assert.equal(view.state, own.state);
  assert.deepEqual(heard, ['load:the', 'load:we']);
  shared.setSwitch('causal', true);
  assert.equal(heard.length, 2);
});

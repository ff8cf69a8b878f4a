// The shared helpers every element uses (web/shared/): boolean words, the element
// convention's define(), the two-decimal true-minus text and the 1-2-5 steps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBoolean } from '../../web/shared/booleans.js';
import { defineElement, ElementBase } from '../../web/shared/element.js';
import { compact, fixed2, MINUS } from '../../web/shared/numbers.js';
import { niceStep, niceTicks } from '../../web/shared/axes.js';
import { AttentionWidget } from '../../web/attention-widget.js';
import { AttentionScaleElement } from '../../web/attention-scale.js';

test('boolean words: absent = the default; on and off words in any case; anything else = the default and a message', () => {
  const cases = [
    [null, false, false, null], [null, true, true, null],
    ['', false, true, null], ['true', false, true, null], ['ON', false, true, null], ['1', false, true, null],
    [' yes ', false, true, null], ['false', true, false, null], ['Off', true, false, null], ['0', true, false, null],
    ['no', true, false, null], ['maybe', true, true, 'causal="maybe" is not true or false; using causal = true.'],
    ['2', false, false, 'causal="2" is not true or false; using causal = false.'],
  ];
  for (const [raw, fallback, value, message] of cases)
    assert.deepEqual(parseBoolean('causal', raw, fallback), { value, message }, `raw ${JSON.stringify(raw)}`);
  assert.ok(parseBoolean('causal', 'x'.repeat(1000), false).message.length < 80, 'a long value is quoted cut');
});

class FakeRegistry {
  map = new Map();
  get(tag) { return this.map.get(tag); }
  define(tag, cls) {
    if ([...this.map.values()].includes(cls)) throw Object.assign(new Error('already used'), { name: 'NotSupportedError' });
    this.map.set(tag, cls);
  }
}

test('define: a no-op without a registry, idempotent, and a second name gets a subclass', () => {
  class X extends ElementBase {}
  assert.equal(defineElement(X, 'x-a', undefined), X);
  const registry = new FakeRegistry();
  assert.equal(defineElement(X, 'x-a', registry), X);
  assert.equal(defineElement(X, 'x-a', registry), X);
  const other = defineElement(X, 'x-b', registry);
  assert.notEqual(other, X);
  assert.ok(other.prototype instanceof X);
});

test('both elements follow the convention: static define(tag, registry) returning the registered class', () => {
  for (const [cls, tag] of [[AttentionWidget, 'attention-widget'], [AttentionScaleElement, 'attention-scale']]) {
    const registry = new FakeRegistry();
    assert.equal(cls.define(undefined, registry), cls);
    assert.equal(registry.get(tag), cls);
    assert.equal(cls.define(tag, registry), cls);
    assert.equal(cls.define(tag, null), cls, 'no registry: a no-op');
  }
});

test('two decimals with a true minus, and −0.001 prints as 0.00 (never "−0.00")', () => {
  const cases = [[0.665, '0.67'], [-1, `${MINUS}1.00`], [-0.001, '0.00'], [-0.004999, '0.00'], [-0.005001, `${MINUS}0.01`],
    [Infinity, 'too large to print'], [-Infinity, `${MINUS}∞`], [NaN, 'not a number']];
  for (const [x, text] of cases) assert.equal(fixed2(x), text, String(x));
  assert.equal(compact(-0.001), '0');
  assert.equal(compact(1.4142), '1.41');
  assert.equal(compact(-2), `${MINUS}2`);
});

test('1-2-5 steps and ticks', () => {
  assert.deepEqual([0.3, 1, 1.5, 3, 7, 40].map(niceStep), [0.5, 1, 2, 5, 10, 50]);
  assert.deepEqual(niceTicks(7, 4), [0, 2, 4, 6, 8]);
  assert.deepEqual(niceTicks(0), [0, 1]);
});

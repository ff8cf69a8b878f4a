// Name tables are read by own property only: a name every object has ("__proto__",
// "constructor", "toString", ...) is an unknown name with the usual message, never a crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { presetState } from '../../web/model/presets.js';
import { makeInputs } from '../../web/views/scale/inputs.js';

const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__lookupGetter__'];

test('presets: inherited names are no preset', () => {
  for (const name of INHERITED) assert.equal(presetState(name), null, name);
  assert.equal(presetState('cat-sat').tokens.length, 3);
});

test('the scale lab\'s input kinds: inherited names are unknown inputs', () => {
  for (const input of INHERITED)
    assert.throws(() => makeInputs({ n: 4, d: 2, input }), new RegExp(`^Error: unknown input "${input}"; use one of random`), input);
  assert.equal(makeInputs({ n: 4, d: 2, input: 'random' }).Q.length, 8);
});

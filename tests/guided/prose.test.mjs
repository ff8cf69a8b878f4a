// Prose that cannot go stale: <attention-value of="asker"> and of="top TOKEN" (web/views/figures/of.js)
// and the `when` grammar of <attention-if> (web/views/figures/when.js), against the real core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { presetState } from '../../web/model/presets.js';
import { formatValue, lookUp, parseOf, resolveOf } from '../../web/views/figures/of.js';
import { evaluateWhen, parseWhen } from '../../web/views/figures/when.js';

const attn = await loadAttention();
const base = presetState('cat-sat');
const value = (of, state = base) => {
  const ref = resolveOf(parseOf(of), state.tokens, state.asker);
  assert.ok(ref.ok, ref.message);
  return formatValue(lookUp(ref, attn.attend(state), state));
};
const when = (text, state = base) => {
  const r = evaluateWhen(parseWhen(text), state, attn.attend(state));
  assert.ok(r.ok, r.message);
  return r.value;
};

test('of="asker": the shared asker\'s word, following the asker', () => {
  assert.equal(value('asker'), 'sat');
  assert.equal(value('asker', { ...base, asker: 1 }), 'cat');
  assert.match(parseOf('asker sat').message, /"asker" takes no names/);
  // The word asker as a name: the shared asker's numbers.
  assert.equal(value("query asker", { ...base, asker: 1 }), "[0.00, 2.00]");
  assert.equal(value('share asker cat'), '0.67');
});

test('of="top TOKEN": the key with the largest printed share; a tie said as a tie', () => {
  assert.equal(value('top sat'), 'cat');
  assert.equal(value('top the'), 'the and cat'); // 0.47 and 0.47
  assert.equal(value('top cat'), 'cat and sat'); // 0.50 and 0.50
  assert.equal(value('top asker'), 'cat');
  assert.equal(value('top asker', { ...base, asker: 0 }), 'the and cat');
  // The mask: the first word sees only itself.
  assert.equal(value('top the', { ...base, causal: true }), 'the');
  // Three-way tie: every embedding the same.
  const same = { ...base, embeddings: [[1, 0, 0], [1, 0, 0], [1, 0, 0]] };
  assert.equal(value('top sat', same), 'the, cat and sat');
  assert.match(resolveOf(parseOf('top dog'), base.tokens, 2).message, /asker "dog" is not one of the tokens/);
});

test('when: each clause, "and", case and positions', () => {
  assert.equal(when('asker is sat'), true);
  assert.equal(when('asker is cat'), false);
  assert.equal(when('asker is not cat'), true);
  assert.equal(when('ASKER IS SAT'), true);
  assert.equal(when('asker is 2'), true);
  assert.equal(when('asker is sat', { ...base, asker: 1 }), false);
  assert.equal(when('top sat is cat'), true);
  assert.equal(when('top sat is the'), false);
  assert.equal(when('top the is the') && when('top the is cat'), true, 'a printed tie counts for each key in it');
  assert.equal(when('top asker is cat'), true);
  assert.equal(when('top asker is not cat', { ...base, asker: 0 }), false);
  assert.equal(when('causal off'), true);
  assert.equal(when('causal on', { ...base, causal: true }), true);
  assert.equal(when('scaled on'), false);
  assert.equal(when('asker is sat and causal off'), true);
  assert.equal(when('asker is sat and causal on'), false);
  assert.equal(when('top the is sat', { ...base, causal: true }), false, 'a masked key is never the top');
});

test('when: a condition that cannot be read says why', () => {
  const bad = (text) => parseWhen(text).message;
  assert.match(bad(null), /^when is missing; use "asker is TOKEN"/);
  assert.match(bad('  '), /^when is empty/);
  assert.match(bad('asker sat'), /^"asker sat" is not a condition; use/);
  assert.match(bad('asker is sat or asker is cat'), /is not a condition/);
  assert.match(bad('causal maybe'), /^"causal maybe" is not a condition/);
  assert.match(bad('x'.repeat(300)), /^when is 300 characters long; at most 200 are read$/);
  const r = evaluateWhen(parseWhen('asker is dog'), base, attn.attend(base));
  assert.deepEqual([r.ok, r.message], [false, '"dog" is not one of the tokens (the, cat, sat) nor a position from 0 to 2']);
});

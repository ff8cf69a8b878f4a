// The presets' own notes are true of their numbers (issue 11: the it-vase preset told honestly).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { PRESETS, presetState } from '../../web/model/presets.js';
import en from '../../web/shared/i18n/en.js'; // the presets' notes are messages
import { fixed2 } from '../../web/shared/numbers.js';

const attn = await loadAttention();

test('it-vase: "it" picks vase, and so do The, over, the, because and was, at 0.78', () => {
  const s = presetState('it-vase');
  const r = attn.attend(s);
  const vase = s.tokens.indexOf('vase');
  const top = (i) => r.weights[i].indexOf(Math.max(...r.weights[i]));
  assert.equal(top(s.asker), vase);
  for (const i of [0, 3, 4, 6, 8]) {
    assert.equal(top(i), vase, s.tokens[i]);
    assert.equal(fixed2(r.weights[i][vase]), '0.78', s.tokens[i]);
  }
  assert.match(en['preset.it-vase.note'], /"The", "over", "the", "because" and "was" .* give vase 0\.78/);
});

test('it-hungry: one layer gets it wrong — "it" gives vase 0.87, not the cat', () => {
  const s = presetState('it-hungry');
  const r = attn.attend(s);
  const w = r.weights[s.asker];
  const vase = s.tokens.indexOf('vase');
  assert.equal(w.indexOf(Math.max(...w)), vase);
  assert.equal(fixed2(w[vase]), '0.87');
  assert.ok(w[s.tokens.indexOf('cat')] < 0.01);
  assert.match(en['preset.it-hungry.note'], /"it" gives vase 0\.87, though the hungry one is the cat/);
});

test('every preset with axes names one per embedding number', () => {
  for (const [name, p] of Object.entries(PRESETS)) {
    if (!p.axes) continue;
    assert.equal(p.axes.length, p.embeddings[0].length, name);
  }
});

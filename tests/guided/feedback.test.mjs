// The full widget's cell explanations and causal note, and the tour's arrow layout: pure, from the real core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { presetState } from '../../web/model/presets.js';
import { causalWhy, cellStory } from '../../web/views/guided/feedback.js';
import { chain } from '../../web/views/common/blend.js';
import { frame, viewBox } from '../../web/views/guided/plot.js';

const attn = await loadAttention();

test('a grid cell says how it was made: the dot product, the divisor, the softmax step, the mask', () => {
  const s = presetState('cat-sat');
  const r = attn.attend(s);
  assert.equal(cellStory(s, r, { i: 2, j: 1, shares: false }), 'q_sat · k_cat = 1 × 1 + 1 × 1 = 2.');
  assert.equal(cellStory(s, r, { i: 1, j: 0, shares: false }), 'q_cat · k_the = 0 × 1 + 2 × (−1) = −2.');
  assert.equal(cellStory(s, r, { i: 2, j: 1, shares: true }), 'sat\'s share for cat: e^2 ≈ 7.39, ÷ the row\'s total 11.11 ≈ 0.67.');
  const scaled = attn.attend({ ...s, scaled: true });
  assert.equal(cellStory(s, scaled, { i: 2, j: 1, shares: false }), 'q_sat · k_cat = 1 × 1 + 1 × 1 = 2, ÷ 1.41 = 1.41.');
  const masked = attn.attend({ ...s, causal: true });
  assert.equal(cellStory(s, masked, { i: 0, j: 2, shares: true }), 'the cannot look at sat: sat comes later, and the causal mask blanks it.');
});

test('the causal note speaks only when the asker is the last token', () => {
  const s = presetState('cat-sat');
  assert.match(causalWhy(s), /^sat is the last word, so the mask would hide nothing from it.*\(say, cat\)/);
  assert.match(causalWhy({ ...s, causal: true }), /so the mask hides nothing from it/);
  assert.equal(causalWhy({ ...s, asker: 1 }), '');
  assert.equal(causalWhy({ ...s, tokens: ['one'], asker: 0 }), '');
});

test('arrow layout: scaled values laid tip to tail end at the output; the frame holds every point', () => {
  const s = presetState('cat-sat');
  const r = attn.attend(s);
  const links = chain(r.values, r.weights[2]);
  const end = links.at(-1).to;
  assert.ok(Math.abs(end[0] - r.outputs[2][0]) < 1e-9 && Math.abs(end[1] - r.outputs[2][1]) < 1e-9);
  const masked = attn.attend({ ...s, causal: true });
  assert.equal(chain(masked.values, masked.weights[0]).length, 1, 'masked shares draw no arrow');
  const f = frame([[0, 0], [3, 1], [0, 2], [-1, -4]]);
  for (const [x, y] of [[0, 0], [3, 1], [0, 2], [-1, -4]]) assert.ok(x > f.x && x < f.x + f.w && y > f.y && y < f.y + f.h);
  assert.ok(f.h >= f.w / 2 - 1e-9 && f.h <= f.w + 1e-9);
  assert.match(viewBox(f), /^-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+$/);
});

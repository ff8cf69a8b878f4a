// Captions for the guided steps, from the real core's numbers: the chapter's
// numbers for "the cat sat", and for every preset and random configs, captions
// that are complete and never claim what the numbers contradict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { PRESETS, presetState } from '../../web/model/presets.js';
import { STEPS, resultsFor } from '../../web/views/guided/steps.js';
import { captionFor, topKey, trendOf } from '../../web/views/guided/captions.js';
import { fixed2 } from '../../web/shared/numbers.js';

const attn = await loadAttention();
const attend = (s) => attn.attend(s);
const captions = (state) => {
  const now = attend(state);
  return STEPS.map((s, k) => captionFor(k, state, resultsFor(k, state, now, attend)));
};

test('"the cat sat": every step says the chapter\'s numbers, in order', () => {
  const c = captions(presetState('cat-sat'));
  assert.match(c[0], /sat's query \[1, 1\] meets each key/);
  assert.match(c[0], /cat agrees most: 1 × 1 \+ 1 × 1 = 2\./);
  assert.match(c[1], /cat is loudest \(2\), the quietest \(0\)\. A score of exactly 0/);
  assert.match(c[2], /the 1\.00, cat 7\.39 and sat 2\.72\. Every bar is now positive, and the bigger scores pull far ahead\. Total 11\.11\./);
  assert.match(c[3], /shares the 0\.09, cat 0\.67 and sat 0\.24, summing to 1\.00\. sat pays 67% of its attention to cat \(the exact 0\.665 prints as 0\.67\)\./);
  assert.match(c[4], /cat's value \[3, 1\] keeps 0\.67 of its length; the's shrinks to 0\.09/);
  assert.match(c[5], /o_sat ≈ \[2\.24, 0\.85\]\. It points almost exactly the way cat's value \[3, 1\] does: sat now carries mostly cat\./);
  assert.match(c[6], /dots the embedding x_sat = \[1, 1, 1\], giving q_sat = \[1, 1\]\./);
  assert.match(c[7], /the's row: the 0\.47, cat 0\.47 and sat 0\.06\./);
  assert.match(c[8], /blanks the 3 cells above the diagonal.*the first word, the, now sees only itself \(1\.00\)\. sat is last, so it keeps 0\.67 for cat\./);
  assert.match(c[9], /√2 ≈ 1\.41: the 0\.00, cat 1\.41 and sat 0\.71\. The blend softens: cat's share 0\.67 → 0\.58\./);
});

test('a middle asker hears the mask: its share before and after', () => {
  const state = { ...presetState('cat-sat'), asker: 1 };
  const c = captions(state);
  assert.match(c[8], /cat's share for (itself|sat): 0\.50 before, 0\.98 now\./);
});

// A small deterministic generator: the same random configs on every run.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
function randomState(r) {
  const n = 1 + Math.floor(r() * 8);
  const d = 1 + Math.floor(r() * 4);
  const dk = 1 + Math.floor(r() * 4);
  const dv = 1 + Math.floor(r() * 3);
  const m = (rows, cols) => Array.from({ length: rows }, () => Array.from({ length: cols },
    () => Math.round((r() * 6 - 3) * 2) / 2));
  return {
    tokens: Array.from({ length: n }, (_, k) => `t${k}`), embeddings: m(n, d), wq: m(dk, d), wk: m(dk, d), wv: m(dv, d),
    causal: r() < 0.3, scaled: r() < 0.3, temperature: r() < 0.2 ? 2 : 1, asker: Math.floor(r() * n),
  };
}

test('every preset and 300 random configs: complete captions whose claims hold', () => {
  const r = rng(11);
  const states = [...Object.keys(PRESETS).map(presetState), ...Array.from({ length: 300 }, () => randomState(r))];
  for (const state of states) {
    const c = captions(state);
    const now = attend(state);
    c.forEach((text, k) => {
      assert.ok(text.length > 20 && text.length < 320, `step ${k + 1}: ${text.length} chars: ${text}`);
      assert.doesNotMatch(text, /undefined|NaN|null|\[object/, `step ${k + 1}: ${text}`);
    });
    const i = state.asker;
    const top = topKey(now, i);
    // "pays X% of its attention to Y": Y really has the largest share.
    assert.ok(c[3].includes(`pays ${Math.round(now.weights[i][top] * 100)}% of its attention to`));
    if (c[5].includes('carries mostly')) assert.ok(now.weights[i][top] >= 0.5, c[5]);
    const e = now.exponentials[i].filter((x, j) => now.logits[i][j] !== -Infinity);
    if (c[2].includes('pull far ahead')) assert.ok(Math.max(...e) >= 2 * Math.min(...e), c[2]);
    const hot = attend({ ...state, scaled: false });
    const cool = attend({ ...state, scaled: true });
    const t = topKey(hot, i);
    const trend = trendOf(hot.weights[i][t], cool.weights[i][t]);
    if (c[9].includes('softens')) assert.equal(trend, 'falls', c[9]);
    if (c[9].includes('sharpens')) assert.equal(trend, 'rises', c[9]);
    if (hot.dK > 1) assert.ok(c[9].includes(`${fixed2(hot.weights[i][t])} → ${fixed2(cool.weights[i][t])}`), c[9]);
  }
});

test('"it" owns "its" (no "it\'s query"); an asker whose top share is its own says "its own share"', async () => {
  const { possessive } = await import('../../web/views/guided/captions.js');
  assert.equal(possessive('it'), 'its');
  assert.equal(possessive('cat'), 'cat\'s');
  const c = captions(presetState('it-vase'));
  assert.match(c[0], /^its query \[−1, 2\] meets each key/);
  for (const text of c) assert.doesNotMatch(text, /\bit's|itself's/);
  const self = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0], [0, 1]], wk: [[1, 0], [0, 1]],
    wv: [[1, 0], [0, 1]], causal: false, scaled: false, temperature: 1, asker: 1 };
  assert.match(captions(self)[9], /its own share/);
});

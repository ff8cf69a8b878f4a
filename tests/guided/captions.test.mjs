// Captions for the guided steps, from the real core's numbers: the chapter's
// numbers for "the cat sat", and for every preset and random configs, captions
// that are complete and never claim what the numbers contradict.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { PRESETS, presetState } from '../../web/model/presets.js';
import { STEPS, resultsFor } from '../../web/views/guided/steps.js';
import { captionFor } from '../../web/views/guided/captions.js';

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
  assert.equal(c[10], 'One line holds every step: softmax(QKᵀ/√d_k)V, every asker at once. For sat it ends at '
    + 'o_sat ≈ [2.24, 0.85], as in step 6.');
  assert.match(c[11], /training nudges them a step at a time until a goal is met\.$/);
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

test('every preset and 300 random configs: complete captions', () => {
  const r = rng(11);
  const states = [...Object.keys(PRESETS).map(presetState), ...Array.from({ length: 300 }, () => randomState(r))];
  for (const state of states) {
    captions(state).forEach((text, k) => {
      assert.ok(text.length > 20 && text.length < 320, `step ${k + 1}: ${text.length} chars: ${text}`);
      assert.doesNotMatch(text, /undefined|NaN|null|\[object/, `step ${k + 1}: ${text}`);
    });
  }
});

// ---- The oracle: what each caption may claim, worked out here from the core's numbers and the
// two-decimal texts a learner reads, without captions.js (no topKey, leaders or trendOf). ----

const printed = (x) => Number(x.toFixed(2)); // the value a two-decimal text shows
const seenBy = (state, i) => state.tokens.map((_, j) => j).filter((j) => !state.causal || j <= i);
// The keys whose printed value is the largest (or smallest) printed value: several on a tie.
const atTop = (row, keys) => keys.filter((j) => printed(row[j]) === Math.max(...keys.map((k) => printed(row[k]))));
const atBottom = (row, keys) => keys.filter((j) => printed(row[j]) === Math.min(...keys.map((k) => printed(row[k]))));
const words = (state, js) => js.map((j) => state.tokens[j]);
const and = (xs) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);
const short = (xs) => and(xs.length > 4 ? [...xs.slice(0, 4), `${xs.length - 4} more`] : xs);
const self = (state, i, j) => (j === i ? 'itself' : state.tokens[j]);

/** Every rule, for one state: fails with the step and the caption. */
function checkCaptions(state) {
  const c = captions(state);
  const now = attend(state);
  const i = state.asker;
  const keys = seenBy(state, i);
  const at = (k, ok, why) => assert.ok(ok, `step ${k}, ${why}: ${c[k - 1]}`);

  // Step 1: one winner by name only when its score prints above every other; a tie names them all.
  const loud = atTop(now.scores[i], keys);
  if (keys.length === 1) at(1, c[0].includes(`It sees only ${self(state, i, keys[0])}:`), 'one key');
  else if (loud.length === keys.length) at(1, c[0].includes('Every key it sees scores the same'), 'all tied');
  else if (loud.length === 1) at(1, c[0].includes(` ${state.tokens[loud[0]]} agrees most: `), 'one loudest');
  else at(1, c[0].includes(` ${short(words(state, loud))} agree most, equally: `), 'a tie');
  at(1, loud.length === 1 || !/ agrees most/.test(c[0]), 'no single winner on a tie');

  // Step 2: the loudest and the quietest, ties said as ties.
  const quiet = atBottom(now.scores[i], keys);
  if (loud.length < keys.length) {
    at(2, c[1].includes(` ${short(words(state, loud))} ${loud.length > 1 ? 'are' : 'is'} loudest (`), 'loudest');
    at(2, c[1].includes(`, ${short(words(state, quiet))} quietest (`), 'quietest');
    at(2, /each\)/.test(c[1]) === (loud.length > 1 || quiet.length > 1), '"each" only on a tie');
  } else at(2, !/loudest|quietest/.test(c[1]), 'nothing is loudest when every score prints the same');

  // Step 3: "pull far ahead" only when some exponential is at least twice another.
  const e = keys.map((j) => now.exponentials[i][j]);
  const spread = e.some((x) => x === Infinity) || Math.max(...e) >= 2 * Math.min(...e);
  at(3, c[2].includes('pull far ahead') === spread, 'pull far ahead');

  // Step 4: the largest printed share, to whom (every one of a tie), and its percentage.
  const w = now.weights[i];
  const top = atTop(w, keys);
  const pct = `${Math.round(w[top[0]] * 100)}%`;
  const to = top.map((j) => self(state, i, j));
  at(4, c[3].includes(` pays ${pct} of its attention to ${top.length === 1 ? to[0] : `each of ${and(to)}, a tie`}`),
    'pays');

  // Step 5: something "shrinks" only when some share prints below the largest: never with one key in sight.
  const low = atBottom(w, keys);
  const shrinks = /shrinks? to/.test(c[4]);
  at(5, shrinks === (printed(w[low[0]]) < printed(w[top[0]])), 'shrinks');
  if (keys.length === 1) at(5, !shrinks, 'one key never shrinks');
  if (shrinks) at(5, c[4].includes(`shrink${low.length === 1 ? 's' : ''} to ${w[low[0]].toFixed(2)} of`), 'to the smallest');
  at(5, c[4].includes(` ${w[top[0]].toFixed(2)} of ${top.length === 1 ? 'its' : 'their'} length`), 'keeps the largest');

  // Step 6: "mostly X" and "more of X than of any other word" only for a single largest share; a tie is "equally".
  const carried = c[5].match(/carries (mostly (.+)|more of (.+) than of any other word|(.+) equally \((.+) each\))[,.]/);
  at(6, carried, 'says what it carries');
  if (top.length === 1) {
    at(6, (carried[2] ?? carried[3]) === state.tokens[top[0]], 'names the largest share');
    at(6, Boolean(carried[2]) === w[top[0]] >= 0.5, '"mostly" is at least half');
  } else {
    at(6, carried[4] === short(words(state, top)), 'names the whole tie');
    at(6, carried[5] === w[top[0]].toFixed(2), 'with the tied share');
  }

  // Step 9: the last asker keeps its largest unmasked share, for every key of a tie.
  const n = state.tokens.length;
  if (n > 1 && i === n - 1) {
    const open = attend({ ...state, causal: false });
    const all = state.tokens.map((_, j) => j);
    const openTop = atTop(open.weights[i], all).map((j) => self(state, i, j));
    at(9, c[8].endsWith(` is last, so it keeps ${open.weights[i][atTop(open.weights[i], all)[0]].toFixed(2)} for `
      + `${openTop.length === 1 ? openTop[0] : `each of ${and(openTop)}`}.`), 'last asker');
  }

  // Step 10: the trend is the printed numbers' ("0.67 → 0.58" softens; "0.52 → 0.52" stays).
  const hot = attend({ ...state, scaled: false });
  if (hot.dK === 1) at(10, c[9].includes('changes nothing'), 'd_k = 1');
  else {
    const [, says, before, after] = c[9].match(/The blend (softens|sharpens|stays): .* ([\d.]+) → ([\d.]+)\.$/) ?? [];
    at(10, says, 'a trend and its two printed shares');
    const expected = Number(after) < Number(before) ? 'softens' : Number(after) > Number(before) ? 'sharpens' : 'stays';
    at(10, says === expected, `the printed ${before} → ${after} ${expected}`);
    at(10, before === Math.max(...seenBy(state, i).map((j) => hot.weights[i][j])).toFixed(2), 'from the largest share');
  }
}

test('every caption rule, against the oracle: every preset, every asker, every switch', () => {
  let checked = 0;
  for (const id of Object.keys(PRESETS)) {
    const base = presetState(id);
    for (let asker = 0; asker < base.tokens.length; asker++)
      for (const causal of [false, true])
        for (const scaled of [false, true]) {
          checkCaptions({ ...base, asker, causal, scaled });
          checked++;
        }
  }
  assert.ok(checked > 100);
});

test('every caption rule, against the oracle: 300 random configs (ties, zeros, masks, one token)', () => {
  const r = rng(11);
  for (let k = 0; k < 300; k++) checkCaptions(randomState(r));
});

// "the cat sat", worked by hand from the chapter's cast: q_the = [2, 0], q_cat = [0, 2];
// k_the = [1, −1], k_cat = [1, 1], k_sat = [0, 1]. The asks: 2, 2 and 0, so its shares are
// e²/(2e² + 1) = 0.47 twice and 1/(2e² + 1) = 0.06; cat asks: −2, 2 and 2 (0.01, 0.50, 0.50).
test('ties on "the cat sat": the and cat for asker the, cat and sat for asker cat, said as ties', () => {
  const the = captions({ ...presetState('cat-sat'), asker: 0 });
  assert.match(the[0], /the and cat agree most, equally: the scores 2 × 1 \+ 0 × \(−1\) = 2, and so does cat\./);
  assert.match(the[1], /the and cat are loudest \(2 each\), sat quietest \(0\)\./);
  assert.match(the[3], /shares the 0\.47, cat 0\.47 and sat 0\.06.*the pays 47% of its attention to each of itself and cat, a tie/);
  assert.match(the[4], /The values of the and cat each keep 0\.47 of their length; sat's shrinks to 0\.06 of its length\./);
  assert.match(the[5], /the now carries the and cat equally \(0\.47 each\), more than any other word\.$/);
  const cat = captions({ ...presetState('cat-sat'), asker: 1 });
  assert.match(cat[0], /cat and sat agree most, equally: cat scores 0 × 1 \+ 2 × 1 = 2, and so does sat\./);
  assert.match(cat[1], /cat and sat are loudest \(2 each\), the quietest \(−2\)\./);
  assert.match(cat[5], /cat now carries cat and sat equally \(0\.50 each\), more than any other word\.$/);
  for (const text of [...the, ...cat]) assert.doesNotMatch(text, /more of \w+ than of any other word|carries mostly/);
});

test('a trend is read from the printed shares: 0.52 → 0.52 stays, though the exact share falls', () => {
  // q_a = [0.1, 0]: scores 0.1 and 0, shares 0.525 / 0.475; ÷√2: 0.518 / 0.482. Both print 0.52.
  const state = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[0.1, 0], [0, 0]], wk: [[1, 0], [0, 1]],
    wv: [[1, 0], [0, 1]], causal: false, scaled: false, temperature: 1, asker: 0 };
  assert.match(captions(state)[9], /The blend stays: its own share 0\.52 → 0\.52\.$/);
  checkCaptions(state);
});

test('one key in sight: nothing shrinks, nothing is compared', () => {
  for (const id of Object.keys(PRESETS)) {
    const c = captions({ ...presetState(id), asker: 0, causal: true });
    assert.doesNotMatch(c[4], /shrink/, id);
    assert.match(c[0], /It sees only itself: /, id);
    assert.match(c[1], /^One score, /, id);
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

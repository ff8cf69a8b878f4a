// The six misconception probes, from the real core's numbers: the chapter's counterexamples for
// "the cat sat", honest verdicts when an edit removes a counterexample, and for every preset and
// random configs truths that an oracle (working from the core's numbers alone) agrees with.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { PRESETS, presetState } from '../../web/model/presets.js';
import { STEPS, resultsFor } from '../../web/views/guided/steps.js';
import { PROBE_KINDS, canProbe, probeFor, scoreProbe } from '../../web/views/guided/probes.js';

const attn = await loadAttention();
const attend = (s) => attn.attend(s);
const two = (x) => x.toFixed(2);

/** Every probe the tour asks for this state: { kind: probe }, at its own step. */
function probes(state) {
  const now = attend(state);
  const out = {};
  STEPS.forEach((s, k) => {
    if (canProbe(s.probe, state)) out[s.probe] = probeFor(s.probe, state, resultsFor(k, state, now, attend));
  });
  return out;
}

test('six probes, one per step, in the tour order, each with its own kind', () => {
  assert.deepEqual(STEPS.filter((s) => s.probe).map((s) => [s.id, s.probe]), [['shares', 'rescaled'], ['scale', 'values'],
    ['blend', 'outside'], ['everyone', 'symmetric'], ['mask', 'renormalise'], ['thermostat', 'ranking']]);
  assert.deepEqual(Object.keys(PROBE_KINDS).sort(), STEPS.filter((s) => s.probe).map((s) => s.probe).sort());
});

test('"the cat sat": each probe asks about the chapter\'s counterexample and the intuitive answer is wrong', () => {
  const p = probes(presetState('cat-sat'));
  assert.match(p.rescaled.question, /scores are 0, 2 and 1\. .*\(0\.00, 0\.67 and 0\.33\)\?/);
  assert.equal(p.rescaled.truth, 'no');
  assert.match(p.rescaled.why, /the 0\.09, cat 0\.67 and sat 0\.24/);
  assert.deepEqual(p.rescaled.highlight.keys, [0]);
  assert.equal(p.values.truth, 'same');
  assert.match(p.values.why, /still 0\.09, 0\.67 and 0\.24.*v_cat \[3, 1\] → \[6, 2\]/);
  assert.equal(p.outside.truth, 'no');
  assert.match(p.outside.why, /2\.24 lies between 0\.00 and 3\.00.*0\.85 lies between 0\.00 and 2\.00/);
  assert.equal(p.symmetric.question, 'Does cat give the as much attention as the gives cat?');
  assert.equal(p.symmetric.truth, 'differs');
  assert.match(p.symmetric.why, /the gives cat 0\.47, but cat gives the 0\.01/);
  assert.deepEqual(p.symmetric.highlight.cells, ['0,1', '1,0']);
  assert.match(p.renormalise.question, /cat's share for itself, 0\.50 without the mask/);
  assert.equal(p.renormalise.truth, 'rises');
  assert.match(p.renormalise.why, /0\.50 → 0\.98/);
  assert.equal(p.ranking.truth, 'no');
  assert.match(p.ranking.why, /cat keeps the top: 0\.67 → 0\.58/);
  // Each probe's intuitive (misconceived) answer is one of its choices and is wrong here.
  const intuitive = { rescaled: 'yes', values: 'changes', outside: 'yes', symmetric: 'same', renormalise: 'stays', ranking: 'yes' };
  for (const [kind, answer] of Object.entries(intuitive)) {
    assert.ok(p[kind].choices.some((c) => c.id === answer), kind);
    assert.notEqual(p[kind].truth, answer, kind);
    assert.equal(p[kind].holds, true, kind);
  }
});

test('scoreProbe: right, wrong and skipped answers carry the kind, the truth and the why', () => {
  const p = probes(presetState('cat-sat')).symmetric;
  const wrong = scoreProbe(p, 'same');
  assert.deepEqual([wrong.kind, wrong.guess, wrong.truth, wrong.error], ['symmetric', 'same', 'differs', 1]);
  assert.match(wrong.text, /^You said “Yes, the same”: not so\. the gives cat 0\.47/);
  const right = scoreProbe(p, 'differs');
  assert.equal(right.error, 0);
  assert.match(right.text, /: right\./);
  const skipped = scoreProbe(p, null);
  assert.deepEqual([skipped.guess, skipped.error, skipped.truth], [null, null, 'differs']);
});

test('an edit that removes a counterexample: the probe says so', () => {
  // W_K = W_Q makes every score symmetric (q_a · k_b = q_b · k_a), but shares still differ by row totals;
  // equal embeddings make every row the same, so every pair prints the same.
  const base = presetState('cat-sat');
  const same = { ...base, embeddings: [[1, 0, 0], [1, 0, 0], [1, 0, 0]] };
  const p = probes(same);
  assert.equal(p.symmetric.truth, 'same');
  assert.equal(p.symmetric.holds, false);
  assert.match(p.symmetric.why, /Here they print the same, 0\.33 each, and so does every other pair: these numbers remove the counterexample/);
  assert.equal(p.rescaled.holds, false);
  assert.match(p.rescaled.why, /this example cannot show the difference/);
  // The thermostat with d_k = 1 changes nothing: said so.
  const one = { ...base, wq: [[2, 0, -1]], wk: [[1, 1, -2]] };
  assert.match(probes(one).ranking.why, /^Here d_k = 1, so √d_k = 1 and nothing changes/);
  // A mask that blanks only a share that prints 0.00 moves nothing on screen: said so.
  const tiny = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[10, 0]], wk: [[1, 0]], wv: [[1, 0]],
    causal: false, scaled: false, temperature: 1, asker: 1 };
  const r = probes(tiny).renormalise;
  assert.deepEqual([r.truth, r.holds], ['stays', false]);
  assert.match(r.why, /^Here it stays 1\.00: the cells the mask blanks held 0\.00 of a's row, so these numbers cannot show it/);
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

// The oracle: from the core's numbers alone, what each probe's truth must be.
function oracle(state) {
  const now = attend(state);
  const n = state.tokens.length;
  const i = state.asker;
  const w = now.weights;
  const seen = (a, b) => now.logits[a][b] !== -Infinity;
  const keys = [...Array(n).keys()].filter((j) => seen(i, j));
  const s = keys.map((j) => now.scores[i][j]);
  const total = s.reduce((t, x) => t + x, 0);
  const naive = s.every((x) => x >= 0) && total > 0 ? s.map((x) => x / total) : null;
  const truths = {
    rescaled: naive && keys.every((j, k) => two(w[i][j]) === two(naive[k])) ? 'yes' : 'no',
    values: 'same', outside: 'no', ranking: 'no',
  };
  if (n >= 2) {
    const pairs = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push([a, b]);
    const open = pairs.filter(([a, b]) => seen(a, b) && seen(b, a));
    const pool = open.length ? open : pairs;
    truths.symmetric = pool.every(([a, b]) => two(w[a][b]) === two(w[b][a])) ? 'same' : 'differs';
    const openRun = attend({ ...state, causal: false });
    const maskRun = attend({ ...state, causal: true });
    const rows = n >= 3 ? [...Array(n - 2).keys()].map((k) => k + 1) : [0];
    const moves = rows.some((r) => [...Array(r + 1).keys()].some((j) => two(openRun.weights[r][j]) !== two(maskRun.weights[r][j])));
    truths.renormalise = moves ? 'rises' : 'stays'; // the mask never lowers a share it keeps
  }
  return truths;
}

test('every preset and 300 random configs: the oracle agrees with each truth; every why is complete', () => {
  const r = rng(28);
  const states = [...Object.keys(PRESETS).map(presetState), ...Array.from({ length: 300 }, () => randomState(r))];
  for (const state of states) {
    const got = probes(state);
    const want = oracle(state);
    assert.deepEqual(Object.keys(got).sort(), Object.keys(want).sort(), JSON.stringify(state));
    for (const [kind, p] of Object.entries(got)) {
      assert.equal(p.truth, want[kind], `${kind} ${JSON.stringify(state)}`);
      assert.ok(p.choices.some((c) => c.id === p.truth), kind);
      assert.doesNotMatch(`${p.question} ${p.why}`, /undefined|NaN|null/, kind);
      assert.ok(p.why.length > 20, kind);
    }
  }
});

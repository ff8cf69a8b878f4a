// The example model (web/model/) in node, with the real core as its compute function:
// where the example comes from, how attributes override it and what Reset restores,
// refusals that change nothing, one event per committed change, the drag rule, and the
// number rules the widget prints with (two decimals, "=" vs "≈", the ±1000 limit).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { createExampleModel } from '../../web/model/example.js';
import { moveValue } from '../../web/model/drag.js';
import { encodeState } from '../../web/model/share.js';
import { presetState } from '../../web/model/presets.js';
import { readConfig } from '../../web/model/state.js';
import { approx } from '../../web/shared/numbers.js';
import { parseNumber } from '../../web/model/limits.js';
import { fixed2 } from '../../web/shared/numbers.js';
import { SAT, catSat } from '../fixtures/chapter.mjs';

const attn = await loadAttention();
const attend = (state) => attn.attend(state);
const NONE = { causal: null, scaled: null, temperature: null, asker: null };

const CAT = presetState('cat-sat');
// A custom example whose own switches are not the defaults.
const OWN = { tokens: ['a', 'b', 'c'], embeddings: [[1, 0], [0, 1], [1, 1]], wq: [[1, 0], [0, 1]],
  wk: [[1, 0], [0, 1]], wv: [[2, 0], [0, 2]], causal: true, scaled: true, temperature: 2, asker: 0 };
const LINKED = { ...presetState('it-vase'), causal: true, temperature: 0.5, asker: 1 };
// Decodes, but the core refuses it: wq has 1 column, the embeddings 2.
const REFUSED = { ...OWN, wq: [[1]], wk: [[1]], wv: [[1]] };

/** A model that has read `sources` and verified them with the core, and the events it sent. */
function loaded(sources, compute = attend) {
  const model = createExampleModel();
  const first = model.load({ attributes: NONE, ...sources });
  const events = [];
  model.subscribe((e) => events.push(e.reason));
  const outcome = model.setCompute(compute);
  return { model, events, outcome, first };
}
const messages = (o) => [...o.notes, ...(o.ok ? [] : [o])].map((n) => n.message).join(' ');
const same = (a, b) => assert.deepEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));

test('source precedence: link > config > JSON child > preset > cat-sat, each used only when it reads', () => {
  const json = JSON.stringify(OWN);
  const config = { ...OWN, tokens: ['x', 'y', 'z'] };
  const cases = [
    ['nothing: cat-sat', {}, CAT.tokens, 'preset'],
    ['a preset', { preset: 'river-bank' }, presetState('river-bank').tokens, 'preset'],
    ['a JSON child beats the preset', { preset: 'river-bank', json }, OWN.tokens, 'json'],
    ['config beats the JSON child', { preset: 'river-bank', json, config }, config.tokens, 'config'],
    ['a link beats everything', { preset: 'river-bank', json, config, link: encodeState(LINKED) }, LINKED.tokens, 'link'],
    ['a damaged link gives way to config', { config, link: '1.%%%' }, config.tokens, 'config'],
    ['a bad config gives way to the JSON child', { config: { tokens: [] }, json }, OWN.tokens, 'json'],
    ['bad JSON gives way to the preset', { json: '{ nope', preset: 'it-vase' }, presetState('it-vase').tokens, 'preset'],
    ['an unknown preset gives way to cat-sat', { preset: 'nope' }, CAT.tokens, 'preset'],
    ['a prototype name is no preset', { preset: '__proto__' }, CAT.tokens, 'preset'],
  ];
  for (const [name, sources, tokens, kind] of cases) {
    const { model, outcome } = loaded(sources);
    assert.deepEqual(model.state.tokens, tokens, name);
    assert.equal(model.source.kind, kind, name);
    assert.ok(outcome.ok, name);
  }
});

test('later, whichever of config and preset changed last wins', () => {
  const { model } = loaded({ preset: 'river-bank' });
  assert.ok(model.setConfig(OWN).ok);
  assert.deepEqual(model.state.tokens, OWN.tokens);
  assert.ok(model.setPreset('it-vase').ok);
  assert.deepEqual(model.state.tokens, presetState('it-vase').tokens);
  assert.equal(model.source.presetName, 'it-vase');
  assert.ok(model.setConfig(encodeState(LINKED)).ok, 'a payload works as config too');
  same(model.state, LINKED);
});

test('a link is restored exactly: the flag attributes do not override it (they do a preset)', () => {
  const attributes = { causal: 'false', scaled: '', temperature: '3', asker: 'the' };
  const linked = loaded({ link: encodeState(LINKED), preset: 'cat-sat', attributes });
  same(linked.model.state, LINKED);
  const plain = loaded({ preset: 'it-vase', attributes });
  assert.deepEqual([plain.model.state.causal, plain.model.state.scaled, plain.model.state.temperature], [false, true, 3]);
});

test('a link that decodes but the core refuses keeps the page\'s own example, and says so', () => {
  const { model, outcome } = loaded({ link: encodeState(REFUSED), preset: 'river-bank' });
  assert.deepEqual(model.state.tokens, presetState('river-bank').tokens);
  assert.match(messages(outcome), /^The shared link could not be restored: wq is 1 x 1/);
  assert.equal(outcome.notes[0].code, 'shape_mismatch', 'the core\'s code is kept');
  const json = loaded({ json: JSON.stringify(REFUSED), preset: 'it-vase' });
  assert.deepEqual(json.model.state.tokens, presetState('it-vase').tokens);
  assert.match(messages(json.outcome), /^The JSON config inside the widget could not be used: wq is 1 x 1/);
  // Followed on the open page: refused, and what is on screen stays.
  const before = JSON.stringify(model.state);
  const followed = model.followLink(encodeState(REFUSED));
  assert.equal(followed.ok, false);
  assert.match(messages(followed), /^The shared link could not be restored/);
  assert.equal(JSON.stringify(model.state), before);
});

test('removing an attribute restores the example\'s own value; Reset follows the attributes', () => {
  const { model } = loaded({ json: JSON.stringify(OWN) });
  const steps = [
    // [attributes, expected { causal, scaled, temperature, asker } on screen]
    [{ causal: 'false', temperature: '0.5', asker: 'c' }, [false, true, 0.5, 2]],
    [{ causal: 'false', temperature: '0.5', asker: 'c', scaled: 'no' }, [false, false, 0.5, 2]],
    [NONE, [true, true, 2, 0]], // every override removed: the JSON child's own values
  ];
  for (const [attributes, expected] of steps) {
    model.setAttributes(attributes);
    const s = model.state;
    assert.deepEqual([s.causal, s.scaled, s.temperature, s.asker], expected, JSON.stringify(attributes));
    // Reset restores the example with the attributes as they are now, edits undone.
    model.edit('wq', 0, 0, 7);
    model.setSwitch('temperature', 4);
    assert.ok(model.reset().ok);
    const r = model.state;
    assert.deepEqual([r.causal, r.scaled, r.temperature, r.asker, r.wq[0][0]], [...expected, OWN.wq[0][0]]);
  }
});

test('a bad switch word gives the example\'s own value and a message; a bad temperature keeps what is on screen', () => {
  const { model } = loaded({ json: JSON.stringify(OWN) });
  const table = [
    [{ causal: 'maybe' }, true, 2, /causal="maybe" is not true or false; using causal = true/],
    [{ causal: 'off' }, false, 2, null],
    [{ causal: 'off', temperature: 'abc' }, false, 2, /temperature must be a number above 0/],
    [{ causal: 'off', temperature: '1000' }, false, 2, /at most 100/],
    [{ causal: 'off', temperature: '100' }, false, 100, null],
  ];
  for (const [attributes, causal, temperature, message] of table) {
    const outcome = model.setAttributes({ ...NONE, ...attributes });
    assert.equal(model.state.causal, causal, JSON.stringify(attributes));
    assert.equal(model.state.temperature, temperature, JSON.stringify(attributes));
    if (message) assert.match(messages(outcome), message);
    else assert.equal(messages(outcome), '');
  }
});

test('a refusal changes nothing: the state, what Reset restores and the example\'s source stay', () => {
  // A core that refuses temperature 3 (the real one accepts any T > 0 the model lets through).
  const picky = (s) => { if (s.temperature === 3) throw Object.assign(new Error('no 3'), { code: 'bad_temperature' }); return attend(s); };
  const { model, events } = loaded({ preset: 'river-bank' }, picky);
  model.edit('wq', 0, 0, 5);
  const before = { state: JSON.stringify(model.state), baseline: JSON.stringify(model.baseline), source: model.source };
  const refusals = [
    () => model.setAttributes({ ...NONE, temperature: '3' }),
    () => model.setConfig(REFUSED),
    () => model.setConfig({ tokens: 'nope' }),
    () => model.setPreset('nope'),
    () => model.followLink('1.%%%'),
    () => model.setSwitch('temperature', 3),
    () => model.edit('wq', 0, 0, NaN),
    () => model.edit('wq', 9, 0, 1),
    () => model.edit('__proto__', 0, 0, 1),
    () => model.setAsker(99),
    () => model.propose({ ...model.state, asker: -1 }, 'step'),
    () => model.propose({ ...model.state, tokens: ['one'] }, 'step'),
  ];
  for (const [i, refuse] of refusals.entries()) {
    const outcome = refuse();
    assert.equal(outcome.ok, false, `refusal ${i}`);
    assert.ok(typeof outcome.code === 'string' && outcome.message, `refusal ${i} has a code and a message`);
    assert.deepEqual({ state: JSON.stringify(model.state), baseline: JSON.stringify(model.baseline), source: model.source },
      before, `refusal ${i}`);
  }
  assert.deepEqual(events, ['load', 'edit'], 'a refusal sends no event');
  // Reset still restores the last good example.
  model.reset();
  same(model.state, presetState('river-bank'));
});

test('a refused preset change still applies the attribute changes that came with it', () => {
  const { model, events } = loaded({ preset: 'river-bank' });
  const outcome = model.setPreset('nope', { ...NONE, causal: '' });
  assert.equal(outcome.ok, false);
  assert.match(messages(outcome), /preset "nope" is unknown/);
  assert.equal(model.state.causal, true);
  assert.deepEqual(events, ['load', 'attribute']);
});

test('one event per committed change, with its reason; unchanged attributes send none; many subscribers, each can leave', () => {
  const { model, events } = loaded({ preset: 'cat-sat' });
  const second = [];
  const leave = model.subscribe((e) => second.push([e.reason, e.state === model.state, e.result === model.result]));
  model.setAttributes({ ...NONE, causal: '', scaled: '', temperature: '2', asker: 'cat' });
  model.setAttributes({ ...NONE, causal: '', scaled: '', temperature: '2', asker: 'cat' }); // unchanged
  model.setAttributes({ ...NONE, causal: '', scaled: '', temperature: '2.0', asker: 'cat' }); // same value
  model.edit('wk', 1, 1, 2);
  model.setSwitch('causal', false);
  model.setAsker(0);
  model.drag(1, [4, 1]);
  model.reset();
  model.propose({ ...model.state, temperature: 0.7 }, 'step');
  model.setPreset('it-vase');
  model.setConfig(OWN);
  model.followLink(encodeState(LINKED));
  leave();
  model.propose({ ...model.state, temperature: 0.8 }, 'train');
  const reasons = ['attribute', 'edit', 'switch', 'asker', 'drag', 'reset', 'step', 'preset', 'config', 'load'];
  assert.deepEqual(events, ['load', ...reasons, 'train']);
  assert.deepEqual(second, reasons.map((r) => [r, true, true]));
});

test('no events and no result before the core; the core\'s verdict then decides', () => {
  const model = createExampleModel();
  const events = [];
  model.subscribe((e) => events.push(e.reason));
  assert.ok(model.load({ link: encodeState(REFUSED), preset: 'it-vase', attributes: NONE }).ok);
  same(model.state, REFUSED); // provisional: nothing has checked the shapes yet
  assert.equal(model.result, null);
  assert.deepEqual(events, []);
  model.setCompute(attend);
  assert.deepEqual(model.state.tokens, presetState('it-vase').tokens);
  assert.deepEqual(events, ['load']);
  assert.ok(model.result.weights);
});

test('the drag rule on a non-one-hot embedding: ΔW_V = Δv xᵀ / |x|², so v lands on the target', () => {
  const cases = [
    // [W_V, x, target]: the chapter's W_V and x_sat first
    [catSat.wv, catSat.embeddings[SAT], [4, 1]],
    [[[1, 0, 0], [0, 1, 0]], [1, 1, 1], [-2, 0.5]],
    [[[0.5, -1, 2], [1, 1, 1]], [2, 0, 1], [0, 0]],
    [[[1, 2], [3, 4]], [0.5, -0.5], [3, -3]],
  ];
  const times = (w, x) => w.map((row) => row.reduce((s, wc, c) => s + wc * x[c], 0));
  for (const [wv, x, target] of cases) {
    const next = moveValue(wv, x, times(wv, x), target);
    const v = times(next, x);
    const slack = 0.005 * x.reduce((s, xc) => s + Math.abs(xc), 0) + 1e-9; // entries rounded to 0.01
    v.forEach((vr, r) => assert.ok(Math.abs(vr - target[r]) <= slack, `v = ${v}, target ${target}, x = ${x}`));
    // The smallest change: every row's change is a multiple of x (up to the rounding).
    next.forEach((row, r) => {
      const d = target[r] - times(wv, x)[r];
      row.forEach((w, c) => assert.ok(Math.abs(w - wv[r][c] - (d * x[c]) / x.reduce((s, xc) => s + xc * xc, 0)) <= 0.005 + 1e-9));
    });
  }
  assert.equal(moveValue([[1, 2]], [0, 0], [0], [1, 1]), null, 'an all-zero embedding cannot move');
  // Through the model, with the core's values.
  const { model } = loaded({ preset: 'cat-sat' });
  assert.ok(model.drag(2, [4, 1]).ok); // sat's embedding is [1, 1, 1]
  model.result.values[2].forEach((v, r) => assert.ok(Math.abs(v - [4, 1][r]) <= 0.015 + 1e-6, `v_sat = ${model.result.values[2]}`));
});

test('a numeric asker in a config is an index, as in share links and state', () => {
  const numerals = { ...OWN, tokens: ['1', '0', '2'], asker: 0 };
  const cases = [[0, 0], [1, 1], [2, 2], ['0', 1], ['2', 2], ['1', 0]]; // text is matched against the tokens
  for (const [asker, index] of cases) assert.equal(readConfig({ ...numerals, asker }).asker, index, JSON.stringify(asker));
  assert.throws(() => readConfig({ ...numerals, asker: 3 }), /asker 3 is not a token index from 0 to 2/);
  assert.throws(() => readConfig({ ...numerals, asker: 0.5 }), /not a token index/);
  const { model } = loaded({ config: numerals });
  assert.ok(model.setConfig({ ...model.state, asker: 1 }).ok);
  assert.equal(model.state.asker, 1);
});

test('numbers: two decimals, −0.001 prints 0.00, "=" only when two decimals are exact', () => {
  const cases = [[-0.001, '0.00'], [-0.005, `\u22120.01`], [0.665, '0.67'], [2.5, '2.50'], [-1, '\u22121.00']];
  for (const [x, text] of cases) assert.equal(fixed2(x), text, String(x));
  assert.equal(approx(0.25, 2), '=');
  assert.equal(approx(0.25, 1 / 3), '≈');
  assert.equal(approx(0.125), '≈');
});

test('limits at their boundaries: 1000 is accepted, 1000.001 refused, typed and in a config', () => {
  const typed = [['1000', true], ['-1000', true], ['−1000', true], ['1000.001', false], ['-1000.001', false], ['1e3', true], ['1.000001e3', false]];
  for (const [text, ok] of typed) assert.equal(parseNumber(text).ok, ok, text);
  const config = (x) => ({ ...OWN, wq: [[x, 0], [0, 1]] });
  assert.equal(readConfig(config(1000)).wq[0][0], 1000);
  assert.equal(readConfig(config(-1000)).wq[0][0], -1000);
  assert.throws(() => readConfig(config(1000.001)), /between −1000 and 1000/);
  const { model } = loaded({ preset: 'cat-sat' });
  assert.ok(model.setConfig(config(1000)).ok);
  assert.equal(model.setConfig(config(1000.001)).ok, false);
});

// <attention-value of="…"> and the figure attributes show / highlight (web/views/figures/of.js,
// web/views/figures/panels.js) in node: the words they accept, the messages for the ones they
// do not, and the chapter's numbers looked up in the real core's result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention } from '../../wasm/attention.js';
import { checkFormat, formatValue, lookUp, parseOf, resolveOf, tokenIndex } from '../../web/views/figures/of.js';
import { PANEL_NAMES, parseHighlight, parseShow, resolveHighlight } from '../../web/views/figures/panels.js';
import { catSat } from '../fixtures/chapter.mjs';

const attn = await loadAttention();
const TOKENS = ['the', 'cat', 'sat'];
const text = (of, format, opts = {}) => {
  const ref = resolveOf(parseOf(of), TOKENS);
  assert.ok(ref.ok, ref.message);
  return formatValue(lookUp(ref, attn.attend({ ...catSat, ...opts })), format);
};

test('the chapter\'s sentences, from the core', () => {
  assert.equal(text('share sat cat'), '0.67');
  assert.equal(text('share sat cat', 'percent'), '67%');
  assert.equal(text('share sat sat', 'percent'), '24%');
  assert.equal(text('share sat the', 'percent'), '9%');
  assert.equal(text('score sat cat'), '2.00');
  assert.equal(text('score sat cat', 'compact'), '2');
  assert.equal(text('score cat the', 'compact'), '\u22122'); // true minus
  assert.equal(text('exp sat cat'), '7.39');
  assert.equal(text('total sat'), '11.11');
  assert.equal(text('query sat', 'compact'), '[1, 1]');
  assert.equal(text('key cat', 'compact'), '[1, 1]');
  assert.equal(text('value cat', 'compact'), '[3, 1]');
  assert.equal(text('output sat'), '[2.24, 0.85]');
  assert.equal(text('divisor', 'compact'), '1');
});

test('the thermostat and the mask change what the same words name', () => {
  assert.equal(text('logit sat cat', 'fixed', { scaled: true }), '1.41');
  assert.equal(text('score sat cat', 'fixed', { scaled: true }), '2.00'); // the raw score stays
  assert.equal(text('share sat cat', 'fixed', { scaled: true }), '0.58');
  assert.equal(text('divisor', 'fixed', { scaled: true }), '1.41');
  assert.equal(text('share cat cat', 'fixed', { causal: true }), '0.98');
  assert.equal(text('share the cat', 'fixed', { causal: true }), '0.00'); // exactly 0, a true share
  assert.equal(text('score the cat', 'fixed', { causal: true }), 'masked');
  assert.equal(text('exp the sat', 'fixed', { causal: true }), 'masked');
});

test('tokens by text, ignoring case, or by 0-based position', () => {
  assert.equal(tokenIndex('Cat', TOKENS), 1);
  assert.equal(tokenIndex('2', TOKENS), 2);
  assert.equal(tokenIndex('3', TOKENS), -1);
  assert.equal(tokenIndex('1', ['0', '1', 'x']), 1); // text before position
  assert.deepEqual(resolveOf(parseOf('  SHARE   sat\tcat '), TOKENS), { ok: true, kind: 'share', at: [2, 1] });
});

test('a bad of says what is wrong, briefly', () => {
  const cases = [
    [null, /of is missing/],
    ['', /of is empty/],
    ['weight sat cat', /"weight" is not something a figure shows; use one of: share ASKER KEY/],
    ['constructor sat', /"constructor" is not something/], // no prototype lookups
    ['__proto__', /"__proto__" is not something/],
    ['share sat', /"share" takes ASKER KEY \(got "sat"\)/],
    ['total', /"total" takes ASKER \(got none\)/],
    ['divisor sat', /"divisor" takes no names/],
    ['x'.repeat(201), /201 characters long; at most 200/],
  ];
  for (const [of, message] of cases) {
    const parsed = parseOf(of);
    assert.equal(parsed.ok, false, String(of));
    assert.match(parsed.message, message);
  }
  const missing = resolveOf(parseOf('share sat dog'), TOKENS);
  assert.equal(missing.ok, false);
  assert.equal(missing.message, 'key "dog" is not one of the tokens (the, cat, sat) nor a position from 0 to 2');
  assert.match(resolveOf(parseOf('output <img>'), TOKENS).message, /token "<img>" is not one of the tokens/);
});

test('formats: fixed by default, percent for shares only', () => {
  assert.deepEqual(checkFormat(undefined, 'share'), { ok: true, format: 'fixed' });
  assert.deepEqual(checkFormat('percent', 'share'), { ok: true, format: 'percent' });
  assert.match(checkFormat('percent', 'score').message, /for shares only/);
  assert.match(checkFormat('hex', 'share').message, /format "hex" is unknown/);
  assert.equal(formatValue(-0.001), '0.00');
  assert.equal(formatValue([-0.004, 1.005]), '[0.00, 1.00]');
});

test('show: the named panels, unknown ones named, never an empty figure', () => {
  assert.deepEqual([...parseShow(null).panels], PANEL_NAMES);
  assert.deepEqual(parseShow('asker  BLEND,cast'), { panels: new Set(['asker', 'blend', 'cast']), messages: [] });
  const odd = parseShow('grids toString');
  assert.deepEqual([...odd.panels], ['grids']);
  assert.match(odd.messages[0], /"tostring" is not a panel; use title, causal/);
  const none = parseShow('constructor __proto__');
  assert.deepEqual([...none.panels], PANEL_NAMES);
  assert.match(none.messages[0], /are not panels/);
  assert.deepEqual(parseShow('  ').messages, ['show is empty; showing every panel.']);
});

test('highlight: cells, rows, columns of any grid, checked against the example', () => {
  const dims = { tokens: ['we', 'put', 'the', 'cash', 'in', 'the', 'bank'], dModel: 3, dK: 2, dV: 2 };
  const { targets, messages } = parseHighlight('shares bank cash; weights * the, cast cash q, wq 2 3, asker cash share');
  assert.deepEqual(messages, []);
  assert.deepEqual(resolveHighlight(targets, dims), { messages: [], cells: [
    { grid: 'shares', rows: [6], cols: [3] },
    { grid: 'shares', rows: [], cols: [2, 5] }, // "the" twice: both columns
    { grid: 'cast', rows: [3], cols: [1] }, // x, q, k, v: q
    { grid: 'wq', rows: [1], cols: [2] },
    { grid: 'asker', rows: [3], cols: [4] },
  ] });
  const bad = parseHighlight('heat sat, shares a b c, valueOf');
  assert.equal(bad.targets.length, 0);
  assert.equal(bad.messages.length, 3);
  const wrong = resolveHighlight(parseHighlight('wq 3 1, wv 1 4, cast bank z, scores dog').targets, dims);
  assert.deepEqual(wrong.cells, []);
  assert.deepEqual(wrong.messages, [
    'highlight: wq row "3" should be a number from 1 to 2.',
    'highlight: wv column "4" should be a number from 1 to 3.',
    'highlight: cast has no column "z"; use x, q, k, v.',
    'highlight: "dog" is not a token of scores (we, put, the, cash, in, the, bank).',
  ]);
});

test('<attention-scale show>: thermostat, grid, or both', async () => {
  const { parseScaleShow } = await import('../../web/views/scale/show.js');
  assert.deepEqual(parseScaleShow(null), { parts: new Set(['grid', 'thermostat']), message: null });
  assert.deepEqual(parseScaleShow(' Thermostat '), { parts: new Set(['thermostat']), message: null });
  assert.deepEqual(parseScaleShow('grid'), { parts: new Set(['grid']), message: null });
  const odd = parseScaleShow('thermostat plot');
  assert.deepEqual([...odd.parts], ['thermostat']);
  assert.match(odd.message, /show="thermostat plot" is not understood; .*\(showing thermostat\)/);
  assert.deepEqual([...parseScaleShow('').parts], ['grid', 'thermostat']);
});

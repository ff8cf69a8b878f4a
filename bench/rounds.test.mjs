// The rounds every benchmark is timed by (bench/rounds.mjs) and the tables they print
// (bench/report.mjs), on cases whose values are written out here, so each expected number is
// worked by hand. Not part of `npm test` (bench/ has no tier); run: node --test bench/
import test from 'node:test';
import assert from 'node:assert/strict';
import { meets, median, quartiles, runGroup, runGroupAB } from './rounds.mjs';
import { fmt, renderRows, renderRowsAB } from './report.mjs';

/** A case whose round r returns values[r], logging each call as `${id}${round}`. */
const scripted = (id, values, log = []) => ({ id, label: id.toUpperCase(), unit: 'ms', run: (r) => { log.push(`${id}${r}`); return values[r]; } });

test('median is the upper one of an even count; quartiles are the middle half', () => {
  assert.equal(median([3, 1, 2]), 2);
  assert.equal(median([4, 1, 3, 2]), 3);
  assert.deepEqual(quartiles([5, 1, 4, 2, 3]), [2, 4]);
});

test('round r runs the cases in an order rotated by r, after one warm-up each', async () => {
  const log = [];
  await runGroup({ name: 'g', rounds: 3, warmup: 1, cases: [scripted('a', [1, 1, 1], log), scripted('b', [1, 1, 1], log), scripted('c', [1, 1, 1], log)] });
  assert.deepEqual(log, ['a-1', 'b-1', 'c-1', 'a0', 'b0', 'c0', 'b1', 'c1', 'a1', 'c2', 'a2', 'b2']);
});

test('a ratio is taken inside each round, not as the ratio of two medians', async () => {
  // a: 10, 20, 30 (median 20); b: 10, 5, 30 (median 10). Per round a / b: 1, 4, 1 -> median 1;
  // the ratio of the medians would be 2.
  const rows = await runGroup({ name: 'g', rounds: 3, cases: [scripted('a', [10, 20, 30]), scripted('b', [10, 5, 30])],
    derived: [{ id: 'ab', label: 'a / b', unit: '×', target: '>= 1.5', from: (v) => v.a / v.b }] });
  const row = (label) => rows.find((r) => r.label === label);
  assert.equal(row('A').median, 20);
  assert.equal(row('B').median, 10);
  assert.equal(row('a / b').median, 1);
  assert.equal(row('a / b').met, false);
});

test('samples of a round are pooled; figures are rows of their own; fixed cases are not run again', async () => {
  const log = [];
  const rows = await runGroup({ name: 'g', rounds: 2, cases: [
    { id: 'e', label: 'E', unit: 'ms', figures: { t: { label: 'time', target: '< 2' }, n: { label: 'count', unit: 'tasks' } },
      run: (r) => ({ t: [[1, 2, 3], [1, 1, 1]][r], n: r }) },
    { ...scripted('slow', [9, 9], log), fixed: 1500 },
  ] });
  assert.deepEqual(rows.map((r) => [r.label, r.median, r.count]), [['E: time', 1, 6], ['E: count', 1, 2], ['SLOW', 1500, 1]]);
  assert.equal(rows[0].met, true);
  assert.deepEqual(log, []);
});

test('an A/B run alternates which side goes first and reports the per-round ratio this / other', async () => {
  const log = [];
  const rows = await runGroupAB({ name: 'g', rounds: 4, cases: [scripted('a', [10, 10, 30, 10], log)],
    otherCases: [{ ...scripted('a', [20, 20, 10, 20]), run: (r) => { log.push(`other${r}`); return [20, 20, 10, 20][r]; } }] });
  assert.deepEqual(log, ['a0', 'other0', 'other1', 'a1', 'a2', 'other2', 'other3', 'a3']);
  // per round: 0.5, 0.5, 3, 0.5 -> median 0.5 (the medians' ratio would be 10 / 20 = 0.5 too, but the middle half shows the outlier)
  assert.equal(rows[0].ratio.median, 0.5);
  assert.deepEqual([rows[0].ratio.q1, rows[0].ratio.q3], [0.5, 3]);
});

test('targets read as text', () => {
  assert.equal(meets(1.8, '>= 1.8'), true);
  assert.equal(meets(2, '< 2'), false);
  assert.equal(meets(1, undefined), null);
  assert.throws(() => meets(1, 'about 2'), /a target reads like/);
});

test('groups that share their labels print as one grid; others as a list', () => {
  const row = (group, label, m) => ({ group, label, unit: 'ms', median: m, q1: m, q3: m, count: 3, target: null, met: null });
  const grid = renderRows([row('n=1', 'x', 1), row('n=1', 'y', 2), row('n=2', 'x', 3), row('n=2', 'y', 4)]);
  assert.deepEqual(grid, ['|  | n=1 | n=2 |', '|---|---|---|', '| x (ms) | 1.00 | 3.00 |', '| y (ms) | 2.00 | 4.00 |']);
  const list = renderRows([row('g', 'x', 12.34)]);
  assert.deepEqual(list.slice(2), ['| x | 12.3 | 12.3–12.3 | ms |  |']);
  assert.equal(fmt(1234.5, 'ms'), '1235');
  assert.equal(fmt(3, 'tasks'), '3');
  assert.equal(fmt(0.0081, 'CLS'), '0.008');
});

test('an A/B row whose rounds gave no ratio (0 against 0) prints a dash', async () => {
  const zero = { id: 'z', label: 'Z', unit: 'tasks', run: () => 0 };
  const rows = await runGroupAB({ name: 'g', rounds: 2, cases: [zero], otherCases: [{ ...zero }] });
  assert.equal(rows[0].ratio.count, 0);
  assert.deepEqual(renderRowsAB(rows, 'main').slice(2), ['| g | Z | 0 | 0 | tasks | – |']);
});

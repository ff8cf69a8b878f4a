// The guided tour's step list, its player and its guesses: pure logic, no core needed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { STEPS, STEP_COUNT, clampStep, revealedBy, resultsFor, stepLabel, stepRevealing } from '../../web/views/guided/steps.js';
import { createPlayer } from '../../web/views/guided/player.js';
import { evenShares, keyStep, maskedCells, scoreMask, scorePin, scoreShares, scoreTrend, setShare, shareAt } from '../../web/views/guided/guess.js';

test('twelve steps in the chapter order, guesses before the four reveals', () => {
  assert.deepEqual(STEPS.map((s) => s.id),
    ['score', 'bars', 'exp', 'shares', 'scale', 'blend', 'project', 'everyone', 'mask', 'thermostat', 'formula', 'train']);
  assert.equal(STEP_COUNT, 12);
  assert.deepEqual(STEPS.filter((s) => s.guess).map((s) => [s.id, s.guess]),
    [['shares', 'shares'], ['blend', 'pin'], ['mask', 'mask'], ['thermostat', 'trend']]);
  assert.equal(stepLabel(2), 'Step 3 of 12');
});

test('each kind of number is revealed by exactly one step, and never before it', () => {
  const all = STEPS.flatMap((s) => s.reveals);
  assert.equal(new Set(all).size, all.length);
  assert.ok(!revealedBy(2).has('shares'));
  assert.ok(revealedBy(3).has('shares'));
  assert.ok(!revealedBy(4).has('output'));
  assert.equal(stepRevealing('output'), 5);
  assert.equal(stepRevealing('masked-grid'), 8);
  assert.equal(revealedBy(99).size, all.length);
});

test('clampStep keeps any input inside 0 … 11', () => {
  assert.equal(clampStep(-3), 0);
  assert.equal(clampStep(42), 11);
  assert.equal(clampStep('4'), 4);
  assert.equal(clampStep(NaN), 0);
});

test('resultsFor asks the core only for the switch a step compares, and reuses the current run', () => {
  const calls = [];
  const attend = (s) => { calls.push(s); return { causal: s.causal, scaled: s.scaled }; };
  const state = { causal: false, scaled: false };
  const now = { causal: false, scaled: false };
  assert.deepEqual(Object.keys(resultsFor(0, state, now, attend)), ['now']);
  const mask = resultsFor(8, state, now, attend);
  assert.equal(mask.open, now);
  assert.equal(mask.masked.causal, true);
  const thermo = resultsFor(9, state, now, attend);
  assert.equal(thermo.hot, now);
  assert.equal(thermo.cool.scaled, true);
  assert.equal(calls.length, 2);
});

function fakeClock() {
  let pending = null;
  return {
    setTimeout(fn) { pending = fn; return 1; },
    clearTimeout() { pending = null; },
    tick() { const fn = pending; pending = null; fn?.(); },
    get pending() { return pending !== null; },
  };
}

test('player: next, previous, jump; Play advances by itself and Pause stops it', () => {
  const clock = fakeClock();
  const seen = [];
  const p = createPlayer({ onStep: (i, playing) => seen.push([i, playing]), clock });
  p.next(); p.next(); p.previous();
  assert.equal(p.index, 1);
  p.goTo(7); assert.equal(p.index, 7);
  p.goTo(0);
  p.play();
  assert.ok(p.playing && clock.pending);
  clock.tick(); clock.tick();
  assert.equal(p.index, 2);
  p.pause();
  assert.ok(!p.playing && !clock.pending);
  clock.tick();
  assert.equal(p.index, 2);
  p.previous(); p.previous(); p.previous();
  assert.equal(p.index, 0, 'Back stops at the first step');
});

test('player: Play stops at the last step and at a step waiting for a guess', () => {
  const clock = fakeClock();
  const p = createPlayer({ onStep: () => {}, clock, waiting: (i) => i === 3 });
  p.play();
  for (let k = 0; k < 5; k++) clock.tick();
  assert.equal(p.index, 3);
  assert.equal(p.playing, false);
  const q = createPlayer({ onStep: () => {}, clock: fakeClock() });
  q.goTo(11); q.play();
  assert.equal(q.index, 0, 'Play at the end starts over');
});

test('share bars always total 1, whatever is dragged', () => {
  let shares = evenShares(3);
  const total = (xs) => xs.reduce((a, b) => a + b, 0);
  for (const [j, v] of [[1, 0.5], [0, 0.9], [2, 1.7], [1, -4], [0, 0], [2, 0], [1, 1], [0, NaN]]) {
    shares = setShare(shares, j, v);
    assert.ok(Math.abs(total(shares) - 1) < 1e-12, `total ${total(shares)} after bar ${j} = ${v}`);
    assert.ok(shares.every((x) => x >= 0 && x <= 1));
  }
  assert.deepEqual(setShare([1, 0, 0], 0, 0.4).map((x) => x.toFixed(2)), ['0.40', '0.30', '0.30']);
  assert.deepEqual(setShare([0.2, 0.2, 0.6], 0, 0.5).map((x) => x.toFixed(3)), ['0.500', '0.125', '0.375']);
  assert.deepEqual(setShare([0.3], 0, 0.1), [1]);
});

test('guesses are scored against the truth with "you said …, it is …"', () => {
  const s = scoreShares([0.25, 0.5, 0.25], [0.09, 0.665, 0.245], ['the', 'cat', 'sat']);
  assert.equal(s.text, 'For cat you said 0.50, it is 0.67.');
  assert.equal(s.key, 1);
  const pin = scorePin([2, 1], [2.2449, 0.8511]);
  assert.equal(pin.text, 'You said [2.00, 1.00], it is [2.24, 0.85]: 0.29 away.');
  assert.deepEqual(maskedCells(3), ['0,1', '0,2', '1,2']);
  assert.equal(scoreMask(['0,1', '0,2', '1,2'], 3).text, 'You picked 3 of the 3 masked cells: all of them, and no others.');
  assert.equal(scoreMask(['0,1', '1,0'], 3).text, 'You picked 1 of the 3 masked cells and 1 that stays.');
  assert.equal(scoreTrend('rises', 0.665, 0.58, 'falls').text, 'You said it rises; it falls: 0.67 → 0.58.');
});

test('a share bar by keyboard and by pointer: hundredths, always within 0 … 1', () => {
  assert.equal(keyStep(1 / 3, 'ArrowRight'), 0.34);
  assert.equal(keyStep(0.5, 'ArrowLeft'), 0.49);
  assert.equal(keyStep(0.5, 'ArrowUp'), 0.51);
  assert.equal(keyStep(0.95, 'PageUp'), 1);
  assert.equal(keyStep(0.05, 'PageDown'), 0);
  assert.equal(keyStep(0.5, 'Home'), 0);
  assert.equal(keyStep(0.5, 'End'), 1);
  assert.equal(keyStep(0.5, 'Enter'), null);
  assert.equal(shareAt(160, 100, 200), 0.3);
  assert.equal(shareAt(50, 100, 200), 0);
  assert.equal(shareAt(400, 100, 200), 1);
  assert.equal(shareAt(150, 100, 0), 0);
});

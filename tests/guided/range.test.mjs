// steps="1-4" / steps="7": the tour locked to a range; bad values get a message and the whole tour.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseSteps } from '../../web/views/guided/range.js';
import { createPlayer } from '../../web/views/guided/player.js';

test('parseSteps: a range, one step, spaces and an en dash; absent or empty is the whole tour', () => {
  assert.deepEqual(parseSteps('1-4', 12), { from: 0, to: 3, message: null });
  assert.deepEqual(parseSteps('7', 12), { from: 6, to: 6, message: null });
  assert.deepEqual(parseSteps(' 11 – 12 ', 12), { from: 10, to: 11, message: null });
  assert.deepEqual(parseSteps(null, 12), { from: 0, to: 11, message: null });
  assert.deepEqual(parseSteps('  ', 12), { from: 0, to: 11, message: null });
});

test('parseSteps: every bad value gets a short message and the whole tour', () => {
  for (const bad of ['0', '13', '4-2', '1-13', 'one', '1-', '-3', '1,2', '2.5', '1-4-6', '<b>1</b>']) {
    const r = parseSteps(bad, 12);
    assert.deepEqual([r.from, r.to], [0, 11], bad);
    assert.match(r.message, /^steps=".*" is not a step \(1 to 12\) or a range such as "1-4"; showing the whole tour\.$/, bad);
  }
  assert.equal(parseSteps('x'.repeat(500), 12).message.length < 200, true, 'a long value is clipped');
});

function fakeClock() {
  let pending = null;
  return {
    setTimeout(fn) { pending = fn; return 1; },
    clearTimeout() { pending = null; },
    tick() { const fn = pending; pending = null; fn?.(); },
  };
}

test('player in a range: next, previous, jumps and Play stay inside it', () => {
  const clock = fakeClock();
  const p = createPlayer({ onStep: () => {}, clock });
  p.setRange(3, 5);
  assert.equal(p.index, 3, 'the step on screen moves into the range');
  p.next(); p.next(); p.next();
  assert.equal(p.index, 5, 'Next stops at the end of the range');
  p.goTo(0);
  assert.equal(p.index, 3);
  p.goTo(11);
  assert.equal(p.index, 5);
  p.play();
  assert.equal(p.index, 3, 'Play at the end starts over at the range\'s start');
  clock.tick(); clock.tick(); clock.tick();
  assert.equal(p.index, 5);
  assert.equal(p.playing, false, 'Play stops at the end of the range');
  p.setRange(6, 6);
  assert.equal(p.index, 6);
  p.previous();
  assert.equal(p.index, 6);
});

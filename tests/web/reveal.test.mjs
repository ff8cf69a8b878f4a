// web/widget/reveal.js packFrames: a widget's boxes, in order, into frames of at most the budget,
// every box exactly once, a box heavier than the budget in a frame of its own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FRAME_BUDGET, packFrames } from '../../web/widget/reveal.js';

const weightsOf = (frames, weights) => frames.map((frame) => frame.reduce((sum, i) => sum + weights[i], 0));

test('every box once, in order, no frame over the budget', () => {
  const weights = [30, 50, 80, 10, 160, 1, 1, 159, 2];
  const frames = packFrames(weights, 160);
  assert.deepEqual(frames.flat(), weights.map((_, i) => i));
  for (const load of weightsOf(frames, weights)) assert.ok(load <= 160, `a frame of ${load}`);
  assert.deepEqual(frames, [[0, 1, 2], [3], [4], [5, 6], [7], [8]]);
});

test('a box heavier than the budget gets a frame of its own, and the next box a new frame', () => {
  assert.deepEqual(packFrames([5, 500, 5], 160), [[0], [1], [2]]);
});

test('frames are as full as the order allows: no two neighbours would fit in one', () => {
  const weights = Array.from({ length: 60 }, (_, i) => 1 + ((i * 37) % 90));
  const loads = weightsOf(packFrames(weights, FRAME_BUDGET), weights);
  const frames = packFrames(weights, FRAME_BUDGET);
  for (let f = 1; f < frames.length; f++) assert.ok(loads[f - 1] + weights[frames[f][0]] > FRAME_BUDGET);
});

test('nothing to show: no frames', () => {
  assert.deepEqual(packFrames([], 160), []);
});

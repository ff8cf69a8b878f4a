// The asker panel's blend sentence names the value its asker weighs most, and says a tie as a tie
// (decided on the printed two-decimal shares). Results written by hand: the oracle is the sentence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blendSentence } from '../../web/views/widget/asker.js';

const result = (weights) => ({
  weights: [weights],
  values: [[1, 0], [3, 1], [0, 2]],
  outputs: [[weights[0] + 3 * weights[1], weights[1] + 2 * weights[2]]],
});
const tokens = ['the', 'cat', 'sat'];

test('one largest share: its value, "the value it weighs most"', () => {
  assert.equal(blendSentence(tokens, result([0.09, 0.67, 0.24]), 0),
    'o(the) = 0.09 × v(the) + 0.67 × v(cat) + 0.24 × v(sat) ≈ [2.10, 1.15], beside v(cat) = [3, 1], the value it weighs most.');
});

test('two shares that print the same are a tie, said as one', () => {
  assert.equal(blendSentence(tokens, result([0.4951, 0.4949, 0.01]), 0),
    'o(the) = 0.50 × v(the) + 0.49 × v(cat) + 0.01 × v(sat) ≈ [1.98, 0.51], beside v(the) = [1, 0], the value it weighs most.');
  assert.equal(blendSentence(tokens, result([0.497, 0.496, 0.007]), 0),
    'o(the) = 0.50 × v(the) + 0.50 × v(cat) + 0.01 × v(sat) ≈ [1.98, 0.51], beside v(the) = [1, 0] and v(cat) = [3, 1], '
    + 'the values it weighs most, tied at 0.50.');
});

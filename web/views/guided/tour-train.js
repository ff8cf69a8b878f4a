// Step 12's words, written from the gradient step the core just took on the goal
// "sat attends to the" (web/views/train/goals.js): which row of W_Q moved, and why that
// row. Pure: plain states and the core's result for the state before the step. In the language
// in force: which sentence is true is decided here, its words are the catalogue's ('tour.train.*').
//
// Why the rows move as they do: the loss is −log(share of the target key) on the asker's row
// only, so W_Q counts only through q_asker = W_Q · x_asker. Its gradient on q_asker is
// (Σ_j w_j k_j − k_target) ÷ divisor, and row r of W_Q moves by −rate × (that, slot r) × x_asker:
// every row alike but for slot r's gap between k_target and the shares' blend of the keys.
import { MINUS, fixed2, fixed3, inputText } from '../../shared/numbers.js';
import { possessive } from './captions.js';
import { t as say } from './words.js';

// A change to three decimals with its sign, in the language in force: "+0.002", "−0.018".
// Whether it is "0.000" is read from the English digits (the same in every language).
const still = (x) => Math.abs(x).toFixed(3) === '0.000';
const signed3 = (x) => (still(x) ? fixed3(0) : `${x < 0 ? MINUS : '+'}${fixed3(Math.abs(x))}`);
// The smallest change the sentence counts: 0.0005 in the locale's notation.
const LIMIT = () => inputText(0.0005);

/** The largest |change| in each row of a grid between two states' copies of it. */
export function rowMoves(before, after) {
  return before.map((row, r) => row.reduce((m, x, c) => (Math.abs(after[r][c] - x) > Math.abs(m) ? after[r][c] - x : m), 0));
}

/**
 * Slot by slot, the gap between the target key's k and the asker's shares' blend of the keys
 * (Σ_j w_j k_j), from the core's result before the step: the push on q_asker's slot r is this gap.
 */
export function keyGaps(result, asker, target) {
  const w = result.weights[asker];
  const blend = result.keys[0].map((_, r) => result.keys.reduce((t, k, j) => t + w[j] * k[r], 0));
  return blend.map((b, r) => ({ target: result.keys[target][r], blend: b, gap: result.keys[target][r] - b }));
}

/**
 * The sentence after a step: what moved in W_Q (and W_K, W_V), and why the row that moved most did.
 * before/after: the states; result: the core's attend(before); asker, target: token indices; steps: the count.
 */
export function stepSentence({ before, after, result, asker, target, steps }) {
  const t = before.tokens;
  const q = rowMoves(before.wq, after.wq);
  const order = q.map((m, r) => r).sort((a, b) => Math.abs(q[b]) - Math.abs(q[a]));
  const [top] = order;
  const resting = q.filter(still).length;
  let moved;
  if (still(q[top])) moved = say('tour.train.none', { n: steps, limit: LIMIT() });
  else if (q.length === 1) moved = say('tour.train.oneRow', { n: steps, change: signed3(q[top]) });
  else {
    const others = listOthers(order.slice(1).map((r) => say('tour.train.rowChange', { row: r + 1,
      change: still(q[r]) ? say('tour.train.under', { limit: LIMIT() }) : signed3(q[r]) })));
    const only = resting === q.length - 1;
    moved = say(only ? 'tour.train.onlyRow' : 'tour.train.mostRow', { n: steps, row: top + 1, change: signed3(q[top]), others });
  }
  const gaps = keyGaps(result, asker, target);
  const g = gaps[top];
  const why = still(q[top]) ? ''
    : say(gaps.length > 1 ? 'tour.train.whyFurthest' : 'tour.train.whyFar', { owner: possessive(t[asker]), asker: t[asker],
      row: top + 1, key: t[target], target: fixed2(g.target), blend: fixed2(g.blend) });
  const k = Math.max(...rowMoves(before.wk, after.wk).map(Math.abs));
  const v = Math.max(...rowMoves(before.wv, after.wv).map(Math.abs));
  const rest = say(v === 0 ? 'tour.train.restStill' : 'tour.train.rest', { k: signed3(k).replace('+', ''), v: signed3(v) });
  return moved + why + rest;
}

// "row 1 +0.002, row 3 under 0.0005": the other rows, in the list separator of the language.
const listOthers = (items) => items.join(say('tour.train.separator'));

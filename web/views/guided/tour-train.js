// Step 12's words, written from the gradient step the core just took on the goal
// "sat attends to the" (web/views/train/goals.js): which row of W_Q moved, and why that
// row. Pure: plain states and the core's result for the state before the step.
//
// Why the rows move as they do: the loss is −log(share of the target key) on the asker's row
// only, so W_Q counts only through q_asker = W_Q · x_asker. Its gradient on q_asker is
// (Σ_j w_j k_j − k_target) ÷ divisor, and row r of W_Q moves by −rate × (that, slot r) × x_asker:
// every row alike but for slot r's gap between k_target and the shares' blend of the keys.
import { fixed2 } from '../../shared/numbers.js';

const signed3 = (x) => {
  const t = Math.abs(x).toFixed(3);
  if (t === '0.000') return '0.000';
  return `${x < 0 ? '\u2212' : '+'}${t}`;
};

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
  const rowName = (r) => `row ${r + 1}`;
  const still = q.filter((m) => signed3(m) === '0.000').length;
  let moved;
  if (signed3(q[top]) === '0.000') moved = `Step ${steps}: no cell of W_Q moved by as much as 0.0005.`;
  else if (q.length === 1) moved = `Step ${steps}: W_Q's one row moved (largest change ${signed3(q[top])}).`;
  else {
    const others = order.slice(1).map((r) => `${rowName(r)} ${signed3(q[r]) === '0.000' ? 'under 0.0005' : signed3(q[r])}`);
    const only = still === q.length - 1;
    moved = `Step ${steps}: ${only ? 'only ' : ''}${rowName(top)} of W_Q moved${only ? '' : ' most'} `
      + `(largest change ${signed3(q[top])}; ${others.join(', ')}).`;
  }
  const gaps = keyGaps(result, asker, target);
  const g = gaps[top];
  const why = signed3(q[top]) === '0.000' ? ''
    : ` Why: the loss reads only ${possessive(t[asker])} shares, so W_Q acts only through q_${t[asker]}; `
      + `${rowName(top)} makes its slot ${top + 1}, where k_${t[target]} (${fixed2(g.target)}) is `
      + `${gaps.length > 1 ? 'furthest' : 'far'} from the shares' blend of the keys (${fixed2(g.blend)}).`;
  const k = Math.max(...rowMoves(before.wk, after.wk).map(Math.abs));
  const v = Math.max(...rowMoves(before.wv, after.wv).map(Math.abs));
  const rest = ` W_K moved up to ${signed3(k).replace('+', '')}; W_V ${v === 0 ? 'not at all (values never change a share)' : `by ${signed3(v)}`}.`;
  return moved + why + rest;
}

const possessive = (w) => (/^it$/i.test(w) ? `${w}s` : `${w}'s`);

// Misconception probes: before six reveals (in `predict` mode) the tour asks a one-line
// question whose intuitive answer is wrong, then shows the numbers that settle it.
// Each probe is written from the current numbers, so after an edit it asks about the
// learner's numbers, and when an edit removed the counterexample its verdict says so.
// Pure: (state, results) -> { kind, question, choices, truth, holds, highlight, why }.
//   truth: the id of the right choice for these numbers; holds: whether these numbers
//   contradict the misconception; highlight: { keys: [j] } (bars) or { cells: ['i,j'] } (grids);
//   why: one or two sentences from the numbers, shown with the reveal.
// Winners, trends and ties are read from the printed two-decimal values (fixed2), as the captions do.
import { compact, fixed2, vector } from '../../shared/numbers.js';
import { leaders, possessive, visibleKeys } from './captions.js';

/** The six kinds, in tour order: the misconception each one tests. */
export const PROBE_KINDS = Object.freeze({
  rescaled: 'shares are the scores rescaled to total 1',
  values: 'changing a value changes who gets attention',
  outside: 'the blend can land outside the values it mixes',
  symmetric: 'attention is symmetric',
  renormalise: 'the mask only deletes cells',
  ranking: 'dividing by √d_k can change which key wins',
});

const listOf = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const printedSame = (a, b) => fixed2(a) === fixed2(b);
const self = (state, i, j) => (i === j ? 'itself' : state.tokens[j]);

/** Whether probe `kind` can be asked for this example (a pair needs two words, the mask a later word). */
export function canProbe(kind, state) {
  if (!kind) return false;
  if (kind === 'symmetric' || kind === 'renormalise') return state.tokens.length >= 2;
  return true;
}

/** The probe of `kind` for the current state and the step's results (see resultsFor in steps.js). */
export function probeFor(kind, state, results) {
  return BUILD[kind](state, results);
}

/**
 * A learner's answer (a choice id, or null when skipped) against the probe: the event's fields
 * { kind, guess, truth, error (0 right, 1 wrong, null skipped), text }.
 */
export function scoreProbe(probe, answer) {
  if (answer === null) return { kind: probe.kind, guess: null, truth: probe.truth, error: null, text: `Skipped. ${probe.why}` };
  const right = answer === probe.truth;
  const said = probe.choices.find((c) => c.id === answer)?.text ?? String(answer);
  return { kind: probe.kind, guess: answer, truth: probe.truth, error: right ? 0 : 1,
    text: `You said “${said}”: ${right ? 'right' : 'not so'}. ${probe.why}` };
}

const BUILD = {
  // Step 4: softmax is not "each score ÷ their total" (e^score stretches the gaps; negatives allowed).
  rescaled(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const s = now.scores[i];
    const w = now.weights[i];
    const total = keys.reduce((t, j) => t + s[j], 0);
    const naive = keys.every((j) => s[j] >= 0) && total > 0 ? keys.map((j) => s[j] / total) : null;
    const scores = listOf(keys.map((j) => compact(s[j])));
    const question = naive
      ? `The scores are ${scores}. Will the shares be each score ÷ their total (${listOf(naive.map(fixed2))})?`
      : `The scores are ${scores}. Will the shares be the scores, rescaled so they total 1?`;
    const choices = [{ id: 'yes', text: 'Yes, just rescaled' }, { id: 'no', text: 'No, something else' }];
    const gaps = naive ? keys.map((j, k) => Math.abs(w[j] - naive[k])) : keys.map(() => 0);
    const worst = keys[gaps.indexOf(Math.max(...gaps))];
    const same = naive !== null && keys.every((j, k) => printedSame(w[j], naive[k]));
    const shares = listOf(keys.map((j) => `${state.tokens[j]} ${fixed2(w[j])}`));
    let why;
    if (same) {
      why = `In these numbers they match (${shares}): ${keys.length === 1 ? 'one key always gets 1.00' : 'equal scores give equal shares either way'}, `
        + 'so this example cannot show the difference. With unequal scores they part: e to each score stretches the gaps first.';
    } else if (!naive) {
      why = `The shares are ${shares}: every share is positive even for a score of 0 or below, because each score goes `
        + 'through e first (e^score > 0), then is divided by the total.';
    } else {
      const k = keys.indexOf(worst);
      why = `The shares are ${shares}. Rescaled, ${possessive(state.tokens[worst])} score ${compact(s[worst])} would give `
        + `${fixed2(naive[k])}, but its share is ${fixed2(w[worst])}: each score goes through e first, then is divided by the total of the e's.`;
    }
    return { kind: 'rescaled', question, choices, truth: same ? 'yes' : 'no', holds: !same,
      highlight: { keys: same ? [] : [worst] }, why };
  },

  // Step 5: the shares come from q and k; the values are only what is handed over (the core runs
  // again with W_V doubled, which doubles every value and nothing else).
  values(state, { now, revalued }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const w = now.weights[i];
    const top = leaders(w, keys)[0];
    const question = `Suppose every value were doubled, each arrow twice as long. Does ${possessive(state.tokens[i])} `
      + `share for ${self(state, i, top)} (${fixed2(w[top])}) change?`;
    const choices = [{ id: 'changes', text: 'Yes, it changes' }, { id: 'same', text: 'No, it stays' }];
    const after = revalued.weights[i];
    const same = keys.every((j) => printedSame(w[j], after[j]));
    const arrow = `v_${state.tokens[top]} ${vector(now.values[top])} → ${vector(revalued.values[top])}`;
    const why = same
      ? `With every value doubled, ${possessive(state.tokens[i])} shares are still ${listOf(keys.map((j) => fixed2(after[j])))}; `
        + `only the arrows grow (${arrow}). Shares are made from q and k; the values are used after them.`
      : `With every value doubled the shares print as ${listOf(keys.map((j) => fixed2(after[j])))}.`; // cannot happen: told if it did
    return { kind: 'values', question, choices, truth: same ? 'same' : 'changes', holds: same,
      highlight: { keys: [top] }, why };
  },

  // Step 6: shares are ≥ 0 and total 1, so o is an average: inside the values, slot by slot.
  outside(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const o = now.outputs[i];
    const question = `Can o_${state.tokens[i]} land outside the values it blends, beyond every value arrow in some direction?`;
    const choices = [{ id: 'yes', text: 'Yes, it can overshoot' }, { id: 'no', text: 'No, it stays among them' }];
    const slots = o.slice(0, 2).map((x, r) => {
      const vs = keys.map((j) => now.values[j][r]);
      return { x, lo: Math.min(...vs), hi: Math.max(...vs), r };
    });
    const inside = slots.every(({ x, lo, hi }) => x >= lo - 1e-9 && x <= hi + 1e-9);
    const ordinal = ['first', 'second'];
    const where = slots.map(({ x, lo, hi, r }) => (printedSame(lo, hi)
      ? `its ${ordinal[r]} number ${fixed2(x)} is every value's`
      : `its ${ordinal[r]} number ${fixed2(x)} lies between ${fixed2(lo)} and ${fixed2(hi)}`));
    const why = keys.length === 1
      ? `With one key in sight o_${state.tokens[i]} is exactly its value, ${vector(o, fixed2)}.`
      : `o_${state.tokens[i]} ≈ ${vector(o, fixed2)}: ${listOf(where)}. The shares are never negative and total 1, `
        + 'so o is an average of the values and cannot pass them.';
    return { kind: 'outside', question, choices, truth: inside ? 'no' : 'yes', holds: inside, highlight: { keys: [] }, why };
  },

  // Step 8: a's share for b and b's share for a come from different grids (W_Q for the asker, W_K for the key).
  symmetric(state, { now }) {
    const n = state.tokens.length;
    const pairs = [];
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) pairs.push([a, b]);
    const w = now.weights;
    const open = (a, b) => now.logits[a][b] !== -Infinity && now.logits[b][a] !== -Infinity;
    const pool = pairs.some(([a, b]) => open(a, b)) ? pairs.filter(([a, b]) => open(a, b)) : pairs;
    // The pair whose two shares differ most; the larger one first, as the chapter says it.
    // The pair that prints different shares with the widest gap (if none prints different, the widest gap).
    const rank = ([a, b]) => (printedSame(w[a][b], w[b][a]) ? 0 : 10) + Math.abs(w[a][b] - w[b][a]);
    const [a0, b0] = pool.reduce((best, p) => (rank(p) > rank(best) ? p : best), pool[0]);
    const [a, b] = w[a0][b0] >= w[b0][a0] ? [a0, b0] : [b0, a0];
    const [ta, tb] = [state.tokens[a], state.tokens[b]];
    const question = `Does ${tb} give ${ta} as much attention as ${ta} gives ${tb}?`;
    const choices = [{ id: 'same', text: 'Yes, the same' }, { id: 'differs', text: 'No, it can differ' }];
    const same = printedSame(w[a][b], w[b][a]);
    const masked = !open(a, b);
    let why;
    if (same) {
      why = `Here they print the same, ${fixed2(w[a][b])} each, and so does every other pair${pool.length < pairs.length ? ' both can see' : ''}: `
        + 'these numbers remove the counterexample. In general they differ: the asker brings its query (W_Q), '
        + 'the other word its key (W_K), two different grids.';
    } else if (masked) {
      why = `${ta} gives ${tb} ${fixed2(w[a][b])}, ${tb} gives ${ta} ${fixed2(w[b][a])}: with the causal mask on, `
        + 'an earlier word cannot look at a later one at all.';
    } else {
      why = `${ta} gives ${tb} ${fixed2(w[a][b])}, but ${tb} gives ${ta} ${fixed2(w[b][a])}: the asker brings its query `
        + '(W_Q), the other word its key (W_K), two different grids, so the Shares grid is not a mirror image.';
    }
    return { kind: 'symmetric', question, choices, truth: same ? 'same' : 'differs', holds: !same,
      highlight: { cells: [`${a},${b}`, `${b},${a}`] }, why };
  },

  // Step 9: masking blanks cells, and each row is divided by its own new total, so what stays grows.
  renormalise(state, { open, masked }) {
    const n = state.tokens.length;
    // The cell whose printed share moves most, in a row that keeps two or more keys when there is
    // one (the first word's row keeps only itself: 1.00 says less about renormalising).
    const rows = n >= 3 ? Array.from({ length: n - 2 }, (_, k) => k + 1) : [0];
    let best = null;
    for (const i of rows) {
      for (let j = 0; j <= i; j++) {
        const rise = masked.weights[i][j] - open.weights[i][j];
        const score = [printedSame(masked.weights[i][j], open.weights[i][j]) ? 0 : 1, rise];
        if (!best || score[0] > best.score[0] || (score[0] === best.score[0] && score[1] > best.score[1])) {
          best = { i, j, score };
        }
      }
    }
    const { i, j } = best;
    const before = open.weights[i][j];
    const after = masked.weights[i][j];
    const t = state.tokens;
    const question = `The mask blanks the cells right of the diagonal. What happens to ${possessive(t[i])} share for `
      + `${self(state, i, j)}, ${fixed2(before)} without the mask?`;
    const choices = [{ id: 'stays', text: `It stays ${fixed2(before)}` }, { id: 'rises', text: 'It rises' },
      { id: 'falls', text: 'It falls' }];
    const moved = !printedSame(before, after);
    const truth = !moved ? 'stays' : after > before ? 'rises' : 'falls';
    const gone = open.weights[i].slice(i + 1).reduce((s, x) => s + x, 0);
    const why = moved
      ? `${possessive(t[i])} share for ${self(state, i, j)} goes ${fixed2(before)} → ${fixed2(after)}: the mask takes away `
        + `${fixed2(gone)} of the row, and each row is divided by its own new total, so the shares that remain grow to fill 1.`
      : `Here it stays ${fixed2(before)}: the cells the mask blanks held ${fixed2(gone)} of ${possessive(t[i])} row, `
        + 'so these numbers cannot show it. Each row is divided by its own new total: when the blanked cells hold '
        + 'more, what remains grows.';
    return { kind: 'renormalise', question, choices, truth, holds: moved, highlight: { cells: [`${i},${j}`] }, why };
  },

  // Step 10: dividing every score by the same positive number keeps their order.
  ranking(state, { hot, cool }) {
    const i = state.asker;
    const keys = visibleKeys(hot, i);
    const question = `Dividing every score by √d_k before softmax: can it change which key gets `
      + `${possessive(state.tokens[i])} largest share?`;
    const choices = [{ id: 'yes', text: 'Yes, the winner can change' }, { id: 'no', text: 'No, the same key stays on top' }];
    const before = leaders(hot.weights[i], keys);
    const after = leaders(cool.weights[i], keys);
    const names = (js) => listOf(js.map((j) => self(state, i, j)));
    const values = (r, js) => `${fixed2(r.weights[i][js[0]])}${js.length > 1 ? ' each' : ''}`;
    const exactTop = (r) => keys.reduce((b, j) => (r.weights[i][j] > r.weights[i][b] ? j : b), keys[0]);
    const kept = exactTop(hot) === exactTop(cool);
    const sameLeaders = before.join() === after.join();
    const d = cool.divisor;
    let why;
    if (d === 1) {
      why = `Here d_k = 1, so √d_k = 1 and nothing changes: ${names(before)} on top either way. Dividing every score by `
        + 'the same positive number never reorders them; it only shrinks the gaps.';
    } else if (sameLeaders) {
      why = `${names(before)} ${before.length > 1 ? 'share' : 'keeps'} the top: ${values(hot, before)} → ${values(cool, after)}. `
        + `Dividing every score by ${fixed2(d)} keeps their order; it only shrinks the gaps, so the blend softens.`;
    } else {
      why = `On top before: ${names(before)} (${values(hot, before)}); after, ${names(after)} print the same `
        + `(${values(cool, after)}), but the order of the exact shares is unchanged: dividing by ${fixed2(d)} only shrinks the gaps.`;
    }
    return { kind: 'ranking', question, choices, truth: kept ? 'no' : 'yes', holds: kept,
      highlight: { keys: before }, why };
  },
};

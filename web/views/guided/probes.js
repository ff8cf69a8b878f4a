// Misconception probes: before six reveals (in `predict` mode) the tour asks a one-line
// question whose intuitive answer is wrong, then shows the numbers that settle it.
// Each probe is written from the current numbers, so after an edit it asks about the
// learner's numbers, and when an edit removed the counterexample its verdict says so.
// Pure: (state, results) -> { kind, question, choices, truth, holds, highlight, why }.
//   truth: the id of the right choice for these numbers; holds: whether these numbers
//   contradict the misconception; highlight: { keys: [j] } (bars) or { cells: ['i,j'] } (grids);
//   why: one or two sentences from the numbers, shown with the reveal.
// Winners, trends and ties are read from the printed two-decimal values (fixed2), as the captions do.
// In the language in force: which sentence is true is decided here, the words are the catalogue's
// ('tour.probe.*'). PROBE_KINDS stays English: it names the kinds for authors, not for learners.
import { compact, fixed2, vector } from '../../shared/numbers.js';
import { leaders, named as pair, possessive, visibleKeys, word } from './captions.js';
import { listAnd } from '../../shared/i18n/messages.js';
import { t } from './words.js';

/** The six kinds, in tour order: the misconception each one tests. */
export const PROBE_KINDS = Object.freeze({
  rescaled: 'shares are the scores rescaled to total 1',
  values: 'changing a value changes who gets attention',
  outside: 'the blend can land outside the values it mixes',
  symmetric: 'attention is symmetric',
  renormalise: 'the mask only deletes cells',
  ranking: 'dividing by √d_k can change which key wins',
});

const printedSame = (a, b) => fixed2(a) === fixed2(b);
// The key `j` as the asker `i` names it: itself, or the word.
const self = (state, i, j) => (i === j ? t('tour.itself') : word(state.tokens[j]));
// "the 0.09, cat 0.67 and sat 0.24"
const named = (state, keys, value) => listAnd(keys.map((j) => pair(state.tokens[j], value(j))));
const choice = (id, key, values) => ({ id, text: t(key, values) });

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
  if (answer === null) return { kind: probe.kind, guess: null, truth: probe.truth, error: null,
    text: t('tour.probe.skipped', { why: probe.why }) };
  const right = answer === probe.truth;
  const said = probe.choices.find((c) => c.id === answer)?.text ?? String(answer);
  return { kind: probe.kind, guess: answer, truth: probe.truth, error: right ? 0 : 1,
    text: t(right ? 'tour.probe.right' : 'tour.probe.wrong', { said, why: probe.why }) };
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
    const scores = listAnd(keys.map((j) => compact(s[j])));
    const question = naive ? t('tour.probe.rescaled.naive', { scores, naive: listAnd(naive.map(fixed2)) })
      : t('tour.probe.rescaled', { scores });
    const choices = [choice('yes', 'tour.probe.rescaled.yes'), choice('no', 'tour.probe.rescaled.no')];
    const gaps = naive ? keys.map((j, k) => Math.abs(w[j] - naive[k])) : keys.map(() => 0);
    const worst = keys[gaps.indexOf(Math.max(...gaps))];
    const same = naive !== null && keys.every((j, k) => printedSame(w[j], naive[k]));
    const shares = named(state, keys, (j) => fixed2(w[j]));
    let why;
    if (same) why = t(keys.length === 1 ? 'tour.probe.rescaled.sameOne' : 'tour.probe.rescaled.sameEqual', { shares, one: fixed2(1) });
    else if (!naive) why = t('tour.probe.rescaled.positive', { shares });
    else {
      const k = keys.indexOf(worst);
      why = t('tour.probe.rescaled.why', { shares, owner: possessive(state.tokens[worst]), score: compact(s[worst]),
        naive: fixed2(naive[k]), share: fixed2(w[worst]) });
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
    const question = t('tour.probe.values', { owner: possessive(state.tokens[i]), whom: self(state, i, top), share: fixed2(w[top]) });
    const choices = [choice('changes', 'tour.probe.values.changes'), choice('same', 'tour.probe.values.same')];
    const after = revalued.weights[i];
    const same = keys.every((j) => printedSame(w[j], after[j]));
    const arrow = `v_${state.tokens[top]} ${vector(now.values[top])} → ${vector(revalued.values[top])}`;
    const list = listAnd(keys.map((j) => fixed2(after[j])));
    const why = same ? t('tour.probe.values.why', { owner: possessive(state.tokens[i]), list, arrow })
      : t('tour.probe.values.changed', { list }); // cannot happen: told if it did
    return { kind: 'values', question, choices, truth: same ? 'same' : 'changes', holds: same,
      highlight: { keys: [top] }, why };
  },

  // Step 6: shares are ≥ 0 and total 1, so o is an average: inside the values, slot by slot.
  outside(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const o = now.outputs[i];
    const question = t('tour.probe.outside', { asker: word(state.tokens[i]) });
    const choices = [choice('yes', 'tour.probe.outside.yes'), choice('no', 'tour.probe.outside.no')];
    const slots = o.slice(0, 2).map((x, r) => {
      const vs = keys.map((j) => now.values[j][r]);
      return { x, lo: Math.min(...vs), hi: Math.max(...vs), r };
    });
    const inside = slots.every(({ x, lo, hi }) => x >= lo - 1e-9 && x <= hi + 1e-9);
    // The first and the second number: a key each, so a language writes its own ordinals.
    const where = slots.map(({ x, lo, hi, r }) => t(`tour.probe.outside.${printedSame(lo, hi) ? 'every' : 'between'}${r + 1}`,
      { x: fixed2(x), lo: fixed2(lo), hi: fixed2(hi) }));
    const why = keys.length === 1 ? t('tour.probe.outside.one', { asker: state.tokens[i], o: vector(o, fixed2) })
      : t('tour.probe.outside.why', { asker: state.tokens[i], o: vector(o, fixed2), where: listAnd(where) });
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
    const [ta, tb] = [word(state.tokens[a]), word(state.tokens[b])];
    const question = t('tour.probe.symmetric', { a: ta, b: tb });
    const choices = [choice('same', 'tour.probe.symmetric.same'), choice('differs', 'tour.probe.symmetric.differs')];
    const same = printedSame(w[a][b], w[b][a]);
    const masked = !open(a, b);
    const values = { a: ta, b: tb, ab: fixed2(w[a][b]), ba: fixed2(w[b][a]) };
    let why;
    if (same) why = t(pool.length < pairs.length ? 'tour.probe.symmetric.sameSeen' : 'tour.probe.symmetric.sameAll', { share: fixed2(w[a][b]) });
    else if (masked) why = t('tour.probe.symmetric.masked', values);
    else why = t('tour.probe.symmetric.why', values);
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
    const owner = possessive(state.tokens[i]);
    const question = t('tour.probe.renormalise', { owner, whom: self(state, i, j), share: fixed2(before) });
    const choices = [choice('stays', 'tour.probe.renormalise.stays', { share: fixed2(before) }),
      choice('rises', 'tour.probe.renormalise.rises'), choice('falls', 'tour.probe.renormalise.falls')];
    const moved = !printedSame(before, after);
    const truth = !moved ? 'stays' : after > before ? 'rises' : 'falls';
    const gone = open.weights[i].slice(i + 1).reduce((s, x) => s + x, 0);
    const why = t(moved ? 'tour.probe.renormalise.why' : 'tour.probe.renormalise.still', { owner, whom: self(state, i, j),
      before: fixed2(before), after: fixed2(after), gone: fixed2(gone) });
    return { kind: 'renormalise', question, choices, truth, holds: moved, highlight: { cells: [`${i},${j}`] }, why };
  },

  // Step 10: dividing every score by the same positive number keeps their order.
  ranking(state, { hot, cool }) {
    const i = state.asker;
    const keys = visibleKeys(hot, i);
    const question = t('tour.probe.ranking', { owner: possessive(state.tokens[i]) });
    const choices = [choice('yes', 'tour.probe.ranking.yes'), choice('no', 'tour.probe.ranking.no')];
    const before = leaders(hot.weights[i], keys);
    const after = leaders(cool.weights[i], keys);
    const names = (js) => listAnd(js.map((j) => self(state, i, j)));
    const values = (r, js) => t('tour.probe.ranking.value', { share: fixed2(r.weights[i][js[0]]), n: js.length });
    const exactTop = (r) => keys.reduce((b, j) => (r.weights[i][j] > r.weights[i][b] ? j : b), keys[0]);
    const kept = exactTop(hot) === exactTop(cool);
    const sameLeaders = before.join() === after.join();
    const d = cool.divisor;
    let why;
    if (d === 1) why = t('tour.probe.ranking.one', { names: names(before) });
    else if (sameLeaders) {
      why = t('tour.probe.ranking.kept', { names: names(before), n: before.length, before: values(hot, before),
        after: values(cool, after), d: fixed2(d) });
    } else {
      why = t('tour.probe.ranking.tied', { before: names(before), beforeValue: values(hot, before), after: names(after),
        afterValue: values(cool, after), d: fixed2(d) });
    }
    return { kind: 'ranking', question, choices, truth: kept ? 'no' : 'yes', holds: kept,
      highlight: { keys: before }, why };
  },
};

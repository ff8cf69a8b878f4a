// One- or two-line captions for the guided steps, written from the core's numbers
// so that no caption can say something the numbers on screen contradict, for any
// example, asker and switch. Pure: (state, results) -> text. results: see
// resultsFor() in steps.js (now, and for the last two steps open/masked, hot/cool).
import { compact, fixed2, percent, products, vector } from '../../shared/numbers.js';
import { STEPS, clampStep } from './steps.js';

/** The caption for step `index`. */
export function captionFor(index, state, results) {
  const id = STEPS[clampStep(index)].id;
  return CAPTIONS[id](state, results);
}

// Keys the asker may look at (not masked), in order.
export function visibleKeys(result, i) {
  return result.logits[i].map((x, j) => j).filter((j) => result.logits[i][j] !== -Infinity);
}

/** The key with the largest share (ties: the first), among visible keys. */
export function topKey(result, i) {
  return visibleKeys(result, i).reduce((best, j) => (result.weights[i][j] > result.weights[i][best] ? j : best),
    visibleKeys(result, i)[0]);
}

/**
 * The keys (of `keys`) whose value prints as the largest one does, in order: one key, or a tie.
 * Ties are decided on the printed text (`text`, two decimals), the numbers a learner reads, so
 * a caption never names one winner of two values that print the same.
 */
export function leaders(values, keys, text = fixed2) {
  const best = keys.reduce((b, j) => (values[j] > values[b] ? j : b), keys[0]);
  return keys.filter((j) => text(values[j]) === text(values[best]));
}

/** The same at the bottom: the keys whose value prints as the smallest one does. */
export function trailers(values, keys, text = fixed2) {
  return leaders(values.map((x) => -x), keys, (x) => text(-x));
}

const name = (state, j) => state.tokens[j];
// "cat's", and "its" for the pronoun "it" (its possessive has no apostrophe).
export const possessive = (t) => (/^it$/i.test(t) ? `${t}s` : `${t}'s`);
const owner = (state, j) => possessive(state.tokens[j]);
const listOf = (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
const MAX_LISTED = 4; // captions list at most this many numbers: two lines, not a table

function listed(state, js, text) {
  const shown = js.slice(0, MAX_LISTED).map((j) => `${name(state, j)} ${text(j)}`);
  if (js.length > MAX_LISTED) shown.push(`${js.length - MAX_LISTED} more`);
  return listOf(shown);
}

// "the and cat", "the, cat, sat, mat and 2 more": the words of a tie.
function namesOf(state, js) {
  const shown = js.slice(0, MAX_LISTED).map((j) => name(state, j));
  if (js.length > MAX_LISTED) shown.push(`${js.length - MAX_LISTED} more`);
  return listOf(shown);
}

const CAPTIONS = {
  score(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const q = now.queries[i];
    const top = leaders(now.scores[i], keys, compact);
    const [best] = top;
    const sum = `${products(q, now.keys[best])} = ${compact(now.scores[i][best])}`;
    const masked = state.tokens.length - keys.length;
    const lead = `${owner(state, i)} query ${vector(q)} meets each key: multiply matching slots, then add.`;
    let loud;
    if (keys.length === 1) loud = ` It sees only ${best === i ? 'itself' : name(state, best)}: ${sum}.`;
    else if (top.length === keys.length) loud = ` Every key it sees scores the same, ${compact(now.scores[i][best])}.`;
    else if (top.length === 1) loud = ` ${name(state, best)} agrees most: ${sum}.`;
    else loud = ` ${namesOf(state, top)} agree most, equally: ${name(state, best)} scores ${sum}, and so `
      + `${top.length > 2 ? 'do' : 'does'} ${namesOf(state, top.slice(1))}.`;
    const hidden = masked ? ` The mask hides the ${masked} later word${masked > 1 ? 's' : ''}.` : '';
    return lead + loud + hidden;
  },

  bars(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const s = now.scores[i];
    const loud = leaders(s, keys, compact);
    const quiet = trailers(s, keys, compact);
    const sign = keys.some((j) => s[j] < 0) ? ' Some are negative: a score can have any sign.'
      : keys.some((j) => s[j] === 0) ? ' A score of exactly 0 is allowed; so is a negative one.'
        : ' A score can be any size and any sign.';
    if (keys.length === 1) return `One score, ${compact(s[keys[0]])}: with one key in sight there is nothing to compare.${sign}`;
    if (loud.length === keys.length) return `Every score is ${compact(s[loud[0]])}: no key stands out yet.${sign}`;
    // A tie is said as one: "the and cat are loudest (2 each)".
    const each = (js) => `(${compact(s[js[0]])}${js.length > 1 ? ' each' : ''})`;
    return `The same scores as bars: ${namesOf(state, loud)} ${loud.length > 1 ? 'are' : 'is'} loudest ${each(loud)}, `
      + `${namesOf(state, quiet)} quietest ${each(quiet)}.${sign}`;
  },

  exp(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const e = now.exponentials[i];
    const divided = now.divisor !== 1 ? `Each score ÷ ${compact(now.divisor)}, then e to the power: ` : 'e to each score: ';
    const big = keys.some((j) => e[j] === Infinity);
    const total = big ? 'too large to print' : fixed2(now.expSums[i]);
    // "Pull ahead" only when some exponential is at least twice another (else they stay close).
    const finite = keys.map((j) => e[j]).filter(Number.isFinite);
    const spread = big || Math.max(...finite) >= 2 * Math.min(...finite);
    const how = spread ? 'and the bigger scores pull far ahead' : 'and close scores stay close';
    return `${divided}${listed(state, keys, (j) => fixed2(e[j]))}. Every bar is now positive, ${how}. Total ${total}.`;
  },

  shares(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const w = now.weights[i];
    const top = leaders(w, keys);
    const sum = keys.reduce((t, j) => t + w[j], 0);
    const exact = [...new Set(top.map((j) => w[j].toFixed(3)))];
    const rounding = exact.length > 1 ? ` (the exact shares ${listOf(exact)} all print as ${fixed2(w[top[0]])})`
      : exact[0] === `${fixed2(w[top[0]])}0` ? '' : ` (the exact ${exact[0]} prints as ${fixed2(w[top[0]])})`;
    const to = top.map((j) => (j === i ? 'itself' : name(state, j)));
    const whom = top.length === 1 ? to[0] : `each of ${listOf(to)}, a tie`;
    return `Divide each by the total: shares ${listed(state, keys, (j) => fixed2(w[j]))}, summing to ${fixed2(sum)}. `
      + `${name(state, i)} pays ${percent(w[top[0]])} of its attention to ${whom}${rounding}.`;
  },

  scale(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const w = now.weights[i];
    const top = leaders(w, keys);
    const low = trailers(w, keys);
    const keeps = top.length === 1 ? `${owner(state, top[0])} value ${vector(now.values[top[0]])} keeps`
      : `The values of ${namesOf(state, top)} each keep`;
    // Something shrinks only when some share prints smaller than the largest (never with one key in sight).
    const shrinks = top.length === keys.length ? ''
      : low.length === 1 ? `; ${owner(state, low[0])} shrinks to ${fixed2(w[low[0]])} of its length`
        : `; those of ${namesOf(state, low)} shrink to ${fixed2(w[low[0]])} of theirs`;
    return `Each value arrow is scaled by its share. ${keeps} ${fixed2(w[top[0]])} of ${top.length === 1 ? 'its' : 'their'} `
      + `length${shrinks}.`;
  },

  blend(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const top = leaders(now.weights[i], keys);
    const o = now.outputs[i];
    const end = `Laid tip to tail, the scaled arrows end at o_${name(state, i)} ≈ ${vector(o, fixed2)}.`;
    if (top.length > 1) {
      const others = top.length < keys.length ? ', more than any other word' : '';
      return `${end} ${name(state, i)} now carries ${namesOf(state, top)} equally `
        + `(${fixed2(now.weights[i][top[0]])} each)${others}.`;
    }
    const [best] = top;
    const v = now.values[best];
    const w = now.weights[i][best];
    const how = cosine(o, v) > 0.95 ? `points almost exactly the way ${owner(state, best)} value ${vector(v)} does`
      : `lies beside ${owner(state, best)} value ${vector(v)}, the one it weighs most`;
    const carries = w >= 0.5 ? `mostly ${name(state, best)}` : `more of ${name(state, best)} than of any other word`;
    return `${end} It ${how}: ${name(state, i)} now carries ${carries}.`;
  },

  project(state, { now }) {
    const i = state.asker;
    const x = state.embeddings[i];
    const q = now.queries[i];
    return `Where the query came from: each violet row of W_Q dots the embedding x_${name(state, i)} = ${vector(x)}, `
      + `giving q_${name(state, i)} = ${vector(q)}. W_K and W_V make k and v the same way.`;
  },

  everyone(state, { now }) {
    const n = state.tokens.length;
    if (n === 1) return `With one token there is one asker: the grid is a single cell, its share ${fixed2(now.weights[0][0])}.`;
    const other = state.asker === 0 ? 1 : 0;
    const keys = visibleKeys(now, other);
    return `Every token asks at once: row i holds token i's ${n} scores, and softmax runs along each row. `
      + `${owner(state, other)} row: ${listed(state, keys, (j) => fixed2(now.weights[other][j]))}.`;
  },

  mask(state, { open, masked }) {
    const n = state.tokens.length;
    const i = state.asker;
    const blanked = (n * (n - 1)) / 2;
    if (n === 1) return 'With one token there is nothing later to hide: the mask changes nothing.';
    const first = `The mask blanks the ${blanked} cell${blanked > 1 ? 's' : ''} above the diagonal (later words), `
      + `then each row's shares are recomputed: the first word, ${name(state, 0)}, now sees only itself `
      + `(${fixed2(masked.weights[0][0])}).`;
    if (i === n - 1) {
      const top = leaders(open.weights[i], visibleKeys(open, i)).map((j) => (j === i ? 'itself' : name(state, j)));
      return `${first} ${name(state, i)} is last, so it keeps ${fixed2(Math.max(...open.weights[i]))} `
        + `for ${top.length > 1 ? `each of ${listOf(top)}` : top[0]}.`;
    }
    const top = topKey(open, i);
    return `${first} ${owner(state, i)} share for ${top === i ? 'itself' : name(state, top)}: `
      + `${fixed2(open.weights[i][top])} before, ${fixed2(masked.weights[i][top])} now.`;
  },

  thermostat(state, { hot, cool }) {
    const i = state.asker;
    const keys = visibleKeys(cool, i);
    const top = topKey(hot, i);
    const before = hot.weights[i][top];
    const after = cool.weights[i][top];
    const who = top === i ? 'itself' : name(state, top);
    if (hot.dK === 1) return `With d_k = 1, √d_k is 1: dividing by it changes nothing (${name(state, i)} still gives `
      + `${fixed2(after)} to ${who}).`;
    const trend = trendOf(before, after);
    const says = trend === 'falls' ? 'softens' : trend === 'rises' ? 'sharpens' : 'stays';
    // The divisor printed is the core's: √d_k, times the temperature when it is not 1.
    const by = state.temperature === 1 ? `√d_k = √${hot.dK} ≈ ${fixed2(cool.divisor)}`
      : `√d_k = √${hot.dK} (with the temperature ${compact(state.temperature)}: ${fixed2(cool.divisor)} in all)`;
    return `Divide every score by ${by}: `
      + `${listed(state, keys, (j) => fixed2(cool.logits[i][j]))}. `
      + `The blend ${says}: ${top === i ? 'its own' : possessive(who)} share ${fixed2(before)} → ${fixed2(after)}.`;
  },

  formula(state, { now }) {
    const i = state.asker;
    return `One line holds every step: softmax(QKᵀ/√d_k)V, every asker at once. For ${name(state, i)} it ends `
      + `at o_${name(state, i)} ≈ ${vector(now.outputs[i], fixed2)}, as in step 6.`;
  },

  // Step 12 trains its own copy of the chapter's cast (train-stage.js): its numbers are on the stage.
  train() {
    return 'Nobody sets W_Q, W_K and W_V by hand: training nudges them a step at a time until a goal is met.';
  },
};

/** 'rises', 'falls' or 'stays' as the two-decimal texts read (what the learner sees). */
export function trendOf(before, after) {
  const a = fixed2(before);
  const b = fixed2(after);
  if (a === b) return 'stays';
  return after > before ? 'rises' : 'falls';
}

function cosine(a, b) {
  let dot = 0; let na = 0; let nb = 0;
  a.forEach((x, k) => { dot += x * b[k]; na += x * x; nb += b[k] * b[k]; });
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

// One- or two-line captions for the guided steps, written from the core's numbers
// so that no caption can say something the numbers on screen contradict, for any
// example, asker and switch. Pure: (state, results) -> text. results: see
// resultsFor() in steps.js (now, and for the last two steps open/masked, hot/cool).
// In the language in force (../../shared/i18n/messages.js): the sentence is chosen here, its words
// are the catalogue's.
import { compact, fixed2, fixed3, percent, products, vector } from '../../shared/numbers.js';
import { currentBundle, listAnd } from '../../shared/i18n/messages.js';
import { isolate } from '../../shared/text.js';
import { STEPS, clampStep } from './steps.js';
import { t } from './words.js';

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

// A token in a sentence. In a right-to-left language it is isolated (U+2068 … U+2069, as the
// widget's own sentences isolate theirs), so a Latin word keeps its place in an Arabic sentence.
const rtl = () => currentBundle().dir === 'rtl';
export const word = (token) => (rtl() ? isolate(token) : token);
/** "the 0.09": a token and its number, one left-to-right unit in a right-to-left sentence (as in the grids). */
export const named = (token, value) => {
  const text = t('tour.named', { token, value });
  return rtl() ? `\u2066${text}\u2069` : text;
};
const name = (state, j) => word(state.tokens[j]);
// "cat's", and "its" for the pronoun "it" (its possessive has no apostrophe): English's rule.
// Other languages write their own possessive in 'tour.owner' ("von cat", "cat 的").
export const possessive = (token) => t(/^it$/i.test(token) ? 'tour.ownerIt' : 'tour.owner', { token: word(token) });
const owner = (state, j) => possessive(state.tokens[j]);
// The key `j` as the asker `i` names it: itself, or the word.
const whom = (state, i, j) => (j === i ? t('tour.itself') : name(state, j));
const MAX_LISTED = 4; // captions list at most this many numbers: two lines, not a table

// "the 0.09, cat 0.67 and 1 more": the words with their numbers, at most MAX_LISTED of them.
function listed(state, js, text) {
  const shown = js.slice(0, MAX_LISTED).map((j) => named(state.tokens[j], text(j)));
  if (js.length > MAX_LISTED) shown.push(t('tour.more', { n: js.length - MAX_LISTED }));
  return listAnd(shown);
}

// "the and cat", "the, cat, sat, mat and 2 more": the words of a tie.
function namesOf(state, js) {
  const shown = js.slice(0, MAX_LISTED).map((j) => name(state, j));
  if (js.length > MAX_LISTED) shown.push(t('tour.more', { n: js.length - MAX_LISTED }));
  return listAnd(shown);
}

// Which sentence is true is decided here, from the numbers; the words are the catalogue's
// ('tour.cap.*', ../../shared/i18n/en-tour.js), a template per language with named placeholders.
const CAPTIONS = {
  score(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const q = now.queries[i];
    const top = leaders(now.scores[i], keys, compact);
    const [best] = top;
    const sum = `${products(q, now.keys[best])} = ${compact(now.scores[i][best])}`;
    const masked = state.tokens.length - keys.length;
    const lead = t('tour.cap.score', { owner: owner(state, i), q: vector(q) });
    let loud;
    if (keys.length === 1) loud = best === i ? t('tour.cap.score.onlySelf', { sum }) : t('tour.cap.score.only', { token: name(state, best), sum });
    else if (top.length === keys.length) loud = t('tour.cap.score.allSame', { score: compact(now.scores[i][best]) });
    else if (top.length === 1) loud = t('tour.cap.score.one', { token: name(state, best), sum });
    else loud = t('tour.cap.score.tie', { tied: namesOf(state, top), token: name(state, best), sum,
      rest: namesOf(state, top.slice(1)), n: top.length - 1 });
    const hidden = masked ? t('tour.cap.score.masked', { n: masked }) : '';
    return lead + loud + hidden;
  },

  bars(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const s = now.scores[i];
    const loud = leaders(s, keys, compact);
    const quiet = trailers(s, keys, compact);
    const sign = t(keys.some((j) => s[j] < 0) ? 'tour.cap.bars.negative'
      : keys.some((j) => s[j] === 0) ? 'tour.cap.bars.zero' : 'tour.cap.bars.any');
    if (keys.length === 1) return t('tour.cap.bars.one', { score: compact(s[keys[0]]), sign });
    if (loud.length === keys.length) return t('tour.cap.bars.allSame', { score: compact(s[loud[0]]), sign });
    // A tie is said as one: "the and cat are loudest (2 each)".
    const each = (js) => t('tour.cap.bars.value', { score: compact(s[js[0]]), n: js.length });
    return t('tour.cap.bars', { loud: namesOf(state, loud), n: loud.length, loudValue: each(loud),
      quiet: namesOf(state, quiet), quietValue: each(quiet), sign });
  },

  exp(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const e = now.exponentials[i];
    const head = now.divisor !== 1 ? t('tour.cap.exp.divided', { divisor: compact(now.divisor) }) : t('tour.cap.exp.plain');
    const big = keys.some((j) => e[j] === Infinity);
    const total = big ? t('number.huge') : fixed2(now.expSums[i]);
    // "Pull ahead" only when some exponential is at least twice another (else they stay close).
    const finite = keys.map((j) => e[j]).filter(Number.isFinite);
    const spread = big || Math.max(...finite) >= 2 * Math.min(...finite);
    return t('tour.cap.exp', { head, list: listed(state, keys, (j) => fixed2(e[j])),
      how: t(spread ? 'tour.cap.exp.spread' : 'tour.cap.exp.close'), total });
  },

  shares(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const w = now.weights[i];
    const top = leaders(w, keys);
    const sum = keys.reduce((total, j) => total + w[j], 0);
    // The exact shares to three decimals, compared as the English text (the same digits in every language).
    const exact = [...new Set(top.map((j) => w[j].toFixed(3)))];
    const printed = fixed2(w[top[0]]);
    const rounding = exact.length > 1 ? t('tour.cap.shares.exactTie', { exact: listAnd(exact.map((x) => fixed3(Number(x)))), printed })
      : exact[0] === `${w[top[0]].toFixed(2)}0` ? '' : t('tour.cap.shares.exact', { exact: fixed3(Number(exact[0])), printed });
    const p = percent(w[top[0]]);
    const pays = top.length > 1 ? t('tour.cap.shares.paysTie', { asker: name(state, i), p, tied: listAnd(top.map((j) => whom(state, i, j))) })
      : top[0] === i ? t('tour.cap.shares.paysSelf', { asker: name(state, i), p })
        : t('tour.cap.shares.pays', { asker: name(state, i), p, token: name(state, top[0]) });
    return t('tour.cap.shares', { list: listed(state, keys, (j) => fixed2(w[j])), sum: fixed2(sum), pays, rounding });
  },

  scale(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const w = now.weights[i];
    const top = leaders(w, keys);
    const low = trailers(w, keys);
    const share = fixed2(w[top[0]]);
    const keeps = top.length === 1 ? t('tour.cap.scale.keeps', { owner: owner(state, top[0]), v: vector(now.values[top[0]]), share })
      : t('tour.cap.scale.keepTie', { tied: namesOf(state, top), share });
    // Something shrinks only when some share prints smaller than the largest (never with one key in sight).
    const shrinks = top.length === keys.length ? ''
      : low.length === 1 ? t('tour.cap.scale.shrinks', { owner: owner(state, low[0]), share: fixed2(w[low[0]]) })
        : t('tour.cap.scale.shrinkTie', { tied: namesOf(state, low), share: fixed2(w[low[0]]) });
    return t('tour.cap.scale', { keeps, shrinks });
  },

  blend(state, { now }) {
    const i = state.asker;
    const keys = visibleKeys(now, i);
    const top = leaders(now.weights[i], keys);
    const o = now.outputs[i];
    const end = t('tour.cap.blend.end', { asker: name(state, i), o: vector(o, fixed2) });
    if (top.length > 1) {
      return t('tour.cap.blend.tie', { end, asker: name(state, i), tied: namesOf(state, top),
        share: fixed2(now.weights[i][top[0]]), others: top.length < keys.length ? t('tour.cap.blend.others') : '' });
    }
    const [best] = top;
    const v = now.values[best];
    const w = now.weights[i][best];
    const how = t(cosine(o, v) > 0.95 ? 'tour.cap.blend.along' : 'tour.cap.blend.beside', { owner: owner(state, best), v: vector(v) });
    const carries = t(w >= 0.5 ? 'tour.cap.blend.mostly' : 'tour.cap.blend.more', { token: name(state, best) });
    return t('tour.cap.blend', { end, how, asker: name(state, i), carries });
  },

  project(state, { now }) {
    const i = state.asker;
    return t('tour.cap.project', { asker: name(state, i), x: vector(state.embeddings[i]), q: vector(now.queries[i]) });
  },

  everyone(state, { now }) {
    const n = state.tokens.length;
    if (n === 1) return t('tour.cap.everyone.one', { share: fixed2(now.weights[0][0]) });
    const other = state.asker === 0 ? 1 : 0;
    const keys = visibleKeys(now, other);
    return t('tour.cap.everyone', { n, owner: owner(state, other),
      list: listed(state, keys, (j) => fixed2(now.weights[other][j])) });
  },

  mask(state, { open, masked }) {
    const n = state.tokens.length;
    const i = state.asker;
    const blanked = (n * (n - 1)) / 2;
    if (n === 1) return t('tour.cap.mask.one');
    const first = t('tour.cap.mask', { n: blanked, first: name(state, 0), share: fixed2(masked.weights[0][0]) });
    if (i === n - 1) {
      const top = leaders(open.weights[i], visibleKeys(open, i)).map((j) => whom(state, i, j));
      return t('tour.cap.mask.last', { first, asker: name(state, i), share: fixed2(Math.max(...open.weights[i])),
        whom: top.length > 1 ? t('tour.cap.mask.eachOf', { tied: listAnd(top) }) : top[0] });
    }
    const top = topKey(open, i);
    return t('tour.cap.mask.other', { first, owner: owner(state, i), whom: whom(state, i, top),
      before: fixed2(open.weights[i][top]), after: fixed2(masked.weights[i][top]) });
  },

  thermostat(state, { hot, cool }) {
    const i = state.asker;
    const keys = visibleKeys(cool, i);
    const top = topKey(hot, i);
    const before = hot.weights[i][top];
    const after = cool.weights[i][top];
    if (hot.dK === 1) return t('tour.cap.thermo.one', { asker: name(state, i), share: fixed2(after), whom: whom(state, i, top) });
    // The divisor printed is the core's: √d_k, times the temperature when it is not 1.
    const by = state.temperature === 1 ? `√d_k = √${hot.dK} ≈ ${fixed2(cool.divisor)}`
      : t('tour.cap.thermo.byTemperature', { dk: hot.dK, t: compact(state.temperature), divisor: fixed2(cool.divisor) });
    const share = top === i ? t('tour.cap.thermo.ownShare', { before: fixed2(before), after: fixed2(after) })
      : t('tour.cap.thermo.share', { owner: owner(state, top), before: fixed2(before), after: fixed2(after) });
    return t('tour.cap.thermo', { by, list: listed(state, keys, (j) => fixed2(cool.logits[i][j])),
      says: t(`tour.cap.thermo.${trendOf(before, after)}`), share });
  },

  formula(state, { now }) {
    const i = state.asker;
    return t('tour.cap.formula', { asker: name(state, i), o: vector(now.outputs[i], fixed2) });
  },

  // Step 12 trains its own copy of the chapter's cast (train-stage.js): its numbers are on the stage.
  train() {
    return t('tour.cap.train');
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

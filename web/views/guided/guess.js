// Guess, then see: the rules for the four guesses the tour asks for in `predict`
// mode, and how each guess is compared with the core's answer. Pure. The verdict's words are the
// catalogue's ('tour.guess.*'), in the language in force; the numbers decide which one is said.
import { fixed2, vector } from '../../shared/numbers.js';
import { topKey, trendOf, word } from './captions.js';
import { t } from './words.js';

/** n equal shares that total 1 (the starting guess for the share bars). */
export function evenShares(n) {
  return Array.from({ length: n }, () => 1 / n);
}

/**
 * The share bars always total 1: setting bar j to `value` (clamped to 0 … 1) rescales the
 * other bars in proportion so that the whole stays 1. If the others are all 0, they split
 * what is left evenly. One bar: it is always 1.
 */
export function setShare(shares, j, value) {
  const n = shares.length;
  if (n === 1) return [1];
  const v = Math.min(1, Math.max(0, Number.isFinite(value) ? value : shares[j]));
  const othersSum = shares.reduce((t, x, k) => (k === j ? t : t + x), 0);
  const left = 1 - v;
  const next = shares.map((x, k) => {
    if (k === j) return v;
    return othersSum > 0 ? (x / othersSum) * left : left / (n - 1);
  });
  // Floating point: give the rounding remainder to bar j so the sum is exactly 1 as doubles allow.
  const sum = next.reduce((t, x) => t + x, 0);
  next[j] = Math.min(1, Math.max(0, next[j] + (1 - sum)));
  return next;
}

/**
 * A share bar's keyboard (role="slider"): the value after `key`, or null for a key it ignores.
 * Arrows ±0.01, Page Up / Page Down ±0.1, Home 0, End 1; always within 0 … 1, on the hundredths.
 */
export function keyStep(value, key) {
  const step = { ArrowRight: 0.01, ArrowUp: 0.01, ArrowLeft: -0.01, ArrowDown: -0.01, PageUp: 0.1, PageDown: -0.1 }[key];
  let next;
  if (key === 'Home') next = 0;
  else if (key === 'End') next = 1;
  else if (step !== undefined) next = value + step;
  else return null;
  return Math.min(1, Math.max(0, Math.round(next * 100) / 100));
}

/** Where a pointer at clientX falls on a bar from `left` of `width` px: a share in 0 … 1, on the hundredths. */
export function shareAt(clientX, left, width) {
  if (!(width > 0)) return 0;
  return Math.min(1, Math.max(0, Math.round(((clientX - left) / width) * 100) / 100));
}

/** A share guess against the truth: the biggest true share is what "you said 0.50, it is 0.67" is about. */
export function scoreShares(guess, truth, tokens) {
  const top = truth.reduce((b, x, j) => (x > truth[b] ? j : b), 0);
  const off = Math.max(...truth.map((x, j) => Math.abs(x - guess[j])));
  return {
    kind: 'shares', guess: [...guess], truth: [...truth], key: top, error: off,
    text: t('tour.guess.shares', { token: word(tokens[top]), guess: fixed2(guess[top]), truth: fixed2(truth[top]) }),
  };
}

/** A pin dropped where the blend will land, against the output (first two numbers). */
export function scorePin(pin, output) {
  const truth = [output[0], output.length > 1 ? output[1] : 0];
  const distance = Math.hypot(pin[0] - truth[0], pin[1] - truth[1]);
  return {
    kind: 'pin', guess: [...pin], truth, error: distance,
    text: t('tour.guess.pin', { guess: vector(pin, fixed2), truth: vector(truth, fixed2), distance: fixed2(distance) }),
  };
}

/** The cells the causal mask blanks: (i, j) with j > i, as "i,j" keys. */
export function maskedCells(n) {
  const cells = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) cells.push(`${i},${j}`);
  return cells;
}

/** Picked cells ("i,j" keys) against the cells the mask really blanks. */
export function scoreMask(picked, n) {
  const truth = new Set(maskedCells(n));
  const chosen = new Set(picked);
  const hits = [...chosen].filter((c) => truth.has(c)).length;
  const extra = chosen.size - hits;
  const missed = truth.size - hits;
  return {
    kind: 'mask', guess: [...chosen].sort(), truth: [...truth], error: extra + missed,
    text: t('tour.guess.mask', { hits, n: truth.size, extra: extra ? t('tour.guess.maskExtra', { n: extra }) : '',
      end: t(!extra && !missed ? 'tour.guess.maskAll' : 'tour.guess.maskEnd') }),
  };
}

export const TRENDS = ['rises', 'stays', 'falls'];

/** A rise/fall guess for the top share, against before -> after as they print. */
export function scoreTrend(guess, before, after, trend) {
  return {
    kind: 'trend', guess, truth: trend, before, after, error: guess === trend ? 0 : 1,
    text: t('tour.guess.trend', { guess: t(`tour.trend.${guess}`), truth: t(`tour.trend.${trend}`),
      before: fixed2(before), after: fixed2(after) }),
  };
}

/**
 * Scores a committed guess for a step against the core's results (see resultsFor in
 * steps.js): { kind, guess, truth, error, text }. The truth is read from the numbers on
 * screen now, so after an edit the same guess is compared with the new numbers.
 */
export function scoreGuess(kind, guess, state, results) {
  const i = state.asker;
  const { now } = results;
  if (kind === 'shares') return scoreShares(guess, now.weights[i], state.tokens);
  if (kind === 'pin') return scorePin(guess, now.outputs[i]);
  if (kind === 'mask') return scoreMask(guess, state.tokens.length);
  const { hot, cool } = results;
  const top = topKey(hot, i);
  const before = hot.weights[i][top];
  const after = cool.weights[i][top];
  return scoreTrend(guess, before, after, trendOf(before, after));
}

/** Whether a step's guess makes sense for this example (the mask needs two tokens). */
export function canGuess(kind, state) {
  return Boolean(kind) && !(kind === 'mask' && state.tokens.length < 2);
}

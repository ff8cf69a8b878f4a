// Numbers as the chapter writes them: thousands grouped ("1,000 x 1,000 = one million"), two
// decimals for shares, a true minus sign, and units spelled out; in the language in force
// (../../shared/numbers.js: "0,67" and "16.777.216" in German). The words are the catalogue's
// (./words.js); which sentence is true is decided here.
import { decimalSeparator, withMinus } from '../../shared/numbers.js';
import { t } from './words.js';

// Where the decimal mark is a comma, thousands are grouped with a point (German, Spanish).
const groupMark = () => (decimalSeparator() === ',' ? '.' : ',');

/** A decimal text ("3.14") in the locale's notation ("3,14"). */
export const localDecimal = (text) => text.replace('.', decimalSeparator());

/** 16777216 -> "16,777,216" ("16.777.216" in German): rounded to a whole number (halves away from zero). */
export function formatCount(x) {
  if (!Number.isFinite(x)) return withMinus(String(x));
  // Not Intl.NumberFormat: making the first one loads the locale data, about 20 ms of the page's
  // main thread (80 ms on a throttled phone), for the one format the lab needs.
  const digits = String(Math.round(Math.abs(x)));
  const text = digits.replace(/\B(?=(\d{3})+$)/g, groupMark());
  return x <= -0.5 ? `\u2212${text}` : text;
}

/** Milliseconds with sensible precision: "0.04 ms", "3.1 ms", "412 ms". */
export function formatMs(ms) {
  if (ms < 0.01) return t('scale.msBelow', { x: localDecimal('0.01') });
  return t('scale.ms', { x: withPrecision(ms) });
}

/** Bytes as decimal megabytes: 71303168 -> "71.3 MB". */
export function formatMB(bytes) {
  const mb = bytes / 1e6;
  return t('scale.mb', { x: mb < 0.1 ? localDecimal(mb.toFixed(3)) : withPrecision(mb) });
}

/** FLOPs over milliseconds as GFLOP/s: "18.4 GFLOP/s". */
export function formatGflops(flops, ms) {
  if (!(ms > 0)) return '\u2014';
  return t('scale.gflops', { x: withPrecision(flops / ms / 1e6) });
}

/** A share with two decimals like the chapter (0.666 -> "0.67"); tiny ones keep two digits (0.0012). */
export function formatShare(x) {
  const text = x !== 0 && Math.abs(x) < 0.01 ? x.toPrecision(2) : x.toFixed(2);
  return localDecimal(withMinus(text));
}

// Two decimals below 10, one below 100, none above: readable and steady.
function withPrecision(x) {
  if (x < 10) return localDecimal(x.toFixed(2));
  if (x < 100) return localDecimal(x.toFixed(1));
  return formatCount(Math.round(x));
}

/** "4,096 × 4,096 = 16,777,216 entries" */
export function entriesSentence(n) {
  return t('scale.entries', { n: formatCount(n), count: formatCount(n * n) });
}

// English says "an 8 × 8 block": the one choice of article the block sizes need (other languages
// write the same words for both keys).
const startsWithVowelSound = (block) => /^(8|11|18)/.test(String(block));

/** The heat map's honest caption: what is drawn, and how it was shrunk. */
export function drawnSentence(n, pixels, block) {
  const values = { entries: entriesSentence(n), p: formatCount(pixels), b: formatCount(block) };
  if (block === 1) return t('scale.drawnOne', values);
  const key = n % block !== 0 ? 'scale.drawnRagged' : 'scale.drawnBlock';
  return t(startsWithVowelSound(block) ? `${key}An` : key, values);
}

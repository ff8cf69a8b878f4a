// Numbers as the chapter writes them: thousands separators ("1,000 x 1,000 = one
// million"), two decimals for shares, a true minus sign, and units spelled out.
import { withMinus } from '../../shared/numbers.js';

/** 16777216 -> "16,777,216": rounded to a whole number (halves away from zero), commas every three digits. */
export function formatCount(x) {
  if (!Number.isFinite(x)) return withMinus(String(x));
  // Not Intl.NumberFormat: making the first one loads the locale data, about 20 ms of the page's
  // main thread (80 ms on a throttled phone), for the one format the lab needs.
  const digits = String(Math.round(Math.abs(x)));
  const text = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return x <= -0.5 ? `\u2212${text}` : text;
}

/** Milliseconds with sensible precision: "0.04 ms", "3.1 ms", "412 ms". */
export function formatMs(ms) {
  if (ms < 0.01) return '< 0.01 ms';
  return `${withPrecision(ms)} ms`;
}

/** Bytes as decimal megabytes: 71303168 -> "71.3 MB". */
export function formatMB(bytes) {
  const mb = bytes / 1e6;
  return `${mb < 0.1 ? mb.toFixed(3) : withPrecision(mb)} MB`;
}

/** FLOPs over milliseconds as GFLOP/s: "18.4 GFLOP/s". */
export function formatGflops(flops, ms) {
  if (!(ms > 0)) return '\u2014';
  return `${withPrecision(flops / ms / 1e6)} GFLOP/s`;
}

/** A share with two decimals like the chapter (0.666 -> "0.67"); tiny ones keep two digits (0.0012). */
export function formatShare(x) {
  const text = x !== 0 && Math.abs(x) < 0.01 ? x.toPrecision(2) : x.toFixed(2);
  return withMinus(text);
}

// Two decimals below 10, one below 100, none above: readable and steady.
function withPrecision(x) {
  if (x < 10) return x.toFixed(2);
  if (x < 100) return x.toFixed(1);
  return formatCount(Math.round(x));
}

/** "4,096 × 4,096 = 16,777,216 entries" */
export function entriesSentence(n) {
  return `${formatCount(n)} \u00d7 ${formatCount(n)} = ${formatCount(n * n)} entries`;
}

/** The heat map's honest caption: what is drawn, and how it was shrunk. */
export function drawnSentence(n, pixels, block) {
  const head = `${entriesSentence(n)}, drawn at ${formatCount(pixels)} \u00d7 ${formatCount(pixels)}`;
  if (block === 1) return `${head}: one pixel per entry.`;
  const ragged = n % block !== 0 ? ' (the last row and column of pixels cover fewer)' : '';
  const article = /^(8|11|18)/.test(String(block)) ? 'an' : 'a'; // "an 8 x 8 block"
  return `${head}: each pixel is the mean of ${article} ${block} \u00d7 ${block} block${ragged}.`;
}

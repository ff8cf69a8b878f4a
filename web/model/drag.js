// Dragging a value arrow edits W_V, because v_j = W_V x_j is not an input.
// The rule: the smallest change to W_V (in the Frobenius norm) that moves v_j
// to the target, ΔW_V = Δv x_jᵀ / |x_j|². Entries are rounded to 0.01 so the
// W_V cells stay readable; other values move by Δv (x_j · x_i) / |x_j|².
import { LIMIT } from './limits.js';

/**
 * @param {number[][]} wv current W_V (d_v x d_model)
 * @param {number[]} x the token's embedding
 * @param {number[]} current the token's current value vector (from the core)
 * @param {number[]} target where the first two value numbers should go
 * @returns {number[][] | null} the new W_V, or null when x is all zeros (nothing can move v)
 */
export function moveValue(wv, x, current, target) {
  const norm2 = x.reduce((s, xc) => s + xc * xc, 0);
  if (norm2 === 0) return null;
  const delta = current.map((v, r) => (r < 2 ? target[r] - v : 0));
  const clamp = (w) => Math.max(-LIMIT, Math.min(LIMIT, w));
  return wv.map((row, r) => row.map((w, c) => clamp(Number((w + (delta[r] * x[c]) / norm2).toFixed(2)))));
}

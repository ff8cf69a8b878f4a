// Per-row summaries of a weights grid, for the thermostat: how peaked is each row?

/**
 * weights: (n, n) row-major, each row a softmax (sums to 1).
 * Returns the average over rows of the largest share and of the entropy in bits
 * (0 bits: one winner takes all; log2(n) bits: an even split).
 */
export function rowPeakedness(weights, n) {
  let maxSum = 0;
  let entropySum = 0;
  for (let i = 0; i < n; i++) {
    const row = weights.subarray(i * n, (i + 1) * n);
    maxSum += rowMax(row);
    entropySum += rowEntropyBits(row);
  }
  return { maxShare: maxSum / n, entropyBits: entropySum / n };
}

function rowMax(row) {
  let m = 0;
  for (const w of row) if (w > m) m = w;
  return m;
}

function rowEntropyBits(row) {
  let h = 0;
  for (const w of row) if (w > 0) h -= w * Math.log2(w);
  return h;
}

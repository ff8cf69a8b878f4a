// Shrinks an n x n weights grid to at most maxPixels x maxPixels by averaging
// square blocks, so a 4096 x 4096 grid (64 MB) travels to the page as 512 x 512
// means (1 MB). Blocks are whole: block = ceil(n / maxPixels) entries a side;
// the last row and column of blocks may be narrower when block does not divide n.

/** Entries per block side and pixels per canvas side for an n x n grid. */
export function blockLayout(n, maxPixels) {
  const block = Math.max(1, Math.ceil(n / maxPixels));
  return { block, pixels: Math.ceil(n / block) };
}

/**
 * weights: (n, n) row-major; row i = asker i, column j = key j.
 * Returns { means: (p, p) row-major Float32Array, p, block, max }.
 *
 * A band of the grid (rows first .. first + rows - 1, as one of several
 * workers computes it) gives the means of its own block rows, when first is a
 * whole number of blocks: weights is then (rows, n), means (its block rows, p),
 * each mean summed in the same order as for the whole grid, so the bands put
 * together are the whole grid's means exactly. `out`, if large enough, is
 * reused for the means (a buffer that came back from the page).
 */
export function downsample(weights, n, maxPixels, { first = 0, rows: bandRows = n, out = null } = {}) {
  const { block, pixels: p } = blockLayout(n, maxPixels);
  if (first % block !== 0) throw new Error(`a band must start on a block edge (${first} is not a multiple of ${block})`);
  const b0 = first / block, blockRows = Math.ceil(bandRows / block);
  const means = out && out.length >= blockRows * p ? out.subarray(0, blockRows * p).fill(0) : new Float32Array(blockRows * p);
  for (let i = 0; i < bandRows; i++) addRowIntoBlocks(weights, i * n, n, block, means, Math.floor(i / block) * p);
  let max = 0;
  for (let bi = 0; bi < blockRows; bi++) {
    const rows = Math.min(block, n - (b0 + bi) * block);
    for (let bj = 0; bj < p; bj++) {
      const cols = Math.min(block, n - bj * block);
      const mean = (means[bi * p + bj] /= rows * cols);
      if (mean > max) max = mean;
    }
  }
  return { means, p, block, max };
}

// Adds one row of the grid into its row of block sums (a short, hot loop).
function addRowIntoBlocks(weights, start, n, block, sums, sumsStart) {
  for (let j0 = 0, bj = 0; j0 < n; j0 += block, bj++) {
    const end = Math.min(j0 + block, n);
    let s = 0;
    for (let j = j0; j < end; j++) s += weights[start + j];
    sums[sumsStart + bj] += s;
  }
}

/** The first block column of block row bi whose entries all lie above the diagonal (all masked when causal). */
export function firstMaskedBlock(bi, block, n) {
  const lastRow = Math.min((bi + 1) * block, n) - 1;
  return Math.floor(lastRow / block) + 1;
}

/** True when every entry of pixel block (bi, bj) lies above the diagonal. */
export function blockIsMasked(bi, bj, block, n) {
  return bj >= firstMaskedBlock(bi, block, n);
}

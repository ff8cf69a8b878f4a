// Draws the (down-sampled) weights grid on a canvas, one canvas pixel per block,
// and keeps the canvas's text alternative in step with what is drawn.
// CSS scales the canvas up with crisp pixels, so a 3 x 3 grid shows as 9 squares.

import { blockIsMasked } from './downsample.js';
import { drawnSentence, formatShare } from './format.js';

/**
 * grid: { n, pixels, block, means, max, causal } as computed; palette from readPalette.
 * Colour runs linearly from 0 to the largest drawn mean (at large n every share
 * is small, so a fixed 0..1 scale would show a black square).
 */
export function drawHeatMap(canvas, grid, palette) {
  const { pixels: p, means, max } = grid;
  if (canvas.width !== p) canvas.width = canvas.height = p;
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(p, p);
  const scale = max > 0 ? 255 / max : 0;
  for (let bi = 0; bi < p; bi++) {
    for (let bj = 0; bj < p; bj++) {
      const masked = grid.causal && blockIsMasked(bi, bj, grid.block, grid.n);
      paintPixel(image.data, (bi * p + bj) * 4, masked ? palette.masked : lutColour(palette.lut, means[bi * p + bj] * scale));
    }
  }
  ctx.putImageData(image, 0, 0);
  canvas.setAttribute('aria-label', describeHeatMap(grid));
}

function lutColour(lut, index) {
  const i = Math.min(255, Math.max(0, Math.round(index))) * 3;
  return [lut[i], lut[i + 1], lut[i + 2]];
}

function paintPixel(data, offset, [r, g, b]) {
  data[offset] = r;
  data[offset + 1] = g;
  data[offset + 2] = b;
  data[offset + 3] = 255;
}

/** The text alternative: what the picture shows, in words. */
export function describeHeatMap(grid) {
  const parts = [`Heat map of the attention weights, ${drawnSentence(grid.n, grid.pixels, grid.block)}`,
    `Rows are askers, columns are keys; brighter means a larger share, up to ${formatShare(grid.max)}.`];
  if (grid.causal) parts.push('The upper-right triangle is blanked out by the causal mask.');
  return parts.join(' ');
}

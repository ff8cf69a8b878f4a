// Draws the (down-sampled) weights grid on a canvas, one canvas pixel per block,
// and keeps the canvas's text alternative in step with what is drawn.
// CSS scales the canvas up with crisp pixels, so a 3 x 3 grid shows as 9 squares.

import { firstMaskedBlock } from './downsample.js';
import { drawnSentence, formatShare } from './format.js';
import { inSlices } from '../../shared/slices.js';
import { t } from './words.js';

/** Colours span this many powers of ten below the largest drawn value. */
export const DECADES = 3;

/** The smallest value that gets its own colour; anything at or below it shows as the darkest. */
export function colourFloor(max) {
  return max / 10 ** DECADES;
}

/**
 * grid: { n, pixels, block, means, max, causal } as computed; palette from readPalette.
 * Colour follows log10 of the value, from max / 1000 (darkest) to max (brightest):
 * at large n every share is small and most of a row's weight sits in a few
 * entries, so a linear 0..1 scale would show a black square with one bright line.
 *
 * The rows are painted off screen a slice of rows per task (../shared/slices.js: a
 * 512 x 512 map is tens of milliseconds of a throttled phone's main thread), then put on the
 * canvas at once, and painted() is called (the lab writes its text alternative then, in its
 * language: describeHeatMap). Returns cancel():
 * a newer grid stops this one from ever reaching the canvas.
 */
export function drawHeatMap(canvas, grid, palette, painted = () => {}) {
  const { pixels: p } = grid;
  const image = new ImageData(p, p);
  return inSlices(p, (bi) => paintRow(image.data, grid, bi, palette), () => {
    if (canvas.width !== p) canvas.width = canvas.height = p;
    canvas.getContext('2d').putImageData(image, 0, 0);
    painted();
  });
}

// One row of pixels: LUT colours up to the masked part, the masked colour after.
// (A tight loop without allocation.)
function paintRow(data, { pixels: p, means, max, causal, block, n }, bi, { lut, masked }) {
  const logFloor = Math.log10(colourFloor(max));
  const scale = max > 0 ? 255 / DECADES : 0;
  const maskedFrom = causal ? firstMaskedBlock(bi, block, n) : p;
  for (let bj = 0, o = bi * p * 4; bj < p; bj++, o += 4) {
    if (bj >= maskedFrom) {
      data[o] = masked[0];
      data[o + 1] = masked[1];
      data[o + 2] = masked[2];
    } else {
      const v = means[bi * p + bj];
      const k = v > 0 ? Math.max(0, Math.min(255, ((Math.log10(v) - logFloor) * scale + 0.5) | 0)) * 3 : 0;
      data[o] = lut[k];
      data[o + 1] = lut[k + 1];
      data[o + 2] = lut[k + 2];
    }
    data[o + 3] = 255;
  }
}

/** The text alternative: what the picture shows, in words. */
export function describeHeatMap(grid) {
  const text = t('scale.heatMap', { drawn: drawnSentence(grid.n, grid.pixels, grid.block),
    low: formatShare(colourFloor(grid.max)), high: formatShare(grid.max) });
  return grid.causal ? `${text} ${t('scale.heatMapCausal')}` : text;
}

// Heat-cell shades for the widget's grids: a sequential ramp for weights (0..1)
// and a diverging ramp centred on 0 for scores, each cut into SHADES classes that
// carry the cell's background and its AA text colour (ramps: ../shared/colour.js).
import { cellColors, rampColor } from '../../shared/colour.js';

/**
 * Heat cells take their colours from classes, one per shade: `.heat.hw-0` … `.heat.hw-63` on
 * the weights ramp and `.heat.hs-…` on the scores ramp, each with its AA text colour. A repaint
 * then only swaps a class name: writing inline colours (a CSS parse and a style-attribute change
 * per cell) cost more than everything else a cell does. 64 shades: neighbours differ by at most
 * a few units per channel, finer than the eye follows across a grid.
 */
export const SHADES = 64;

/** The shade (0 … SHADES − 1) for t in [0, 1]. */
export function shadeOf(t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  return Math.round(x * (SHADES - 1));
}

/** CSS text for the shade classes of two ramps: { weights, scores } -> .hw-k and .hs-k rules. */
export function paletteCss(ramps) {
  const rules = [];
  for (const [prefix, stops] of [['hw', ramps.weights], ['hs', ramps.scores]]) {
    for (let k = 0; k < SHADES; k++) {
      const { background, color } = cellColors(rampColor(stops, k / (SHADES - 1)));
      rules.push(`.heat.${prefix}-${k} { background-color: ${background}; color: ${color}; }`);
    }
  }
  return rules.join('\n');
}

const sheets = new Map(); // paletteCss text -> its CSSStyleSheet: one per page per theme, not per widget

/** The shade classes of two ramps as a constructed stylesheet, built once per page and shared. */
export function paletteSheet(ramps) {
  const css = paletteCss(ramps);
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

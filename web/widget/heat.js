// Heat-map colours: a sequential ramp for weights (0..1) and a diverging ramp
// centred on 0 for scores, both read from CSS custom properties so themes can
// replace them. The cell's text colour is chosen from the background's
// luminance, so the printed number always meets WCAG AA contrast.

/** Reads a ramp like "#f7fbff #6baed6 #08306b" from a custom property. */
export function readRamp(style, name, fallback) {
  const text = style.getPropertyValue(name).trim() || fallback;
  const stops = text.split(/[\s,]+/).map(parseHex).filter(Boolean);
  return stops.length >= 2 ? stops : fallback.split(/\s+/).map(parseHex);
}

function parseHex(s) {
  const m = /^#?([0-9a-f]{6})$/i.exec(s.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Colour at t in [0, 1] along the ramp, linear between neighbouring stops. */
export function rampColor(stops, t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

// WCAG relative luminance.
function luminance([r, g, b]) {
  const lin = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const DARK_TEXT = [17, 17, 17];
const LIGHT_TEXT = [255, 255, 255];

/** { background, color } CSS strings for a cell: text is whichever of near-black/white contrasts more. */
export function cellColors(rgb) {
  const l = luminance(rgb);
  const onDark = (1.05) / (l + 0.05);
  const onLight = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  const text = onLight >= onDark ? DARK_TEXT : LIGHT_TEXT;
  return { background: `rgb(${rgb.join(' ')})`, color: `rgb(${text.join(' ')})` };
}

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

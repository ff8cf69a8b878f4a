// Colours for the heat map, taken from CSS custom properties so a page (or dark
// mode) can restyle them: --scale-heat-0 ... --scale-heat-4 are the stops of a
// sequential scale (0 -> largest drawn value), --scale-masked paints the blanked
// upper triangle. Any CSS colour works: a 1 x 1 canvas normalises it.

export const HEAT_STOPS = 5;
// Used when a property is missing (e.g. the stylesheet failed to load): viridis.
const FALLBACK_STOPS = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'];
const FALLBACK_MASKED = '#d4d4d8';

/** CSS colour text -> [r, g, b] (0-255), via the canvas's own colour parser. */
export function parseColour(text, ctx) {
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = '#000';
  ctx.fillStyle = text.trim() || '#000';
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

/** Reads the palette from an element's computed style: { lut: Uint8Array(256 * 3), masked: [r, g, b] }. */
export function readPalette(element) {
  const style = getComputedStyle(element);
  const probe = document.createElement('canvas');
  probe.width = probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  const stops = [];
  for (let s = 0; s < HEAT_STOPS; s++) stops.push(parseColour(style.getPropertyValue(`--scale-heat-${s}`) || FALLBACK_STOPS[s], ctx));
  return { lut: interpolateStops(stops), masked: parseColour(style.getPropertyValue('--scale-masked') || FALLBACK_MASKED, ctx) };
}

/** Evenly spaced colour stops -> a 256-entry lookup table (r, g, b per entry). */
export function interpolateStops(stops) {
  const lut = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    const t = (i / 255) * (stops.length - 1);
    const s = Math.min(Math.floor(t), stops.length - 2);
    const f = t - s;
    for (let c = 0; c < 3; c++) lut[i * 3 + c] = Math.round(stops[s][c] * (1 - f) + stops[s + 1][c] * f);
  }
  return lut;
}

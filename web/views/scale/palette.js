// Colours for the heat map, taken from CSS custom properties so a page (or dark
// mode) can restyle them: the roles --_viridis-0 ... --_viridis-4 (a page sets
// --aw-scale-heat-0 ... --aw-scale-heat-4) are the stops of a sequential scale
// (0 -> largest drawn value), --_masked (--aw-scale-masked) paints the blanked upper
// triangle. Any CSS colour works: a 1 x 1 canvas normalises it. The shared theme tokens
// (web/shared/tokens.css, adopted from its module: never a file that may fail to
// arrive) give each of them a value.
import { parseCssColour, rampTable } from '../../shared/colour.js';

export const HEAT_STOPS = 5;

/** Reads the palette from an element's computed style: { lut: Uint8Array(256 * 3), masked: [r, g, b] }. */
export function readPalette(element) {
  const style = getComputedStyle(element);
  const probe = document.createElement('canvas');
  probe.width = probe.height = 1;
  const ctx = probe.getContext('2d', { willReadFrequently: true });
  const stops = [];
  for (let s = 0; s < HEAT_STOPS; s++) stops.push(parseCssColour(style.getPropertyValue(`--_viridis-${s}`), ctx));
  return { lut: rampTable(stops), masked: parseCssColour(style.getPropertyValue('--_masked'), ctx) };
}

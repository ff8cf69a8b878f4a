// Colour ramps shared by the heat maps: parsing stops, interpolating along them,
// and picking a text colour that keeps WCAG AA contrast on a cell.

/** "#6baed6" (or "6baed6") -> [r, g, b], or null when it is not six hex digits. */
export function parseHex(s) {
  const m = /^#?([0-9a-f]{6})$/i.exec(s.trim());
  if (!m) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Reads a ramp like "#f7fbff #6baed6 #08306b" from a custom property; the fallback when unreadable. */
export function readRamp(style, name, fallback) {
  const text = style.getPropertyValue(name).trim() || fallback;
  const stops = text.split(/[\s,]+/).map(parseHex).filter(Boolean);
  return stops.length >= 2 ? stops : fallback.split(/\s+/).map(parseHex);
}

/** Any CSS colour text -> [r, g, b] (0-255), via a 1 x 1 canvas's own colour parser. */
export function parseCssColour(text, ctx) {
  ctx.clearRect(0, 0, 1, 1);
  ctx.fillStyle = '#000';
  ctx.fillStyle = text.trim() || '#000';
  ctx.fillRect(0, 0, 1, 1);
  const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
  return [r, g, b];
}

/** Colour at t in [0, 1] along evenly spaced stops, linear between neighbours. */
export function rampColor(stops, t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const f = x - i;
  return stops[i].map((c, k) => Math.round(c + (stops[i + 1][k] - c) * f));
}

/** The ramp sampled at 256 points: a lookup table, r, g, b per entry. */
export function rampTable(stops) {
  const lut = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) lut.set(rampColor(stops, i / 255), i * 3);
  return lut;
}

// WCAG relative luminance.
function luminance([r, g, b]) {
  const lin = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

// Black, not a softer near-black: with black and white the better of the two reads at 4.58:1 or
// more on any background (they tie where (L + 0.05)^2 = 1.05 x 0.05); with #111 the worst mid-tone
// cell, e.g. the dark ramp's rgb(48 126 188), reads at 4.35:1 either way, under AA.
const DARK_TEXT = [0, 0, 0];
const LIGHT_TEXT = [255, 255, 255];

/** { background, color } CSS strings for a cell: text is whichever of black/white contrasts more. */
export function cellColors(rgb) {
  const l = luminance(rgb);
  const onDark = (1.05) / (l + 0.05);
  const onLight = (l + 0.05) / (luminance(DARK_TEXT) + 0.05);
  const text = onLight >= onDark ? DARK_TEXT : LIGHT_TEXT;
  return { background: `rgb(${rgb.join(' ')})`, color: `rgb(${text.join(' ')})` };
}

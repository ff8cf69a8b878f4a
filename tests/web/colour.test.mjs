// Heat-map cells: the text colour picked for a cell reads at WCAG AA (4.5:1) on any background.
// The oracle writes the WCAG 2.x formula out here and parses the CSS the module returns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellColors } from '../../web/shared/colour.js';

const channel = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
const rgbOf = (css) => css.match(/\d+/g).map(Number);
const ratio = (a, b) => { const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x); return (hi + 0.05) / (lo + 0.05); };

test('every cell colour gets text at 4.5:1 or more (every grey, and a lattice of the colour cube)', () => {
  let worst = { r: Infinity };
  const check = (rgb) => {
    const { background, color } = cellColors(rgb);
    assert.deepEqual(rgbOf(background), rgb);
    const r = ratio(rgbOf(color), rgb);
    if (r < worst.r) worst = { r, rgb, color };
  };
  for (let v = 0; v < 256; v++) check([v, v, v]);
  for (let r = 0; r < 256; r += 15) for (let g = 0; g < 256; g += 15) for (let b = 0; b < 256; b += 15) check([r, g, b]);
  check([48, 126, 188]); // the heads lab's mid-tone cell in the dark ramp that read at 4.35:1 with #111
  assert.ok(worst.r >= 4.5, `${worst.color} on rgb(${worst.rgb}) reads at ${worst.r.toFixed(2)}:1`);
});

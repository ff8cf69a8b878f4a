// The scale lab in the page's language (docs/architecture.md#languages): German numbers and words,
// Arabic mirrored with the heat map and the plots left to right, a change of lang rewriting every
// word with the grid and the measurements kept, and the pseudo-locale en-XA finding any word or
// accessible name still written in code. The helpers are copied from i18n-labs.spec.js.
import { test, expect } from '@playwright/test';
import { shownText, strayWords } from './pseudo-locale.js';
import { CSP } from '../../scripts/serve.mjs';
import { watchConsole } from './console.js';
import { LONG_RUN } from './wait-helpers.js';
import { readout, setAndWait } from './scale-helpers.js';

const SHOTS = 'tests/browser/screenshots';
let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

// A page of the demo's origin and CSP with one scale lab, in `lang`, loading the source modules.
async function scaleLab(page, lang, attrs = '') {
  await page.route('**/web/__i18n-scale.html', (route) => route.fulfill({ status: 200,
    contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP },
    body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>i18n scale</title>
<script type="module" src="/web/attention-scale.js"></script></head><body><attention-scale ${attrs}></attention-scale></body></html>` }));
  await page.goto('/web/__i18n-scale.html');
  const lab = page.locator('attention-scale');
  await lab.scrollIntoViewIfNeeded();
  return lab;
}

// The grid on screen is the one for `n`, and the thermostat's table is filled.
async function shown(lab, n) {
  await expect(lab.locator('canvas')).toHaveAttribute('data-n', String(n), LONG_RUN);
  await expect(lab.locator('.thermo-table tbody tr')).toHaveCount(9, LONG_RUN);
}



test('German: the lab\'s words and numbers in German; a switch to Arabic mirrors it, the grid and times kept', async ({ page }) => {
  test.setTimeout(LONG_RUN.timeout * 2);
  const lab = await scaleLab(page, 'de', 'n="1000"');
  await shown(lab, 1000);
  await expect(lab.locator('[data-readout="entries"]')).toHaveText('1.000 \u00d7 1.000 = 1.000.000 Einträge');
  await expect(lab.locator('[data-readout="memory"]')).toHaveText('5,02 MB');
  await expect(lab.locator('[data-readout="time"]')).toHaveText(/^\d+(,\d+)? ms$|^< 0,01 ms$/);
  await expect(lab.locator('[data-readout="drawn"]')).toHaveText(
    '1.000 \u00d7 1.000 = 1.000.000 Einträge, gezeichnet mit 500 \u00d7 500 Pixeln: jedes Pixel ist der Mittelwert eines 2 \u00d7 2-Blocks.');
  await expect(lab.getByLabel('Kontextlänge n (Tokens)')).toBeVisible();
  await expect(lab.getByRole('switch', { name: 'Durch √dk teilen (der Thermostat)' })).toBeChecked();
  await expect(lab.locator('.thermo-table tbody td').first()).toHaveText(/^\d,\d\d$/);
  await expect(lab.locator('canvas')).toHaveAttribute('aria-label', /^Heatmap der Attention-Gewichte, 1\.000 × 1\.000/);
  await expect(lab.locator('svg.thermo-plot')).toHaveAttribute('aria-label', /^Durchschnittlicher größter Anteil .* \d,\d\d/);
  const dots = await lab.locator('svg.time-plot circle.dot').count();
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/i18n-scale-de-${width}.png`, fullPage: true });
  }

  // Arabic: every word again, the layout mirrored; the heat map and plots left to right; nothing recomputed.
  await page.setViewportSize({ width: 1280, height: 900 });
  let results = 0;
  await lab.evaluate((el) => el.addEventListener('attention-scale-result', () => { window.scaleResults = (window.scaleResults ?? 0) + 1; }));
  await page.evaluate(() => { document.documentElement.lang = 'ar'; });
  await expect(lab.locator('[data-readout="entries"]')).toHaveText('1,000 \u00d7 1,000 = 1,000,000 من المدخلات');
  await expect(lab.locator('.lab')).toHaveAttribute('dir', 'rtl');
  await expect(lab.locator('canvas')).toHaveAttribute('aria-label', /^خريطة حرارية لأوزان الانتباه/);
  await expect(lab.locator('canvas')).toHaveAttribute('data-n', '1000');
  expect(await lab.locator('svg.time-plot circle.dot').count()).toBe(dots); // the measurements kept
  results = await page.evaluate(() => window.scaleResults ?? 0);
  expect(results).toBe(0); // nothing computed again for a change of language
  const direction = await lab.evaluate((el) => {
    const at = (s) => getComputedStyle(el.shadowRoot.querySelector(s)).direction;
    return { lab: at('.lab'), canvas: at('.canvas-frame'), plot: at('svg.thermo-plot'), legend: at('.legend') };
  });
  expect(direction).toEqual({ lab: 'rtl', canvas: 'ltr', plot: 'ltr', legend: 'ltr' });
  // The controls mirror: the n slider's value sits left of it.
  const value = await lab.locator('output[for="n"]').boundingBox();
  const slider = await lab.locator('#n').boundingBox();
  expect(value.x + value.width).toBeLessThanOrEqual(slider.x + 1);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/i18n-scale-ar-${width}.png`, fullPage: true });
  }

  // And back to German: the same words as at first, the settings as they were.
  await page.evaluate(() => { document.documentElement.lang = 'de'; });
  await expect(lab.locator('[data-readout="entries"]')).toHaveText('1.000 \u00d7 1.000 = 1.000.000 Einträge');
  await expect(lab.locator('#n')).toHaveValue('1000');
});

test('a bad attribute says so in the page\'s language, and again when it changes', async ({ page }) => {
  const lab = await scaleLab(page, 'es', 'n="abc" input="spiral"');
  const message = lab.locator('.message');
  await expect(message).toHaveText(/^n="abc" no es un número entero; se mantiene n = 256\. input="spiral" no es ninguno de random, local, previous; se mantiene input = random\.$/);
  await page.evaluate(() => { document.documentElement.lang = 'zh-Hans'; });
  await expect(message).toHaveText(/^n="abc" 不是整数；保持 n = 256。 ?input="spiral" 不是 random, local, previous 之一；保持 input = random。$/);
});

test('en-XA: every word and accessible name of the scale lab comes from the catalogue; nothing overflows at 360 px', async ({ page }) => {
  test.setTimeout(LONG_RUN.timeout * 2);
  await page.setViewportSize({ width: 360, height: 900 });
  const lab = await scaleLab(page, 'en-XA', 'n="600" causal no-worker input="spiral" seed="x"');
  await shown(lab, 600);
  await expect(lab.locator('.message')).toHaveText(/^(⟦[^⟦⟧]*⟧\s*)+$/); // the bad attributes' messages too
  await expect(lab.locator('.note')).toHaveText(/^⟦Computing on the page's main thread, because ⟦the no-worker/);
  await setAndWait(page, { n: '700' }); // a second measurement: the time plot's words with a fit
  await expect(lab.locator('[data-readout="time"]')).toHaveText(/^⟦/);
  expect(await readout(page, 'drawn')).toMatch(/^⟦/);
  const { text, names } = await lab.evaluate(shownText);
  expect(strayWords(text)).toEqual([]);
  expect(names.flatMap(strayWords)).toEqual([]);
  // What sticks out past the viewport, named (a box too narrow for a longer language).
  const wide = await lab.evaluate((el) => [...el.shadowRoot.querySelectorAll('*')]
    .filter((n) => n.getBoundingClientRect().right > 361 && !n.closest('.table-scroll'))
    .map((n) => `${n.localName}.${n.className?.baseVal ?? n.className}`).slice(0, 10));
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.scrollingElement.scrollWidth)).toBeLessThanOrEqual(360);
});

// <attention-scale show="thermostat"> and show="grid": one half of the lab as a chapter
// figure. The hidden half is gone from layout and from the accessibility tree, and is
// never computed.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { waitForGrid } from './scale-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

/** Adds an <attention-scale> with these attributes; counts its grid results on window.results[id]. */
async function addLab(page, id, attrs) {
  await page.evaluate(({ id, attrs }) => {
    window.results ??= {};
    window.results[id] = 0;
    const lab = document.createElement('attention-scale');
    lab.id = id;
    for (const [name, value] of Object.entries(attrs)) lab.setAttribute(name, value);
    lab.addEventListener('attention-scale-result', () => { window.results[id] += 1; });
    document.querySelector('main').append(lab);
    lab.scrollIntoView(); // a lab starts when it comes near the viewport
  }, { id, attrs });
  return page.locator(`#${id}`);
}

const thermoRows = (lab) => lab.locator('.thermo-table tbody tr');

test('show="thermostat": only the d_k plot and its table, and no n × n grid is computed', async ({ page }) => {
  await page.goto('/web/scale.html');
  await waitForGrid(page);
  const lab = await addLab(page, 'thermo', { show: 'thermostat', dk: '128' });
  await expect(thermoRows(lab).first()).toBeVisible();
  expect(await thermoRows(lab).count()).toBeGreaterThan(3);
  await expect(lab.locator('svg.thermo-plot')).toBeVisible();
  await expect(lab.locator('[data-readout="thermostat"]')).not.toHaveText('');
  for (const part of ['form.controls', 'canvas', 'svg.time-plot', '.readouts'])
    await expect(lab.locator(part)).toBeHidden();
  // The worker answers in order and the grid would have been asked first: none came.
  expect(await page.evaluate(() => window.results.thermo)).toBe(0);
  expect(await lab.locator('canvas').evaluate((c) => c.dataset.n ?? null)).toBe(null);
  // Nothing hidden is reachable: no slider, no switch in the accessibility tree.
  const tree = await lab.ariaSnapshot();
  expect(tree).not.toMatch(/slider|switch|Context length/);
  expect(tree).toMatch(/The thermostat/);
  await page.screenshot({ path: 'tests/browser/screenshots/figures-thermostat.png', fullPage: true });
});

test('show="grid": only the n × n lab, the thermostat never computed; a bad show says so and shows both', async ({ page }) => {
  await page.goto('/web/scale.html');
  await waitForGrid(page);
  const lab = await addLab(page, 'grid', { show: 'grid', n: '300' });
  await expect.poll(() => page.evaluate(() => window.results.grid)).toBe(1);
  await expect(lab.locator('canvas')).toBeVisible();
  await expect(lab.locator('.thermo-panel')).toBeHidden();
  expect(await thermoRows(lab).count()).toBe(0);
  expect(await lab.ariaSnapshot()).not.toMatch(/The thermostat/);

  // Back to both: the thermostat is computed now that it is shown.
  await lab.evaluate((el) => el.removeAttribute('show'));
  await expect(thermoRows(lab).first()).toBeVisible();

  await lab.evaluate((el) => el.setAttribute('show', 'plot'));
  await expect(lab.locator('.message')).toHaveText(/show="plot" is not understood; use show="thermostat" or show="grid" \(showing both\)/);
  await expect(lab.locator('canvas')).toBeVisible();
  await expect(lab.locator('.thermo-panel')).toBeVisible();
});

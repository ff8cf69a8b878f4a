// The work training does on the page (issue 27: no long task while the two-layer goal trains).
// Counted, not timed: the widget's repaints per step (each one the views' DOM writes, then a frame's
// layout and paint of them).
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { LONG_RUN } from './wait-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const panelOf = (widget) => widget.getByRole('region', { name: 'Train the violet grids' });

async function twoLayers(page) {
  await page.goto('/#train');
  const widget = page.locator('#train attention-widget');
  await expect(panelOf(widget)).toBeVisible();
  await panelOf(widget).getByLabel('Goal').selectOption('it-two-layers');
  await expect(panelOf(widget).getByRole('table', { name: 'Layer 2 shares' })).toBeVisible();
  return widget;
}

// With reduced motion, twelve steps a repaint: their states stay out of the model until the last.
// A repaint per step (as before) multiplied the views' writes and the layouts of them by twelve.
test('with reduced motion, the two-layer goal trains twelve steps per repaint of the widget', async ({ page }) => {
  test.setTimeout(60_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const widget = await twoLayers(page);
  await widget.evaluate((w) => {
    window.trainRepaints = 0;
    w.addEventListener('attention-change', (e) => { if (e.reason === 'train') window.trainRepaints += 1; });
  });
  await panelOf(widget).getByRole('button', { name: 'Train', exact: true }).click();
  const met = panelOf(widget).getByText(/^Goal met after \d+ steps\.$/);
  await expect(met).toBeVisible(LONG_RUN);
  const steps = Number((await met.textContent()).match(/\d+/)[0]);
  const repaints = await page.evaluate(() => window.trainRepaints);
  expect(steps).toBeGreaterThan(12);
  // The last batch may be shorter (the goal met within it).
  expect(repaints, `${repaints} repaints for ${steps} steps`).toBeLessThanOrEqual(Math.ceil(steps / 12));
  // What is on screen is the last step's: the stats line says as many steps as the note.
  await expect(panelOf(widget).locator('.stats')).toHaveText(new RegExp(`after ${steps} steps\\.$`));
});

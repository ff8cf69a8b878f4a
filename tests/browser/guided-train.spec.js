// The tour's last steps: 11, the whole formula tied to the numbers seen; 12, the goal "sat attends
// to the" trained inside the tour, its Step / Train buttons, W_Q and W_K, sat's share bars and the
// loss on one screen at 1280 × 800 and 360 × 740.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { atStep, guidedWidget, measureFit } from './guided-helpers.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const go = (widget, label) => widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
const lossOf = async (widget) => Number((await widget.locator('.g-train-loss').innerText()).match(/Loss ([\d.]+)/)[1]);

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`steps 11 and 12 at ${width} × ${height}: the formula, and cause and effect on one screen`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/');
    const widget = await guidedWidget(page);
    await go(widget, '11. The whole formula');
    await atStep(widget, 11);
    await expect(widget.locator('.g-formula')).toHaveText('softmax(QKᵀ / √dk) V');
    await expect(widget.locator('.g-formula-parts')).toContainText('o_sat ≈ [2.24, 0.85]');
    await expect(widget.getByRole('status')).toContainText('For sat it ends at o_sat ≈ [2.24, 0.85], as in step 6.');
    await expect(widget.locator('.g-formula-parts')).toContainText('sat\'s row: 0, 2, 1.');
    await expect(widget.locator('.g-formula-parts')).toContainText('sat\'s shares: 0.09, 0.67, 0.24.');
    await widget.scrollIntoViewIfNeeded();
    await widget.screenshot({ path: `tests/browser/screenshots/guided-step11-${width}.png` });
    expect.soft(await measureFit(page, widget), 'step 11').toEqual({ tooTall: 0, pageSideways: 0, innerSideways: [] });

    await go(widget, '12. Let training choose the grids');
    await expect(widget.locator('.g-train-loss')).toHaveText('Loss 2.41 after 0 steps.');
    const step = widget.getByRole('button', { name: 'Step', exact: true });
    const train = widget.getByRole('button', { name: 'Train', exact: true });
    for (let k = 0; k < 3; k++) await step.click();
    await expect(widget.locator('.g-train-loss')).toContainText('after 3 steps');
    await expect(widget.locator('.g-train-said')).toContainText('Step 3: row 2 of W_Q moved most');
    // Cause and effect together: scrolled so the step's stage starts at the top, every piece is in the viewport.
    await widget.locator('.g-train').evaluate((b) => b.scrollIntoView({ block: 'start' }));
    const pieces = [step, train, widget.locator('.g-train-grid[aria-label="W_Q"] td').first(),
      widget.locator('.g-train-grid[aria-label="W_Q"] td').last(), widget.locator('.g-train-grid[aria-label="W_K"] td').last(),
      widget.locator('.g-train-bars .g-bar-row').last(), widget.locator('.g-train-loss')];
    for (const piece of pieces) {
      const box = await piece.boundingBox();
      expect(box.y, await piece.innerText()).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    await page.screenshot({ path: `tests/browser/screenshots/guided-step12-${width}.png` });
    const fit = await measureFit(page, widget);
    expect({ pageSideways: fit.pageSideways, innerSideways: fit.innerSideways }).toEqual({ pageSideways: 0, innerSideways: [] });
  });
}

test('step 12: ten Steps lower the loss, W_V stays, two decimals in every cell, Train runs to the goal', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await go(widget, '12. Let training choose the grids');
  await expect(widget.locator('.g-train-loss')).toHaveText('Loss 2.41 after 0 steps.');
  const wv = await widget.locator('.g-train-wv').innerText();
  expect(wv).toBe('W_V stays [0.00, 3.00, −2.00], [2.00, 1.00, −3.00]: it is not in the loss.');
  const step = widget.getByRole('button', { name: 'Step', exact: true });
  for (let k = 0; k < 10; k++) await step.click();
  await expect(widget.locator('.g-train-loss')).toContainText('after 10 steps');
  expect(await lossOf(widget)).toBeLessThan(2.41);
  await expect(widget.locator('.g-train-wv')).toHaveText(wv);
  const cells = await widget.locator('.g-train-grid td').allInnerTexts();
  expect(cells).toHaveLength(12);
  for (const text of cells) expect(text).toMatch(/^−?\d+\.\d\d[↑↓]?$/);
  expect(cells.some((t) => /[↑↓]$/.test(t))).toBe(true);
  await expect(widget.locator('.g-train-legend')).toHaveText('↑ / ↓: the cell rose / fell in the last step.');
  // Leaving the step and coming back keeps the run where it was.
  await go(widget, '11. The whole formula');
  await go(widget, '12. Let training choose the grids');
  await expect(widget.locator('.g-train-loss')).toContainText('after 10 steps');
  // Train runs until the goal is met, then stops by itself.
  await widget.getByRole('button', { name: 'Train', exact: true }).click();
  await expect(widget.locator('.g-train-check')).toContainText('above 0.80: goal met');
  await expect(widget.getByRole('button', { name: 'Train', exact: true })).toBeVisible();
  await expect(widget.locator('.g-train-said')).toContainText(/Goal met after \d+ steps\./);
  // The example above is untouched: step 4 still says the chapter's shares.
  await go(widget, '4. Divide by the total');
  await expect(widget.getByRole('status')).toContainText('the 0.09, cat 0.67 and sat 0.24');
  // Reset training: back to the chapter's cast.
  await go(widget, '12. Let training choose the grids');
  await widget.getByRole('button', { name: 'Reset training' }).click();
  await expect(widget.locator('.g-train-loss')).toHaveText('Loss 2.41 after 0 steps.');
});

test('step 12 links on: "More goals" opens the widget\'s own train panel', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await go(widget, '12. Let training choose the grids');
  await expect(widget.locator('.g-train-loss')).toHaveText('Loss 2.41 after 0 steps.');
  await widget.getByRole('button', { name: 'More goals: the train panel' }).click();
  await expect(widget).toHaveAttribute('train', '');
  await expect(widget).not.toHaveAttribute('guided', /.*/);
  await expect(widget.getByRole('button', { name: 'Train', exact: true })).toBeVisible();
});

// The train panel's layout: cause and effect on one screen (Train beside or right above the violet
// grids it moves), a legend for the cells' ↑/↓ marks, and at phone width one-row share tables as one
// word per row and layer 2's grids that fit (nothing scrolls sideways inside the panel).
import { test, expect } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import { watchConsole } from './console.js';

const DIR = 'tests/browser/screenshots';
const panel = (widget) => widget.getByRole('region', { name: 'Train the violet grids' });
const button = (widget, name) => panel(widget).getByRole('button', { name, exact: true });

async function trainWidget(page) {
  await page.goto('/#train');
  const widget = page.locator('#train attention-widget');
  await expect(panel(widget)).toBeVisible();
  await expect(widget.getByRole('status').filter({ hasText: 'of its attention to the' })).toBeVisible();
  return widget;
}

// Boxes that scroll sideways inside the panel (overflow auto or scroll and wider content).
const sideways = (widget) => widget.evaluate((w) => [...w.shadowRoot.querySelectorAll('.train, .train *')]
  .filter((n) => n.scrollWidth > n.clientWidth + 1 && n.clientWidth > 0
    && ['auto', 'scroll'].includes(getComputedStyle(n).overflowX))
  .map((n) => `${n.className}: ${n.scrollWidth} > ${n.clientWidth}`));

for (const [width, height] of [[1280, 800], [360, 740]]) {
  test(`train panel at ${width} × ${height}: Train and the violet grids on one screen, the marks' legend`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height });
    const widget = await trainWidget(page);
    await button(widget, 'Step').click();
    await expect(panel(widget).locator('.stats')).toHaveText(/after 1 step\./);
    await expect(panel(widget).locator('.marks-legend')).toHaveText('Under each violet cell of the cast: ↑ or ↓, the way '
      + 'the next step pushes it (· no push), then how far it has moved since the run began.');
    // Scrolled so the higher of Train and W_Q's first cell is at the top: both fit one screen together.
    const wq = widget.getByRole('textbox', { name: /^W_Q row \d, column \d$/ });
    const top = async () => Math.min((await button(widget, 'Train').boundingBox()).y, (await wq.first().boundingBox()).y);
    await page.evaluate((dy) => window.scrollBy(0, dy - 8), await top());
    await expect.poll(top).toBeLessThan(40);
    for (const box of [await button(widget, 'Train').boundingBox(), await wq.first().boundingBox(), await wq.last().boundingBox()]) {
      expect(box.y).toBeGreaterThanOrEqual(-1);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    }
    await mkdir(DIR, { recursive: true });
    await page.screenshot({ path: `${DIR}/train-layout-${width}.png` });
    expect(await sideways(widget)).toEqual([]);
    expect(problems).toEqual([]);
  });
}

test('two layers at 360 px: each one-row table is one word per row, in order; layer 2\'s grids fit', async ({ page }) => {
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const widget = await trainWidget(page);
  await panel(widget).getByLabel('Goal').selectOption('it-two-layers');
  await button(widget, 'Step').click();
  await expect(panel(widget).locator('.stats')).toHaveText(/after 1 step\./);
  await panel(widget).getByText('Layer 2’s violet grids (the cast is layer 1)').click();
  await expect(panel(widget).getByRole('table', { name: 'Layer 2 W_V' })).toBeVisible();
  for (const name of ['Layer 1 shares', 'Layer 2 shares']) {
    const table = panel(widget).getByRole('table', { name });
    await expect(table).toBeVisible();
    const rows = await table.evaluate((t) => [...t.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent)));
    const sentence = await panel(widget).getByLabel('Your sentence').inputValue();
    expect(rows.map((r) => r[0]), name).toEqual(sentence.split(' '));
    for (const [, share] of rows) expect(share).toMatch(/^\d\.\d\d$/);
  }
  expect(await sideways(widget)).toEqual([]);
  await panel(widget).screenshot({ path: `${DIR}/train-two-layers-layout-360.png` });
  expect(problems).toEqual([]);
});

// The scale lab as a learner sees it: on the demo page and on its own page, at
// 1280 px and 360 px, light and dark. Screenshots go to tests/browser/screenshots/
// to be looked at; the assertions catch what a picture would show going wrong
// (horizontal overflow at 360 px, a blank heat map, missing plots).
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { setAndWait, waitForGrid, readout } from './scale-helpers.js';

const SHOTS = 'tests/browser/screenshots';

async function noHorizontalOverflow(page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
}

for (const { width, scheme } of [{ width: 1280, scheme: 'light' }, { width: 360, scheme: 'light' },
  { width: 360, scheme: 'dark' }]) {
  test(`scale page at ${width} px, ${scheme}`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/web/scale.html');
    await waitForGrid(page);
    await setAndWait(page, { n: '1000' });
    await setAndWait(page, { n: '2048', input: 'local', causal: '' });
    await expect(page.locator('attention-scale .thermo-table tbody tr')).toHaveCount(9);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: `${SHOTS}/scale-${width}-${scheme}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}

test('the scale lab on the demo page, n = 1,000', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const lab = page.locator('#scale-lab attention-scale');
  await expect(lab).toHaveCount(1);
  await lab.scrollIntoViewIfNeeded(); // the lab starts when it comes near the viewport
  await waitForGrid(page, '#scale-lab attention-scale');
  expect(await readout(page, 'entries-count', '#scale-lab attention-scale')).toBe('1,000,000');
  await expect(page.locator('#scale-lab attention-scale .thermo-table tbody tr')).toHaveCount(9);
  await lab.scrollIntoViewIfNeeded();
  await page.locator('#scale-lab').screenshot({ path: `${SHOTS}/scale-demo-1280.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await noHorizontalOverflow(page);
  await page.locator('#scale-lab').screenshot({ path: `${SHOTS}/scale-demo-360.png` });
  expect(problems).toEqual([]);
});

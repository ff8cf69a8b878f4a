// Pictures of the demo page for people to look at (tests/browser/screenshots/,
// git-ignored). With UPDATE_DOCS=1 the 1280 px one is also copied to docs/screenshot.png,
// the README's picture: a plain test run never changes a tracked file.
// The checks here are about layout: nothing may widen the page at 360 px.
import { test, expect } from '@playwright/test';
import { copyFile, mkdir } from 'node:fs/promises';
import { watchConsole } from './console.js';
import { paintAll, widgetAt } from './widget-helpers.js';

const DIR = 'tests/browser/screenshots';

for (const width of [1280, 360]) {
  test(`demo page at ${width} px: every widget painted, no sideways page scroll`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    for (let i = 0; i < 4; i++) await widgetAt(page, i);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // Wide grids scroll inside their own box, never the page.
    const overflowing = await page.evaluate(() => [...document.querySelectorAll('attention-widget')].flatMap((w) =>
      [...w.shadowRoot.querySelectorAll('.panel')].filter((p) => p.scrollWidth > p.clientWidth + 1).map((p) => p.className)));
    expect(overflowing).toEqual([]);
    await mkdir(DIR, { recursive: true });
    const path = `${DIR}/demo-${width}.png`;
    await paintAll(page);
    await page.screenshot({ path, fullPage: true });
    if (width === 1280) {
      const box = await page.locator('#cat-sat attention-widget').boundingBox();
      const clip = { x: box.x - 12, y: box.y - 12, width: box.width + 24, height: box.height + 24 };
      await page.screenshot({ path: `${DIR}/widget-1280.png`, fullPage: true, clip });
      if (process.env.UPDATE_DOCS === '1') await copyFile(`${DIR}/widget-1280.png`, 'docs/screenshot.png');
    }
    expect(problems).toEqual([]);
  });
}

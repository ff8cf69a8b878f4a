// Pages that load without jumping: the layout shift of the demo page and the chapter page while
// their widgets load, render and appear in frames, on a phone, a laptop and a tall window, stays
// under 0.1 (what Lighthouse and web.dev call good). Each widget holds about the height it will
// have until it has it: a screen's height for a full widget, less for a figure or a guided tour
// (attention-widget.css), and a live region hidden with its panel lets go of its height
// (widget/dom.js). Before those, the chapter page shifted by 0.6 at 1280 x 800, and the demo
// page by 0.3 on a tall window. The heads lab's page likewise: its skeleton has the first
// picture's shape (blank grids and guess rows, the lines its texts will take), and the page
// reserves that before the module runs (web/lab-page.css); it shifted by 0.13 at 1280 x 1400.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { layoutShifts, recordShifts } from './wait-helpers.js';
import { SENTENCE_WORDS } from '../../web/views/heads/engine.js';

const SIZES = [{ width: 412, height: 823 }, { width: 1280, height: 800 }, { width: 1280, height: 1400 }];
const PAGES = { 'the demo page': '/web/', 'the chapter page': '/web/chapter.html' };

async function totalShift(page) {
  return (await layoutShifts(page)).reduce((sum, value) => sum + value, 0);
}

for (const [name, path] of Object.entries(PAGES)) {
  for (const viewport of SIZES) {
    test(`${name} loads without jumping (${viewport.width} x ${viewport.height})`, async ({ page }) => {
      const problems = watchConsole(page);
      await page.setViewportSize(viewport);
      await recordShifts(page);
      await page.goto(path);
      // Every widget near the screen has rendered and finished appearing.
      await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('attention-widget')]
        .filter((w) => w.getBoundingClientRect().top < innerHeight * 1.5)
        .every((w) => w.shadowRoot?.querySelector('.status')?.hidden && !w.shadowRoot.querySelector('.revealing, [data-later]'))),
).toBe(true);
      expect(await totalShift(page)).toBeLessThan(0.1);
      expect(problems).toEqual([]);
    });
  }
}

// And a 360 px phone, where the lab is tallest: the reserve before its module runs matters most there.
for (const viewport of [{ width: 360, height: 800 }, ...SIZES]) {
  test(`the heads lab's page loads without jumping (${viewport.width} x ${viewport.height})`, async ({ page }) => {
    const problems = watchConsole(page);
    await page.setViewportSize(viewport);
    await recordShifts(page);
    await page.goto('/web/heads.html');
    // The lab shows its first picture: the step-0 status, a sentence and numbers in every grid.
    const lab = page.locator('attention-heads');
    await expect(lab.locator('.status')).toHaveText(/^Step 0/);
    await expect(lab.locator('.words')).toHaveText(/\w/);
    await expect(lab.locator('.head tbody tr:first-child td:nth-child(2)')).toHaveText([/^\d\.\d\d$/, /^\d\.\d\d$/]);
    // The skeleton's blank grids have SENTENCE_WORDS rows: the core's sentences must have as many words.
    await expect(lab.locator('.head').first().locator('tbody tr')).toHaveCount(SENTENCE_WORDS);
    expect(await totalShift(page)).toBeLessThan(0.1);
    expect(problems).toEqual([]);
  });
}

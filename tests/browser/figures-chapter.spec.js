// The demo's chapter page (web/chapter.html) at a laptop's and a phone's width: every
// live number starts as the text the author wrote, an edit in the cast figure reaches
// the figures and sentences above it, nothing scrolls sideways, zero console errors.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { sharesRow } from './figures-helpers.js';
import { paintAll } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const values = (page) => page.locator('attention-value').evaluateAll((all) =>
  all.map((v) => ({ of: `${v.getAttribute('example')}: ${v.getAttribute('of')}`, live: v.text })));
// What the author wrote inside each <attention-value> (shown until the core has loaded), in page order.
const written = async (request) => [...(await (await request.get('/web/chapter.html')).text())
  .matchAll(/<attention-value [^>]*>([^<]*)<\/attention-value>/g)].map((m) => m[1].replace('\u2212', '−'));

for (const [width, height] of [[1280, 900], [360, 780]]) {
  test(`the chapter page at ${width} px: live numbers, linked figures, no sideways scroll`, async ({ page, request }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/web/chapter.html');
    // A figure renders when it comes near the viewport: each is scrolled to, as a reader would.
    const reach = async (id) => { await page.locator(id).scrollIntoViewIfNeeded(); return page.locator(id); };
    await expect((await reach('#fig-asker')).getByRole('table', { name: /sat asks/ })).toBeVisible();
    await expect.poll(async () => (await values(page)).every((v) => v.live !== '')).toBe(true);
    // The numbers written in the page (shown before the core loads) are the core's own.
    const authored = await written(request);
    const live = await values(page);
    expect(authored.length).toBe(live.length);
    live.forEach((v, i) => expect(v.live, v.of).toBe(authored[i]));
    await expect((await reach('#fig-thermo-plot')).locator('.thermo-table tbody tr').first()).toBeVisible();
    await expect((await reach('#fig-grid-lab')).locator('canvas')).toBeVisible();

    await paintAll(page);
    await page.screenshot({ path: `tests/browser/screenshots/figures-chapter-${width}.png`, fullPage: true });
    // One picture per section too: the whole page is too tall to judge at once.
    for (const section of await page.locator('section.beat').all()) {
      const id = await section.getAttribute('aria-labelledby');
      await section.screenshot({ path: `tests/browser/screenshots/figures-chapter-${width}-${id}.png` });
    }

    // Nothing wider than the page; each figure's key numbers on screen without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    for (const [id, selector] of [['fig-asker', '.asker-table .share-cell'], ['fig-grids', '.grid-weights td'],
      ['fig-river', '.asker-table .share-cell'], ['fig-cast', '.cast-table .vec'], ['fig-causal', '.grid-weights td']]) {
      const rights = await page.locator(`#${id}`).locator(selector).evaluateAll((cells) =>
        cells.map((c) => c.getBoundingClientRect().right));
      expect(Math.max(...rights), `${id} ${selector}`).toBeLessThanOrEqual(width);
    }
    // The learner edits W_Q in the cast figure, then scrolls up: everything has followed.
    const cast = page.locator('#fig-cast');
    await cast.getByRole('textbox', { name: 'W_Q row 1, column 1', exact: true }).fill('3');
    const asker = page.locator('#fig-asker');
    await expect(asker.locator('.story')).toHaveText(/^sat pays 79% of its attention to cat/);
    await expect(page.locator('attention-value[of="share sat cat"][format="percent"]')).toHaveText('79%');
    await expect(page.locator('attention-value[of="query asker"]').first()).toHaveText('[2, 1]');
    await expect(page.locator('#fig-blend .blend-live p[id^="plot"]')).toContainText('Output of sat: [2.47, 1.00]');
    expect(await sharesRow(page.locator('#fig-grids'), 'sat')).toEqual({ the: '0.11', cat: '0.79', sat: '0.11' });
    // The bank figures are other examples: untouched.
    await expect(page.locator('attention-value[example="river"][of="share bank river"]')).toHaveText('87%');
    await page.locator('#s-scores').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `tests/browser/screenshots/figures-chapter-${width}-edited.png` });
  });
}

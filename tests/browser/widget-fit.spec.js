// The widget lays out its changing parts in fixed-size boxes (number boxes, live regions:
// see widget/dom.js) so an edit re-lays out little. A fixed size must never hide a number:
// long values typed in must still fit, at 1280 px and at 360 px.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { widgetAt } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
});
test.afterEach(() => expect(problems).toEqual([]));

const cell = (w, name) => w.getByRole('textbox', { name, exact: true });

// Every number box whose text overflows it, and every live region whose contents are taller
// than the region, as readable strings (empty when everything fits).
function overflows(widget) {
  return widget.evaluate((el) => {
    const root = el.shadowRoot;
    const shown = (node) => node.getClientRects().length > 0;
    const boxes = [...root.querySelectorAll('.nb')].filter(shown)
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => `box "${box.textContent}": ${box.scrollWidth} > ${box.clientWidth}`);
    const regions = [...root.querySelectorAll('.live')].filter(shown)
      .filter((live) => Math.abs(live.firstChild.getBoundingClientRect().height - live.getBoundingClientRect().height) > 0.5)
      .map((live) => `region ${live.className}: contents ${live.firstChild.getBoundingClientRect().height}, `
        + `region ${live.getBoundingClientRect().height}`);
    return [...boxes, ...regions];
  });
}

const nextFrame = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));

for (const width of [1280, 360]) {
  test(`at ${width} px a long typed value stays fully visible: products, scores and grids`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const w = await widgetAt(page);
    expect(await overflows(w)).toEqual([]);
    await cell(w, 'W_Q row 1, column 1').fill('-123.45');
    await cell(w, 'embeddings row 3 (sat), column 2').fill('-7.25');
    // q_sat = W_Q x_sat = [−123.45 − 7.25·0 − 1, 2·(−7.25) − 1] = [−124.45, −15.5]
    const products = w.locator('.asker-table td.products');
    await expect(products.first()).toContainText('(−124.45) × 1 + (−15.5) × (−1) = −108.95');
    await nextFrame(page);
    expect(await overflows(w)).toEqual([]);
    // The products cell shows its whole text: nothing cut off inside the cell.
    for (const td of await products.all())
      expect(await td.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Back to short values: the boxes keep their width (nothing jumps), and still fit.
    await cell(w, 'W_Q row 1, column 1').fill('2');
    await nextFrame(page);
    expect(await overflows(w)).toEqual([]);
  });
}

test('a message under a cell grows its region: nothing below it is covered', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  await cell(w, 'W_K row 2, column 3').fill('abc');
  await expect(w.getByRole('alert').filter({ hasText: 'W_K row 2, column 3' })).toBeVisible();
  await nextFrame(page);
  expect(await overflows(w)).toEqual([]);
});

test('the plot is described in words (a hidden summary, read through aria-describedby)', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  const plot = w.getByRole('group', { name: 'Value arrows and the blend' });
  await expect(plot).toHaveAccessibleDescription(/Output of sat: \[2\.24, 0\.85\]\. Values: the \[0, 2\]; cat \[3, 1\]/);
  await cell(w, 'W_V row 1, column 2').fill('4');
  await expect(plot).toHaveAccessibleDescription(/cat \[4, 1\]/);
});

// The longest token the widget accepts (40 characters, no break opportunity) in every place a
// token is written: the page must not scroll sideways, and the asker's select and story stay
// inside their panel.
for (const width of [1280, 360]) {
  test(`at ${width} px one 40-character token does not make the page scroll sideways`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const w = await widgetAt(page);
    const long = 'W'.repeat(40); // the widest letter, 40 times: no break opportunity anywhere
    await w.evaluate((el, long) => { el.config = { ...el.state, tokens: ['the', long, 'sat'], asker: 1 }; }, long);
    await expect(w.locator('.asker-select')).toHaveValue('1');
    await nextFrame(page);
    const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: innerWidth }));
    expect(sizes.scroll, `page ${sizes.scroll} px wide in a ${sizes.view} px window`).toBeLessThanOrEqual(sizes.view);
    const outside = await w.evaluate((el) => {
      const panel = el.shadowRoot.querySelector('.panel.asker').getBoundingClientRect();
      return [...el.shadowRoot.querySelectorAll('.asker-select, .asker .story, .asker .blend, .asker .rounding, .asker .table-title')]
        .filter((node) => node.getBoundingClientRect().right > panel.right + 0.5)
        .map((node) => `${node.className}: right ${node.getBoundingClientRect().right} > panel ${panel.right}`);
    });
    expect(outside).toEqual([]);
    await w.locator('.panel.asker').screenshot({ path: `tests/browser/screenshots/long-token-asker-${width}.png` });
  });
}

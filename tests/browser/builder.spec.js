// The figure builder (web/builder.html, linked from the demo): click a Shares cell to insert a working
// <attention-value>, copy the markup and paste it into an empty page with the package (it reproduces
// the figure), and check pasted chapter HTML for static digits (planted ones found, no others,
// hostile text shown as text). The page runs under the demo server's strict CSP.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { CSP } from '../../scripts/serve.mjs';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

async function builder(page) {
  await page.goto('/web/index.html');
  await page.getByRole('link', { name: 'Build a figure' }).click();
  await expect(page).toHaveURL(/builder\.html$/);
  await expect(page.locator('#fig-widget').getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
}

test('a click on a Shares cell inserts a working <attention-value>; the copied markup rebuilds the figure', async ({ page }) => {
  await builder(page);
  await page.getByRole('checkbox', { name: 'grids' }).check();
  await page.getByRole('radio', { name: 'inserts its live number' }).check();
  const shares = page.locator('#fig-widget').getByRole('table', { name: 'Shares', exact: true });
  await shares.locator('tbody tr').nth(2).locator('td').nth(1).click(); // sat's row, cat's column
  const value = page.locator('#values attention-value');
  await expect(value).toHaveAttribute('of', 'share sat cat');
  await expect.poll(() => value.evaluate((v) => v.text)).toBe('0.67');
  await page.getByRole('radio', { name: 'highlights it' }).check();
  await shares.locator('tbody tr').nth(0).locator('td').nth(1).click(); // the row of the, cat's column
  await expect(page.locator('#fig-widget')).toHaveAttribute('highlight', 'shares the cat');
  const markup = await page.getByRole('textbox', { name: 'The figure\'s markup' }).inputValue();
  expect(markup).toBe('<attention-example id="fig" preset="cat-sat"></attention-example>\n'
    + '<attention-widget example="fig" show="grids" highlight="shares the cat"></attention-widget>\n'
    + '<p><attention-value example="fig" of="share sat cat">0.67</attention-value></p>\n');
  await page.getByRole('button', { name: 'Copy the markup' }).click();
  await expect(page.locator('#copy-status')).not.toBeEmpty();
  // Pasted into an empty page with the package, under the same CSP: the same figure and number.
  await page.route('**/web/pasted.html', (route) => route.fulfill({ status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CSP },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>pasted</title>
      <script type="module" src="./attention-widget.js"></script></head><body>${markup}</body></html>` }));
  await page.goto('/web/pasted.html');
  const widget = page.locator('attention-widget');
  await expect(widget.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  await expect(widget.getByRole('table', { name: 'Scores', exact: true })).toBeVisible();
  await expect.poll(() => page.locator('attention-value').evaluate((v) => v.text)).toBe('0.67');
});

test('the static-digit check finds the digits planted in prose and no others; hostile text stays text', async ({ page }) => {
  await builder(page);
  await page.getByLabel(/Paste chapter HTML/).fill(`<p>sat pays 67% of its attention to cat and
    <attention-value example="cat" of="share sat the">0.09</attention-value> to the.</p>
    <attention-widget id="fig-2" example="cat" highlight="wq 1 2"></attention-widget>
    <p>The row of the gives 0.47 to itself. <img src=x onerror="document.title='pwned'"></p>
    <script>window.ran = 1</script>`);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('#check-summary')).toHaveText('2 static numbers in the prose: each will not follow a reader\'s edit.');
  await expect(page.locator('#check-list li')).toHaveText([/^67%: “sat pays 67% of its/, /^0\.47: “.*gives 0\.47 to itself/]);
  expect(await page.evaluate(() => [document.title, window.ran, document.querySelectorAll('main img').length]))
    .toEqual(['Figure builder: build a chapter figure by clicking', undefined, 0]);
  await page.getByLabel(/Paste chapter HTML/).fill('<p>All live: <attention-value of="asker">sat</attention-value>.</p>');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.locator('#check-summary')).toHaveText('No static digits: every number in the prose is live.');
});

// The default widget shows the chapter's numbers, in the right cells, and each
// switch changes the right cells to the chapter's values.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { askerRows, gridCell, gridRow, widgetAt } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.goto('/');
});
test.afterEach(() => expect(problems).toEqual([]));

const row = (the, cat, sat) => ({ the, cat, sat });

test('the cast: q_sat = [1, 1], v_cat = [3, 1], and a vector explains itself digit by digit', async ({ page }) => {
  const w = await widgetAt(page);
  const cast = w.getByRole('table', { name: /Tokens: the embedding/ });
  const sat = cast.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'sat', exact: true }) });
  const cat = cast.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'cat', exact: true }) });
  await expect(sat.getByRole('button').nth(0)).toHaveText('[1, 1]');
  await expect(cat.getByRole('button').nth(2)).toHaveText('[3, 1]');
  await sat.getByRole('button').nth(0).focus();
  await expect(w.locator('.explain')).toHaveText(
    'q(sat) = W_Q x(sat): row 1 dots [2, 0, −1] with [1, 1, 1]: 2 × 1 + 0 × 1 + (−1) × 1 = 1; '
    + 'row 2 dots [0, 2, −1] with [1, 1, 1]: 0 × 1 + 2 × 1 + (−1) × 1 = 1.');
  await expect(w.getByRole('textbox', { name: 'W_Q row 1, column 3', exact: true })).toHaveValue('−1');
});

test('one asker: sat\'s products, scores, exponentials, total, shares and blend as the chapter prints them', async ({ page }) => {
  const w = await widgetAt(page);
  await expect(w.getByRole('combobox', { name: 'Asker' })).toHaveValue('2');
  const rows = await askerRows(w);
  expect(rows.the['q · k, slot by slot']).toBe('1 × 1 + 1 × (−1) = 0');
  expect(rows.cat['q · k, slot by slot']).toBe('1 × 1 + 1 × 1 = 2');
  expect(rows.sat['q · k, slot by slot']).toBe('1 × 0 + 1 × 1 = 1');
  expect([rows.the.score, rows.cat.score, rows.sat.score]).toEqual(['0', '2', '1']);
  expect([rows.the['e^score'], rows.cat['e^score'], rows.sat['e^score']]).toEqual(['e0 = 1.00', 'e2 ≈ 7.39', 'e1 ≈ 2.72']);
  expect(rows.total).toContain('≈ 11.11');
  expect(rows.total.split('|').at(-1)).toBe('1.00'); // "The shares sum to 1.00"
  expect([rows.the.share, rows.cat.share, rows.sat.share]).toEqual(['0.09', '0.67', '0.24']);
  await expect(w.locator('.rounding')).toHaveText(
    'Shares are rounded to two decimals: cat\'s exact share, 0.665, prints as 0.67.');
  await expect(w.locator('.story')).toHaveText('sat pays 67% of its attention to cat, keeps 24% for itself and gives 9% to the.');
  await expect(w.locator('.blend')).toContainText('≈ [2.24, 0.85], beside v(cat) = [3, 1]');
  await expect(w.locator('.chapter-note')).toContainText('[2.25, 0.85]');
  await expect(w.locator('.chapter-note')).toContainText('rounded to two decimals first');
});

test('everyone at once: the score and weight grids, row by row', async ({ page }) => {
  const w = await widgetAt(page);
  expect(await gridRow(w, 'Scores', 'the')).toEqual(row('2.00', '2.00', '0.00'));
  expect(await gridRow(w, 'Scores', 'cat')).toEqual(row('−2.00', '2.00', '2.00'));
  expect(await gridRow(w, 'Scores', 'sat')).toEqual(row('0.00', '2.00', '1.00'));
  expect(await gridRow(w, 'Shares', 'the')).toEqual(row('0.47', '0.47', '0.06'));
  expect(await gridRow(w, 'Shares', 'cat')).toEqual(row('0.01', '0.50', '0.50'));
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.09', '0.67', '0.24'));
  await expect(w.getByText('a row can read 1.01')).toBeVisible();
  // The formula is MathML, and naming a symbol highlights what it stands for.
  await expect(w.locator('math')).toBeVisible();
  await w.getByRole('button', { name: 'Q Kᵀ: the Scores grid' }).focus();
  await expect(w.locator('.aw')).toHaveAttribute('data-highlight', 'scores');
});

test('the causal switch blanks the upper-right triangle and recomputes the shares', async ({ page }) => {
  const w = await widgetAt(page);
  const causal = w.getByRole('switch', { name: /causal/i });
  await causal.check();
  expect(await gridRow(w, 'Shares', 'the')).toEqual(row('1.00', '—', '—'));
  expect(await gridRow(w, 'Shares', 'cat')).toEqual(row('0.02', '0.98', '—'));
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.09', '0.67', '0.24'));
  expect(await gridRow(w, 'Scores', 'the')).toEqual(row('2.00', '—', '—'));
  await expect(await gridCell(w, 'Shares', 'the', 'cat')).toHaveAttribute('aria-label', 'masked');
  await expect(await gridCell(w, 'Scores', 'cat', 'sat')).toHaveAttribute('aria-label', 'masked');
  await w.getByRole('combobox', { name: 'Asker' }).selectOption({ label: 'cat' });
  const rows = await askerRows(w);
  expect([rows.the.share, rows.cat.share, rows.sat.share]).toEqual(['0.02', '0.98', '—']);
  await causal.uncheck();
  expect(await gridRow(w, 'Shares', 'the')).toEqual(row('0.47', '0.47', '0.06'));
  await expect(await gridCell(w, 'Shares', 'the', 'cat')).not.toHaveAttribute('aria-label', 'masked');
});

test('the √d_k switch: sat\'s scores become 0 / 1.41 / 0.71 and its shares 0.14 / 0.58 / 0.28', async ({ page }) => {
  const w = await widgetAt(page);
  await w.getByRole('switch', { name: /√d_k/ }).check();
  expect(await gridRow(w, 'Scores', 'sat')).toEqual(row('0.00', '1.41', '0.71'));
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.14', '0.58', '0.28'));
  const rows = await askerRows(w);
  expect([rows.the['score ÷ 1.41'], rows.cat['score ÷ 1.41'], rows.sat['score ÷ 1.41']]).toEqual(['0.00', '1.41', '0.71']);
  expect([rows.the['e^score'], rows.cat['e^score'], rows.sat['e^score']]).toEqual(['e0 = 1.00', 'e1.41 ≈ 4.11', 'e0.71 ≈ 2.03']);
  expect(rows.total).toContain('≈ 7.14');
  expect([rows.the.share, rows.cat.share, rows.sat.share]).toEqual(['0.14', '0.58', '0.28']);
  await expect(w.locator('.chapter-note')).toBeHidden(); // the rounding remark is about the unscaled numbers
  await w.getByRole('switch', { name: /Thermostat/ }).uncheck();
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.09', '0.67', '0.24'));
});

test('the temperature slider softens and sharpens every row', async ({ page }) => {
  const w = await widgetAt(page);
  const slider = w.getByRole('slider', { name: /Temperature/ });
  await slider.fill('2');
  await expect(w.getByText('T = 2.00')).toBeVisible();
  // Scores (0, 2, 1) / 2 -> softmax (0.19, 0.51, 0.31): gentler than 0.67.
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.19', '0.51', '0.31'));
  await slider.fill('0.5');
  // Scores (0, 4, 2) -> (0.02, 0.87, 0.12): sharper.
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.02', '0.87', '0.12'));
  expect(await w.evaluate((el) => el.state.temperature)).toBe(0.5);
});

// Counted from the plot's pixels as painted, not from the SVG's attributes: a plot whose
// attributes are right can still paint nothing (an isolated <tspan> once stopped Chromium from
// painting the arrows and the grid while the labels' geometry stayed right).
test('the blend plot paints its arrows: pixels in the value and output colours', async ({ page }) => {
  const w = await widgetAt(page);
  const png = await w.locator('svg.plot').screenshot();
  const counts = await page.evaluate(async (b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const { data } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const near = (i, [r, g, b]) => Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) < 40;
    let value = 0, output = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (near(i, [0, 116, 90])) value += 1;   // --aw-value-color #00745a
      if (near(i, [138, 97, 0])) output += 1;  // --aw-output-color #8a6100
    }
    return { value, output };
  }, png.toString('base64'));
  expect(counts.value).toBeGreaterThan(1500); // three value arrows and their heads
  expect(counts.output).toBeGreaterThan(800); // the output arrow and its label
});

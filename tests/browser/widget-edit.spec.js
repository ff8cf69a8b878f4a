// Editing: typed cells, invalid text, keyboard-only use, dragging value arrows, reset.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.goto('/');
});
test.afterEach(() => expect(problems).toEqual([]));

const row = (the, cat, sat) => ({ the, cat, sat });
const cell = (w, name) => w.getByRole('textbox', { name, exact: true });

test('editing a weight cell recomputes everything that depends on it', async ({ page }) => {
  const w = await widgetAt(page);
  await w.evaluate((el) => {
    window.__changes = [];
    el.addEventListener('attention-change', (e) => window.__changes.push(e.reason));
  });
  await cell(w, 'W_Q row 1, column 1').fill('3');
  // q_sat = [3 + 0 - 1, 1] = [2, 1]; its scores against k_the [1, -1], k_cat [1, 1], k_sat [0, 1]: 1, 3, 1.
  const sat = w.getByRole('table', { name: /Tokens: the embedding/ }).getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'sat', exact: true }) });
  await expect(sat.getByRole('button').nth(0)).toHaveText('[2, 1]');
  expect(await gridRow(w, 'Scores', 'sat')).toEqual(row('1.00', '3.00', '1.00'));
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.11', '0.79', '0.11'));
  await expect(w.getByRole('table', { name: /asks: its query q = \[2, 1\]/ })).toBeVisible();
  await expect(w.locator('.chapter-note')).toBeHidden();
  expect(await page.evaluate(() => window.__changes)).toEqual(['edit']);
  expect(await w.evaluate((el) => el.state.wq)).toEqual([[3, 0, -1], [0, 2, -1]]);
  // Embeddings are editable too: x_the = [1, 0, 0] -> [0, 0, 0] zeroes its query, key and value.
  await cell(w, 'embeddings row 1 (the), column 1').fill('0');
  expect(await gridRow(w, 'Scores', 'the')).toEqual(row('0.00', '0.00', '0.00'));
});

for (const bad of ['', 'abc', 'NaN', 'Infinity', '1e400', '5000', '−']) {
  test(`invalid entry ${JSON.stringify(bad)} shows a message and keeps the last good state`, async ({ page }) => {
    const w = await widgetAt(page);
    const input = cell(w, 'W_K row 2, column 1');
    await input.fill(bad);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const alert = w.getByRole('alert').filter({ hasText: 'W_K row 2, column 1' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(bad === '' ? 'empty' : /not a number|out of range/);
    expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.09', '0.67', '0.24'));
    expect(await w.evaluate((el) => el.state.wk[1][0])).toBe(-1);
    // Other edits still work while one cell is invalid; the invalid text is left for the learner to fix.
    await w.getByRole('switch', { name: /causal/i }).check();
    expect(await gridRow(w, 'Shares', 'cat')).toEqual(row('0.02', '0.98', '—'));
    await expect(input).toHaveValue(bad);
    await input.fill('−1');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await expect(alert).toHaveCount(0);
    expect(await w.evaluate((el) => el.state.wk[1][0])).toBe(-1);
  });
}

test('keyboard only: Tab to a switch and Space, Tab to a cell and step it with the arrow keys', async ({ page }) => {
  const w = await widgetAt(page);
  const label = () => page.evaluate(() => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a?.getAttribute('aria-label') ?? a?.closest('label')?.textContent ?? a?.textContent;
  });
  const tabTo = async (name) => {
    for (let i = 0; i < 80 && (await label()) !== name; i++) await page.keyboard.press('Tab');
    expect(await label()).toBe(name);
  };
  await tabTo('W_Q row 1, column 1');
  await page.keyboard.press('ArrowUp');
  await expect(cell(w, 'W_Q row 1, column 1')).toHaveValue('3');
  expect(await gridRow(w, 'Scores', 'sat')).toEqual(row('1.00', '3.00', '1.00'));
  await page.keyboard.press('Shift+ArrowDown');
  await expect(cell(w, 'W_Q row 1, column 1')).toHaveValue('2.9');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Shift+ArrowUp');
  await expect(cell(w, 'W_Q row 1, column 1')).toHaveValue('2');
  expect(await gridRow(w, 'Scores', 'sat')).toEqual(row('0.00', '2.00', '1.00'));
  // The causal switch sits with the grids, after the cast (the chapter's order).
  await tabTo('Causal mask: hide later words');
  await page.keyboard.press('Space');
  expect(await gridRow(w, 'Shares', 'cat')).toEqual(row('0.02', '0.98', '—'));
  await page.keyboard.press('Space');
  expect(await gridRow(w, 'Shares', 'cat')).toEqual(row('0.01', '0.50', '0.50'));
  // The asker can be chosen from the keyboard too.
  await w.getByRole('combobox', { name: 'Asker' }).focus();
  await page.keyboard.press('ArrowUp');
  await expect(w.locator('.story')).toHaveText(/^cat /);
});

test('a value arrow moves with the keyboard: v_cat [3, 1] -> [4, 1] edits W_V', async ({ page }) => {
  const w = await widgetAt(page);
  const tip = w.getByRole('button', { name: /^value of cat, \[3, 1\]/ });
  await tip.focus();
  await page.keyboard.press('ArrowRight');
  // x_cat = [0, 1, 0], so the smallest change is W_V's column 2: [3, 1] -> [4, 1].
  expect(await w.evaluate((el) => el.state.wv)).toEqual([[0, 4, -2], [2, 1, -3]]);
  await expect(cell(w, 'W_V row 1, column 2')).toHaveValue('4');
  await expect(w.getByRole('button', { name: /^value of cat, \[4, 1\]/ })).toBeFocused();
  await page.keyboard.press('Shift+ArrowDown');
  expect(await w.evaluate((el) => el.state.wv[1][1])).toBe(0.9);
  await w.getByText('why?').click();
  await expect(w.getByText(/a drag edits W_V/)).toBeVisible();
});

test('dragging a value arrow edits W_V and the blend follows, smoothly and honestly', async ({ page }) => {
  const w = await widgetAt(page);
  const tip = w.getByRole('button', { name: /^value of cat/ });
  await tip.scrollIntoViewIfNeeded();
  const box = await tip.boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x - 8 * i, y - 8 * i);
  await page.mouse.up();
  const { wv, values } = await w.evaluate(async (el) => {
    const { loadAttention } = await import('/wasm/attention.js');
    return { wv: el.state.wv, values: (await loadAttention()).attend(el.state).values };
  });
  // Only W_V's column 2 changes (x_cat is one-hot), v_cat moved up and to the left,
  // and v_sat (whose embedding also has a 1 there) moved with it.
  expect(wv[0][0]).toBe(0); expect(wv[0][2]).toBe(-2); expect(wv[1][2]).toBe(-3);
  expect(values[1][0]).toBeLessThan(3);
  expect(values[1][1]).toBeGreaterThan(1);
  expect(values[2]).not.toEqual([1, 0]);
  // The cell reads as the chapter prints: two decimals at most.
  await expect(cell(w, 'W_V row 1, column 2')).toHaveValue(String(Number(wv[0][1].toFixed(2))).replace('-', '−'));
  // Reset restores the chapter's cast.
  await w.getByRole('button', { name: 'Reset to preset' }).click();
  expect(await w.evaluate((el) => el.state.wv)).toEqual([[0, 3, -2], [2, 1, -3]]);
  expect(await gridRow(w, 'Shares', 'sat')).toEqual(row('0.09', '0.67', '0.24'));
  await expect(w.locator('.chapter-note')).toBeVisible();
});

test('a drag released outside the plot refits it: the moved arrow and its handle are inside, and can be grabbed again', async ({ page }) => {
  const w = await widgetAt(page);
  const plot = w.locator('svg.plot');
  const tip = w.getByRole('button', { name: /^value of cat/ });
  await tip.scrollIntoViewIfNeeded();
  const frame = await plot.boundingBox();
  const start = await tip.boundingBox();
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  // Far to the right of the plot, released there (the pointer is captured, so the drag goes on).
  const outside = frame.x + frame.width + 150;
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + ((outside - x) * i) / 10, y);
  await page.mouse.up();
  const inside = await w.evaluate((el) => {
    const svg = el.shadowRoot.querySelector('svg.plot');
    const [x0, y0, width, height] = svg.getAttribute('viewBox').split(' ').map(Number);
    return [...svg.querySelectorAll('.handle')].map((h) => {
      const cx = Number(h.getAttribute('cx')); const cy = Number(h.getAttribute('cy'));
      return cx >= x0 && cx <= x0 + width && cy >= y0 && cy <= y0 + height;
    });
  });
  expect(inside).toEqual([true, true, true]);
  // The handle is on screen inside the plot, and a second drag grabs it.
  const moved = await tip.boundingBox();
  const plotNow = await plot.boundingBox();
  expect(moved.x + moved.width / 2).toBeLessThanOrEqual(plotNow.x + plotNow.width);
  const before = await w.evaluate((el) => el.state.wv);
  await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2);
  await page.mouse.down();
  await page.mouse.move(moved.x + moved.width / 2 - 30, moved.y + moved.height / 2 - 30, { steps: 5 });
  await page.mouse.up();
  expect(await w.evaluate((el) => el.state.wv)).not.toEqual(before);
});

test('every number cell opens a phone keyboard that has a minus sign (no decimal or numeric keypad)', async ({ page }) => {
  const w = await widgetAt(page);
  // iOS's inputmode="decimal" and "numeric" keypads have no minus, and the chapter's weights are negative.
  const modes = await w.evaluate((el) => [...el.shadowRoot.querySelectorAll('input.num')]
    .map((input) => input.inputMode));
  expect(modes.length).toBeGreaterThan(20);
  expect(modes.filter((mode) => mode === 'decimal' || mode === 'numeric')).toEqual([]);
});

// The full widget's motion and feedback (issue 11, part 3): rows that set the asker, cells that
// explain themselves, the asker's row marked in both grids, notes beside the causal switch and
// after a value drag, and changed numbers that flash (never under reduced motion).
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridCell, widgetAt } from './widget-helpers.js';
import { animationsDone } from './wait-helpers.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

test('clicking a grid row makes that token the asker; the asker row is marked in both grids', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  const marked = () => w.evaluate((el) => [...el.shadowRoot.querySelectorAll('.heat-table tr.is-asker > th')].map((th) => th.textContent));
  expect(await marked()).toEqual(['sat', 'sat']);
  await (await gridCell(w, 'Scores', 'cat', 'the')).click();
  await expect(w.locator('.story')).toHaveText(/^cat /);
  expect(await w.evaluate((el) => el.state.asker)).toBe(1);
  expect(await marked()).toEqual(['cat', 'cat']);
});

test('hovering or focusing a cell says how it was made; Enter on a focused cell sets the asker', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  const explain = w.locator('.cell-explain');
  await (await gridCell(w, 'Scores', 'sat', 'cat')).hover();
  await expect(explain).toHaveText('q_sat · k_cat = 1 × 1 + 1 × 1 = 2.');
  await (await gridCell(w, 'Shares', 'sat', 'cat')).hover();
  await expect(explain).toHaveText('sat\'s share for cat: e^2 ≈ 7.39, ÷ the row\'s total 11.11 ≈ 0.67.');
  // One tab stop per grid, on the asker's row; arrow keys move, Enter picks the row.
  const first = await gridCell(w, 'Scores', 'sat', 'the');
  await expect(first).toHaveAttribute('tabindex', '0');
  await first.focus();
  await expect(explain).toHaveText('q_sat · k_the = 1 × 1 + 1 × (−1) = 0.');
  await page.keyboard.press('ArrowUp');
  await expect(explain).toHaveText('q_cat · k_the = 0 × 1 + 2 × (−1) = −2.');
  await page.keyboard.press('Enter');
  await expect(w.locator('.story')).toHaveText(/^cat /);
  // Masked cells say why.
  await w.getByRole('switch', { name: 'Causal mask: hide later words' }).check();
  await (await gridCell(w, 'Shares', 'the', 'sat')).hover();
  await expect(explain).toHaveText('the cannot look at sat: sat comes later, and the causal mask blanks it.');
});

test('the causal switch explains itself when the asker is last; a value drag says the shares stayed', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  const why = w.locator('.causal-why');
  await expect(why).toHaveText('sat is the last word, so the mask would hide nothing from it: its row stays the same. '
    + 'Pick another asker (say, cat) to see the mask at work.');
  await w.getByRole('switch', { name: 'Causal mask: hide later words' }).check();
  await expect(why).toContainText('so the mask hides nothing from it');
  await w.getByRole('combobox', { name: 'Asker' }).selectOption('cat');
  await expect(why).toBeHidden();
  const note = w.locator('.drag-note');
  await expect(note).toBeHidden();
  await w.getByRole('button', { name: /^value of cat, \[3, 1\]/ }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(note).toHaveText(/^The shares did not change: a value only changes what is blended/);
  await w.getByRole('textbox', { name: 'W_Q row 1, column 1' }).fill('3');
  await expect(note).toBeHidden();
});

test('after an edit the changed numbers flash briefly; nothing flashes under reduced motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    const seen = watchConsole(page);
    await page.goto('/');
    const w = await widgetAt(page);
    const flashing = () => w.evaluate((el) => el.shadowRoot.getAnimations()
      .filter((a) => a.playState === 'running').map((a) => a.effect.target.textContent));
    // Every flash started, recorded as it starts: a busy machine may read after a 600 ms flash ended.
    await page.evaluate(() => {
      window.flashed = [];
      const animate = Element.prototype.animate;
      Element.prototype.animate = function (...args) { window.flashed.push(this.textContent); return animate.apply(this, args); };
    });
    await w.getByRole('textbox', { name: 'W_Q row 1, column 1' }).fill('3');
    await expect(await gridCell(w, 'Attention weights', 'sat', 'cat')).toHaveText('0.79'); // sat's new share for cat
    const flashed = await page.evaluate(() => window.flashed);
    if (reducedMotion === 'reduce') expect(flashed).toEqual([]);
    else expect(flashed).toEqual(expect.arrayContaining(['0.79']));
    await animationsDone(w); // the flashes end by themselves
    expect(await flashing()).toEqual([]);
    expect(seen).toEqual([]);
    await context.close();
  }
});

test('the full widget in the chapter\'s order: one asker, the blend, the cast, everyone at once', async ({ page }) => {
  await page.goto('/');
  const w = await widgetAt(page);
  const order = await w.evaluate((el) => [...el.shadowRoot.querySelectorAll('.panels section.panel')].map((s) => s.getAttribute('aria-label')));
  expect(order).toEqual(['One asker', 'The blend, as arrows', 'The cast', 'Everyone asks at once']);
  await w.screenshot({ path: 'tests/browser/screenshots/feedback-full-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await w.screenshot({ path: 'tests/browser/screenshots/feedback-full-360.png' });
});

test('after an edit the arrows glide to their new places; under reduced motion they cut', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce']) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    const seen = watchConsole(page);
    // The page's clock (its timers and frames) runs when the test says so, once the widget is up:
    // the glide's frames come at the times asked for, however busy the machine.
    await page.clock.install();
    await page.goto('/');
    const w = await widgetAt(page);
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    const x = () => w.evaluate((el) => el.shadowRoot.querySelector('.arrow-o').x2.baseVal.value);
    // The output arrow's tip: before the edit, 50 ms (three frames) after it, and once the glide is over.
    const before = await x();
    await w.evaluate((el) => {
      const input = el.shadowRoot.querySelector('input[aria-label="W_V row 1, column 2"]');
      input.value = '5';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.clock.runFor(50);
    const during = await x();
    await page.clock.runFor(1000); // the glide takes 260 ms
    const tips = { before, during, after: await x() };
    expect(tips.after).toBeGreaterThan(tips.before); // v_cat grew along x: o_sat moves right
    if (reducedMotion === 'reduce') expect(tips.during).toBe(tips.after);
    else expect(tips.during).toBeLessThan(tips.after);
    expect(seen).toEqual([]);
    await context.close();
  }
});

test('it-vase is told honestly, beside it-hungry where one layer gets "it" wrong; notes go when edited', async ({ page }) => {
  await page.goto('/');
  const vase = await widgetAt(page, 3);
  const hungry = await widgetAt(page, 4);
  await expect(vase.locator('.title')).toHaveText('The cat knocked over the vase because it was fragile');
  await expect(hungry.locator('.title')).toHaveText('The vase knocked over the cat because it was hungry');
  await expect(vase.locator('.chapter-note')).toContainText('hand-wired to prefer breakable objects');
  await expect(hungry.locator('.chapter-note')).toContainText('"it" gives vase 0.87, though the hungry one is the cat');
  await expect(hungry.locator('.story')).toHaveText(/^it pays 87% of its attention to vase/);
  // The axes are named: what each embedding number means.
  await expect(vase.locator('.x-head')).toHaveText(/animal.*breakable.*function word/);
  await hungry.getByRole('textbox', { name: 'W_Q row 1, column 3' }).fill('1');
  await expect(hungry.locator('.chapter-note')).toBeHidden();
  await vase.screenshot({ path: 'tests/browser/screenshots/feedback-it-vase.png' });
});

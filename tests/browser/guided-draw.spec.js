// Drawn guesses: the shares as bars to drag (pointer and keyboard, role="slider" with aria values),
// the blend as a pin; after the reveal the gap between guess and truth is drawn, not only printed.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { guidedWidget } from './guided-helpers.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

async function at(page, label) {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => w.setAttribute('predict', ''));
  await widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
  await widget.locator('.g-probe').getByRole('button', { name: 'Skip: just show me' }).click();
  return widget;
}

test('the share bars by mouse: drag cat\'s bar, lock in, the gap drawn on its row', async ({ page }) => {
  const widget = await at(page, '4. Divide by the total');
  const cat = widget.getByRole('slider', { name: 'Your guess for cat\'s share' });
  await expect(cat).toHaveAttribute('aria-valuenow', '0.33');
  await expect(cat).toHaveAttribute('aria-valuemin', '0');
  await expect(cat).toHaveAttribute('aria-valuemax', '1');
  const box = await cat.boundingBox();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(cat).toHaveAttribute('aria-valuetext', '0.60');
  await expect(widget.getByText('Your shares total 1.00: moving one bar moves the others.')).toBeVisible();
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.60, it is 0.67.');
  // The gap on cat's row spans 0.60 … 0.67 of the track (the guess to the truth).
  const gap = await widget.locator('.g-bar-row[data-key="1"] .g-gap').evaluate((g) => {
    const track = g.parentElement.getBoundingClientRect();
    const r = g.getBoundingClientRect();
    return [(r.left - track.left) / track.width, r.width / track.width];
  });
  expect(gap[0]).toBeCloseTo(0.6, 2);
  expect(gap[1]).toBeCloseTo(0.665 - 0.6, 2);
  await expect(widget.getByText('The thin line on each bar is your guess; the hatched stretch, how far off.')).toBeVisible();
});

test('the share bars by keyboard: arrows, Page Up / Down, Home, End', async ({ page }) => {
  const widget = await at(page, '4. Divide by the total');
  const the = widget.getByRole('slider', { name: 'Your guess for the\'s share' });
  await the.focus();
  await page.keyboard.press('End');
  await expect(the).toHaveAttribute('aria-valuenow', '1.00');
  await expect(widget.getByRole('slider', { name: 'Your guess for cat\'s share' })).toHaveAttribute('aria-valuenow', '0.00');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('ArrowLeft');
  await expect(the).toHaveAttribute('aria-valuetext', '0.89');
  await page.keyboard.press('Home');
  await expect(the).toHaveAttribute('aria-valuenow', '0.00');
  await expect(widget.getByRole('slider', { name: 'Your guess for sat\'s share' })).toHaveAttribute('aria-valuenow', '0.50');
});

test('the pin: the gap from the pin to o is drawn; reduced motion: nothing moves', async ({ page }) => {
  const widget = await at(page, '6. Tip to tail: the blend');
  const plot = widget.getByRole('application');
  await plot.focus();
  for (let k = 0; k < 4; k++) await page.keyboard.press('Shift+ArrowRight');
  for (let k = 0; k < 2; k++) await page.keyboard.press('Shift+ArrowUp');
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('You said [2.00, 1.00], it is [2.24, 0.85]: 0.29 away.');
  const line = widget.locator('.g-gap-line');
  await expect(line).toHaveCount(1);
  const ends = await line.evaluate((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => Number(l.getAttribute(a))));
  expect(ends[0]).toBe(2);
  expect(ends[1]).toBe(-1);
  expect(ends[2]).toBeCloseTo(2.245, 2);
  expect(ends[3]).toBeCloseTo(-0.845, 2);
  // The config runs the page with prefers-reduced-motion: reduce: no animation runs.
  expect(await widget.evaluate((w) => w.shadowRoot.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
});

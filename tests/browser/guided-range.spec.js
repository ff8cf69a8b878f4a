// steps="1-4" and steps="7": a tour locked to a range (one tour per section of a course page);
// a bad value is said in the widget's message line and the whole tour is shown.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { atStep, guidedWidget } from './guided-helpers.js';

let problems;
test.beforeEach(({ page }) => { problems = watchConsole(page); });
test.afterEach(() => { expect(problems).toEqual([]); });

const options = (widget) => widget.getByRole('combobox', { name: 'Jump to step' }).evaluate(
  (select) => [...select.options].filter((o) => !o.disabled).map((o) => o.textContent));

test('steps="1-4": only those steps; Next disabled at step 4, Previous at step 1', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => w.setAttribute('steps', '1-4'));
  const next = widget.getByRole('button', { name: 'Next step' });
  const previous = widget.getByRole('button', { name: 'Previous step' });
  await expect(previous).toBeDisabled();
  for (let k = 1; k < 4; k++) {
    await next.click();
    await atStep(widget, k + 1);
  }
  await expect(next).toBeDisabled();
  expect(await options(widget)).toEqual(['1. The query meets each key', '2. Scores as bars', '3. Exponentiate',
    '4. Divide by the total']);
  // Removing the attribute gives the whole tour back, from where it is.
  await widget.evaluate((w) => w.removeAttribute('steps'));
  await expect(next).toBeEnabled();
  expect(await options(widget)).toHaveLength(12);
});

test('steps="7": that step alone, both buttons disabled', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  await widget.evaluate((w) => w.setAttribute('steps', '7'));
  await atStep(widget, 7);
  await expect(widget.getByRole('button', { name: 'Next step' })).toBeDisabled();
  await expect(widget.getByRole('button', { name: 'Previous step' })).toBeDisabled();
  expect(await options(widget)).toEqual(['7. Where q, k and v come from']);
  await expect(widget.getByRole('status')).toContainText('q_sat = [1, 1]');
});

test('a bad steps value: a short message, and the whole tour', async ({ page }) => {
  await page.goto('/');
  const widget = await guidedWidget(page);
  const errors = await widget.evaluate((w) => new Promise((resolve) => {
    w.addEventListener('attention-error', (e) => resolve([e.code, e.message]), { once: true });
    w.setAttribute('steps', '4-2');
  }));
  const message = 'steps="4-2" is not a step (1 to 12) or a range such as "1-4"; showing the whole tour.';
  expect(errors).toEqual(['bad_attribute', message]);
  await expect(widget.locator('.widget-error')).toHaveText(message);
  await atStep(widget, 1);
  expect(await options(widget)).toHaveLength(12);
  await expect(widget.getByRole('button', { name: 'Next step' })).toBeEnabled();
});

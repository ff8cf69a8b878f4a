// <attention-heads> over time and in combination (issue 26): the "runs on the page" note follows
// where training runs (item 9); removing `seed` means the default seed (item 16); a worker that
// fails after it started is not silently replaced by a model at step 0 behind a message about
// starting (item 17).
import { test, expect } from '@playwright/test';

const PAGE = '/web/heads.html';
const lab = (page) => page.locator('attention-heads');
const status = (page) => lab(page).locator('.status');

test('the page-thread note goes when no-worker is removed and a worker trains again', async ({ page }) => {
  await page.goto(PAGE);
  await expect(status(page)).toHaveText(/^Step 0/);
  await expect(lab(page).locator('.mode')).toBeHidden();
  await lab(page).evaluate((e) => e.setAttribute('no-worker', ''));
  await expect(lab(page).locator('.mode')).toHaveText('Training runs on the page itself (the no-worker attribute is set), which may stutter.');
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('main');
  await lab(page).evaluate((e) => e.removeAttribute('no-worker'));
  await expect(status(page)).toHaveText(/^Step 0/);
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('worker');
  await expect(lab(page).locator('.mode')).toBeHidden();
  await lab(page).getByRole('button', { name: 'Step' }).click();
  await expect(status(page)).toHaveText(/^Step 25\b/);
  await expect(lab(page).locator('.mode')).toBeHidden();
});

test('removing the seed attribute goes back to the default seed, not the last one', async ({ page }) => {
  await page.goto(PAGE);
  await expect(status(page)).toHaveText(/^Step 0/);
  const words = lab(page).locator('.words');
  const seedOne = await words.textContent(); // the page says seed="1", the default
  await lab(page).evaluate((e) => e.setAttribute('seed', '7'));
  await expect(words).not.toHaveText(seedOne);
  await expect(page.getByLabel('Seed')).toHaveValue('7');
  await lab(page).evaluate((e) => e.removeAttribute('seed'));
  await expect(words).toHaveText(seedOne);
  await expect(page.getByLabel('Seed')).toHaveValue('1');
});

test('a worker that fails after it started: the pictures stay, the message says so, Reset starts a new model', async ({ page }) => {
  // The real worker, which throws (uncaught) a moment after it is told to train.
  // The demo page loads the hosted build (dist/browser/heads-worker.js); the sources have it in views/heads/.
  await page.route(/\/(web\/views\/heads|dist\/browser)\/heads-worker\.js$/, async (route) => {
    const response = await route.fetch();
    const body = `${await response.text()}
self.addEventListener('message', ({ data }) => {
  if (data?.type === 'train') setTimeout(() => { throw new Error('worker crashed on purpose'); }, 400);
});`;
    await route.fulfill({ response, body });
  });
  await page.goto(PAGE);
  await expect(status(page)).toHaveText(/^Step 0/);
  await lab(page).getByRole('button', { name: 'Train' }).click();
  const message = lab(page).locator('.message');
  await expect(message).toHaveText(/^The training worker stopped \(.*worker crashed on purpose\); the pictures are from step \d+\. Reset starts a new model\.$/);
  const step = /from step (\d+)/.exec(await message.textContent())[1];
  expect(Number(step)).toBeGreaterThan(0);
  await expect(status(page)).toHaveText(new RegExp(`^Step ${step}\\b`)); // not started again from 0
  await expect(lab(page).locator('.mode')).toBeHidden(); // no "cannot start a worker"
  await expect(lab(page).getByRole('button', { name: 'Train' })).toBeDisabled();
  await expect(lab(page).getByRole('button', { name: 'Step' })).toBeDisabled();
  await expect(lab(page).getByRole('button', { name: 'Zero head 1' })).toBeDisabled();

  await lab(page).getByRole('button', { name: 'Reset' }).click();
  await expect(status(page)).toHaveText(/^Step 0/);
  await expect(message).toBeHidden();
  expect(await lab(page).evaluate((e) => e.computeMode)).toBe('worker');
  await lab(page).getByRole('button', { name: 'Step' }).click();
  await expect(status(page)).toHaveText(/^Step 25\b/);
});

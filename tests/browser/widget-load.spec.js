// When WebAssembly cannot load, the widget says so in its own box instead of staying blank.
import { test, expect } from '@playwright/test';

test('a core that fails to load gives a readable message, not a blank area', async ({ page }) => {
  await page.route('**/attention-core*.mjs', (route) => route.abort()); // every core variant and build
  await page.goto('/');
  const status = page.locator('attention-widget').first().getByRole('alert');
  await expect(status).toContainText('This widget could not start');
  await expect(status).toContainText('the attention core could not load');
  await expect(page.locator('attention-widget').first().getByRole('table', { name: 'Scores' })).toHaveCount(0);
});

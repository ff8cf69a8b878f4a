// When WebAssembly cannot load, the widget says so in its own box instead of staying blank.
import { test, expect } from '@playwright/test';
import { LOADS } from '../package/budget.mjs';
import { waitForGrid } from './scale-helpers.js';

test('a core that fails to load gives a readable message, not a blank area', async ({ page }) => {
  await page.route('**/attention-core*.mjs', (route) => route.abort()); // every core variant and build
  await page.goto('/');
  const status = page.locator('attention-widget').first().getByRole('alert');
  await expect(status).toContainText('This widget could not start');
  await expect(status).toContainText('the attention core could not load');
  await expect(page.locator('attention-widget').first().getByRole('table', { name: 'Scores' })).toHaveCount(0);
});

// The byte budget (tests/package/budget.mjs) counts, for each element, the core modules LOADS
// names; these are the ones a page really fetches (the worker's requests included).
const fetched = (page) => {
  const names = new Set();
  page.context().on('request', (request) => names.add(new URL(request.url()).pathname.split('/').pop()));
  return names;
};

test('a widget page fetches the teaching core only; a scale lab page the kernel only (what the byte budget counts)', async ({ page }) => {
  const widget = fetched(page);
  await page.goto('/dist/browser/embed.html');
  await expect(page.locator('attention-widget').getByRole('table', { name: 'Scores' })).toBeVisible();
  for (const name of [...LOADS['attention-widget.js'], 'attention-core.wasm']) expect([...widget]).toContain(name);
  expect([...widget].filter((name) => /kernel|raw-path|training|attention-core-train/.test(name))).toEqual([]);

  await page.goto('/web/scale.html');
  const scale = fetched(page);
  await page.reload();
  await waitForGrid(page);
  for (const name of LOADS['attention-scale.js']) expect([...scale]).toContain(name);
  expect([...scale].filter((name) => /^attention-core/.test(name))).toEqual([]);
});

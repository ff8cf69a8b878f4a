// The suite's Chromium (playwright.config.js): Chromium keeps only the last --disable-features on
// its command line, so the config's one must repeat every name Playwright disables, and it must
// keep the omnibox popup (a page of browser UI, a renderer of its own per window) from being built.
// What Chromium got is read from its own chrome://version page.
import { test, expect } from '@playwright/test';

test('the last --disable-features keeps every name Playwright disables; no omnibox popup is built', async ({ page }) => {
  await page.goto('chrome://version');
  const args = (await page.locator('#command_line').textContent()).split(/\s+/);
  const lists = args.filter((arg) => arg.startsWith('--disable-features='))
    .map((arg) => arg.slice('--disable-features='.length).split(','));
  expect(lists.length).toBeGreaterThan(0);
  const applied = new Set(lists.at(-1));
  for (const name of lists.flat()) expect(applied.has(name), `${name} is dropped by the last --disable-features`).toBe(true);

  const cdp = await page.context().browser().newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets', { filter: [{}] });
  expect(targetInfos.map((target) => target.url).filter((url) => url.startsWith('chrome://omnibox-popup'))).toEqual([]);
});

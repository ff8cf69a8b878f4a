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

// A full widget appears a group of panels per frame (web/widget/reveal.js) and paints each group's
// numbers in the task that shows it, not all in the first one: no group may show a blank number.
test('a full widget shows its panels in three frames, each group already painted when it appears', async ({ page }) => {
  await page.addInitScript(() => {
    window.__frame = 0;
    const tick = () => { window.__frame++; requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
    window.__shown = [];
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init) {
      const root = attach.call(this, init);
      const host = this;
      new MutationObserver((records) => {
        for (const { target, oldValue } of records) {
          if (oldValue === null || target.hasAttribute('data-later')) continue;
          const boxes = [...target.querySelectorAll('.nb')];
          window.__shown.push({ widget: [...document.querySelectorAll('attention-widget')].indexOf(host),
            frame: window.__frame, boxes: boxes.length, blank: boxes.filter((b) => b.textContent === '').length });
        }
      }).observe(root, { subtree: true, attributes: true, attributeFilter: ['data-later'], attributeOldValue: true });
      return root;
    };
  });
  await page.goto('/');
  const second = page.locator('attention-widget').nth(1); // river-bank: a full widget
  await second.scrollIntoViewIfNeeded();
  await expect(second.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  const shown = (await page.evaluate(() => window.__shown)).filter((s) => s.widget === 1);
  expect(shown.length).toBeGreaterThanOrEqual(2); // the cast, then everyone at once and the share panel
  expect(shown.reduce((sum, s) => sum + s.boxes, 0)).toBeGreaterThan(20);
  for (const s of shown) expect(s.blank).toBe(0);
  expect(new Set(shown.map((s) => s.frame)).size).toBe(2); // the two later groups, in two frames
});

// A guided widget paints only what its tour shows at load; the panels behind the tour get their
// numbers the moment it leaves, before anyone can read them blank.
test('when the tour leaves, the panels it hid show every number', async ({ page }) => {
  await page.goto('/');
  const guided = page.locator('attention-widget[guided]').first();
  await expect(guided.locator('.guided')).toBeVisible();
  const blank = await guided.evaluate((w) => {
    w.removeAttribute('guided');
    const shown = [...w.shadowRoot.querySelectorAll('.panels .nb')].filter((b) => b.checkVisibility());
    return { shown: shown.length, blank: shown.filter((b) => b.textContent === '').length };
  });
  expect(blank.shown).toBeGreaterThan(20);
  expect(blank.blank).toBe(0);
});

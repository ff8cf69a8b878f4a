// Checks shared by the tests that open a course page built from the packed package
// (ship-bundlers.spec.js, ship-dev.spec.js, recipes/recipes.spec.js): the page has one <attention-widget preset="cat-sat">
// and one <attention-scale n="64" dk="8">.
import { expect } from '@playwright/test';
import { gridRow, widgetAt } from './widget-helpers.js';

/** Before page.goto: window.firstScaleResult resolves to the first scale result's { n, mode }. */
export async function recordFirstScaleResult(page) {
  await page.addInitScript(() => {
    window.firstScaleResult = new Promise((resolve) => {
      document.addEventListener('attention-scale-result', (e) => resolve({ n: e.n, mode: e.mode }), { once: true });
    });
  });
}

/**
 * After page.goto: sat -> cat 0.67, the scale lab's first result computed in its worker (not on
 * the page's thread), and every stylesheet in both shadow roots has rules (an unstyled element fails).
 */
export async function expectStyledAndComputing(page) {
  const w = await widgetAt(page);
  expect(await gridRow(w, 'Attention weights', 'sat')).toEqual({ the: '0.09', cat: '0.67', sat: '0.24' });
  expect(await page.evaluate(() => window.firstScaleResult)).toEqual({ n: 64, mode: 'worker' });
  const sheets = await page.evaluate(() => ['attention-widget', 'attention-scale'].map((tag) => {
    const root = document.querySelector(tag).shadowRoot;
    return { tag, adopted: root.adoptedStyleSheets.map((s) => s.cssRules.length),
      linked: [...root.styleSheets].map((s) => s.cssRules.length) };
  }));
  for (const { tag, adopted, linked } of sheets) {
    expect(adopted.length, `${tag} adopts its stylesheet`).toBeGreaterThan(0);
    for (const rules of [...adopted, ...linked]) expect(rules, `${tag}: a stylesheet without rules`).toBeGreaterThan(0);
  }
  await expect(w.locator('.aw')).toHaveCSS('display', 'block');
}

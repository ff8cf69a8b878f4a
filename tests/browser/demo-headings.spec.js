// Every demo page's headings, shadow roots included (as a screen reader and Lighthouse's
// heading-order audit read them), go down one level at a time: an h3 inside a lab needs an h2
// above it on the page. Read from the rendered tree, in document order (the oracle is the tree,
// not the code that builds it).
import { test, expect } from '@playwright/test';

const PAGES = ['index.html', 'chapter.html', 'heads.html', 'scale.html', 'embed.html'];

// The heading levels in the flattened tree: light DOM and every open shadow root, in order.
const levels = (page) => page.evaluate(() => {
  const out = [];
  const walk = (node) => {
    for (const child of node.children) {
      if (/^H[1-6]$/.test(child.tagName) && child.checkVisibility()) out.push(Number(child.tagName[1]));
      if (child.shadowRoot) walk(child.shadowRoot);
      walk(child);
    }
  };
  walk(document.body);
  return out;
});

for (const name of PAGES) {
  test(`${name}: headings never skip a level`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 20000 }); // every lazy part near the viewport
    await page.goto(`/web/${name}`);
    // Rendered: each element's shadow root has its body (a widget's status line gone, a lab's headings in).
    await expect.poll(async () => (await levels(page)).length).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => [...document.querySelectorAll('attention-widget, attention-heads, attention-scale')]
      .every((el) => el.shadowRoot && el.shadowRoot.querySelector('h2, h3, .body:not([hidden]), table')))).toBe(true);
    const seen = await levels(page);
    // As Lighthouse's audit (axe's heading-order) reads it: the first heading may be of any level
    // (embed.html, a frame inside a course page, starts at the widget's h3).
    let last = seen[0] - 1;
    for (const level of seen) {
      expect(level - last, `${seen.join(' ')}`).toBeLessThanOrEqual(1);
      last = level;
    }
  });
}

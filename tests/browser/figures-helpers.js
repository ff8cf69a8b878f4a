// Helpers for the chapter-figure tests: fixture pages served from the demo's own origin
// (so the modules load as on any page), and ways to read a figure as a reader does.
import { expect } from '@playwright/test';
import { CSP } from '../../scripts/serve.mjs';

const HEAD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Figures fixture</title>
<script type="module" src="/web/attention-widget.js"></script></head><body>`;

/** Opens a page whose body is `body`, with the package entry loaded (served at /web/__fixture.html, the demo's CSP). */
export async function fixture(page, body, { head = HEAD } = {}) {
  await page.route('**/web/__fixture.html', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP },
      body: `${head}${body}</body></html>` }));
  await page.goto('/web/__fixture.html');
}

/** The figure with this id, scrolled to as a reader would, once its example's numbers are on screen. */
export async function figure(page, id) {
  const widget = page.locator(`#${id}`);
  await widget.scrollIntoViewIfNeeded(); // a widget renders when it comes near the viewport
  await expect(widget.locator('.aw > .body')).toBeVisible();
  await expect(widget.locator('.revealing')).toHaveCount(0); // a full widget appears a few boxes per frame
  return widget;
}

/** Names of the panels a figure shows (visible ones, in the widget's panel terms). */
export function shownPanels(widget) {
  return widget.evaluate((el) => {
    const root = el.shadowRoot.querySelector('.aw');
    const selectors = {
      title: ':scope > .title', causal: '.switch:not(.divisor-switch)', scaled: '.divisor-switch',
      temperature: '.temperature', reset: '.reset', cast: '.panel.cast', asker: '.panel.asker',
      blend: '.panel.blend-panel', formula: '.formula-box', grids: '.grids', share: '.share',
    };
    return Object.entries(selectors)
      .filter(([, s]) => [...root.querySelectorAll(s)].some((n) => n.checkVisibility()))
      .map(([name]) => name);
  });
}

/**
 * Every stop the Tab key makes on the page, in order, from the top: [{ host, tag, name, visible }]
 * (host: the id of the element whose shadow root holds it). A hidden focus stop is one with
 * visible false: focusable, but not rendered, zero-sized or transparent.
 */
export async function tabStops(page, max = 400) {
  await page.evaluate(() => { document.activeElement?.blur(); window.scrollTo(0, 0); });
  const stops = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      let node = document.activeElement;
      let host = null;
      while (node?.shadowRoot?.activeElement) { host = node; node = node.shadowRoot.activeElement; }
      if (!node || node === document.body) return null;
      const rect = node.getBoundingClientRect();
      const visible = node.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        && rect.width > 0 && rect.height > 0;
      node.dataset.tabSeen = (Number(node.dataset.tabSeen ?? 0) + 1).toString();
      return { host: host?.id ?? null, tag: node.localName,
        name: node.getAttribute('aria-label') ?? node.textContent.trim().slice(0, 30), visible,
        again: node.dataset.tabSeen !== '1' };
    });
    if (!stop || stop.again) break; // back at the top of the page
    delete stop.again;
    stops.push(stop);
  }
  return stops;
}

/** { key: share text } of an asker's row in a figure's grid of shares (the attention weights). */
export async function sharesRow(widget, asker) {
  const table = widget.locator('table.grid-weights');
  const keys = await table.locator('thead th').allTextContents();
  const row = table.locator('tbody tr').filter({ has: widget.page().getByRole('rowheader', { name: asker, exact: true }) });
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(keys.map((k, i) => [k, cells[i]]));
}

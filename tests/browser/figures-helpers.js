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

/** The figure with this id, once its example's numbers are on screen. */
export async function figure(page, id) {
  const widget = page.locator(`#${id}`);
  await expect(widget.locator('.aw > .body')).toBeVisible();
  return widget;
}

/** Names of the panels a figure shows (visible ones, in the widget's panel terms). */
export function shownPanels(widget) {
  return widget.evaluate((el) => {
    const root = el.shadowRoot.querySelector('.aw');
    const selectors = {
      title: ':scope > .title', causal: '.controls .switch:not(.divisor-switch)', scaled: '.controls .divisor-switch',
      temperature: '.controls .temperature', reset: '.controls .reset', cast: '.panel.cast', asker: '.panel.asker',
      blend: '.panel.blend-panel', formula: '.formula-box', grids: '.grids', share: '.share',
    };
    return Object.entries(selectors)
      .filter(([, s]) => [...root.querySelectorAll(s)].some((n) => n.checkVisibility()))
      .map(([name]) => name);
  });
}

/**
 * Everything in a widget a keyboard can reach (tab order), and whether each is visible:
 * [{ tag, name, visible }]. A hidden focus stop is one with visible false.
 */
export function focusStops(widget) {
  return widget.evaluate((el) => {
    const selector = 'a[href], button, input, select, textarea, [tabindex]';
    return [...el.shadowRoot.querySelectorAll(selector)]
      .filter((n) => !n.disabled && n.tabIndex >= 0 && n.getAttribute('tabindex') !== '-1')
      .map((n) => ({ tag: n.localName, name: n.getAttribute('aria-label') ?? n.textContent.trim().slice(0, 30),
        visible: n.checkVisibility({ visibilityProperty: true }) }));
  });
}

/** { key: share text } of an asker's row in a figure's Attention weights grid. */
export async function sharesRow(widget, asker) {
  const table = widget.getByRole('table', { name: 'Attention weights', exact: true });
  const keys = await table.locator('thead th').allTextContents();
  const row = table.locator('tbody tr').filter({ has: widget.page().getByRole('rowheader', { name: asker, exact: true }) });
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(keys.map((k, i) => [k, cells[i]]));
}

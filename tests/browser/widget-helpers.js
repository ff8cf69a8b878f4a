// Shared helpers for the <attention-widget> browser tests: find numbers the way
// a reader does, by a table's accessible name and its row and column headers.
import { expect } from '@playwright/test';

/** The n-th <attention-widget> on the page, scrolled to as a reader would, once its core has loaded and it has painted. */
export async function widgetAt(page, index = 0) {
  const widget = page.locator('attention-widget').nth(index);
  // The demo page opens its first widget as the guided tour (tests/browser/guided.spec.js);
  // these tests read the full widget, which is the same element without `guided`.
  await widget.evaluate((w) => w.removeAttribute('guided'));
  await widget.scrollIntoViewIfNeeded(); // a widget renders when it comes near the viewport
  await expect(widget.getByRole('table', { name: 'Shares', exact: true })).toBeVisible();
  return widget;
}

// The Shares grid was called "Attention weights" before it took the chapter's word: the old name still finds it.
const tableNamed = (widget, name) => widget.getByRole('table', { name: name === 'Attention weights' ? 'Shares' : name, exact: true });

/** Text of every cell in a row of a heat table ("Scores" / "Shares"), keyed by column header. */
export async function gridRow(widget, tableName, asker) {
  const table = tableNamed(widget, tableName);
  const keys = await table.locator('thead th').allTextContents();
  const row = table.locator('tbody tr').filter({ has: widget.page().getByRole('rowheader', { name: asker, exact: true }) });
  const cells = await row.locator('td').allTextContents();
  return Object.fromEntries(keys.map((k, i) => [k, cells[i]]));
}

/** The cell in a heat table at (asker row, key column). */
export async function gridCell(widget, tableName, asker, key) {
  const table = tableNamed(widget, tableName);
  const keys = await table.locator('thead th').allTextContents();
  const row = table.locator('tbody tr').filter({ has: widget.page().getByRole('rowheader', { name: asker, exact: true }) });
  return row.locator('td').nth(keys.indexOf(key));
}

/** The asker panel's table: { key -> { column header -> text } } for visible columns. */
export async function askerRows(widget) {
  const table = widget.getByRole('table', { name: /asks: its query/ });
  return table.evaluate((t) => {
    const visible = (cell) => getComputedStyle(cell).display !== 'none';
    const heads = [...t.tHead.rows[0].cells].filter(visible).map((c) => c.textContent);
    const out = {};
    for (const tr of t.tBodies[0].rows) {
      const cells = [...tr.cells].filter(visible).map((c) => c.textContent);
      out[cells[0]] = Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
    }
    out.total = [...t.tFoot.rows[0].cells].filter(visible).map((c) => c.textContent).join('|');
    return out;
  });
}


/**
 * The elements render when they come near the viewport, and off screen they skip painting
 * (content-visibility: auto), which a full-page screenshot would show as blank boxes: before one,
 * the page is scrolled through as a reader would, each element waited for, and every element paints
 * (and every section of the chapter page, which skips those off screen as well: chapter.css).
 */
export async function paintAll(page) {
  const elements = page.locator('attention-widget, attention-scale');
  for (let i = 0; i < await elements.count(); i++) {
    const element = elements.nth(i);
    await element.scrollIntoViewIfNeeded();
    const tag = await element.evaluate((el) => el.localName);
    if (tag === 'attention-scale') await expect(element.locator('.lab')).not.toHaveClass(/revealing/);
    else await expect(element.locator('.aw > .status')).toBeHidden();
  }
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('attention-widget, attention-scale, .beat')) el.style.contentVisibility = 'visible';
    scrollTo(0, 0);
  });
}

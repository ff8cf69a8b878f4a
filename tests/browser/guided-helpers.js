// Helpers for the guided-tour tests: the first widget on the demo page opens in guided mode.
import { expect } from '@playwright/test';

/** The guided widget (the demo page's first), once its first step is on screen. */
export async function guidedWidget(page) {
  const widget = page.locator('attention-widget').first();
  await expect(widget.getByRole('heading', { name: /^Step 1 of 10/ })).toBeVisible();
  return widget;
}

/** Visible text of the tour (heading, caption, stage; not the closed "Change the numbers"). */
export const tourText = (widget) => widget.locator('.guided').innerText();

/** Waits for step n; `timeout` for a step that Play reaches after its dwell (4 s) by itself. */
export async function atStep(widget, n, { timeout } = {}) {
  await expect(widget.getByRole('heading', { name: new RegExp(`^Step ${n} of 10`) })).toBeVisible({ timeout });
}

/** How the page and the widget fit the viewport: overflow in px (0 = fits). */
export function measureFit(page, widget) {
  return widget.evaluate((host) => {
    const box = host.getBoundingClientRect();
    const root = host.shadowRoot;
    // The "Change the numbers" disclosure is the widget's own editor, not a step: left out.
    const inner = [...root.querySelectorAll('.guided, .guided *:not(.g-edit, .g-edit *)')]
      // Only boxes that scroll count (a long token cut with an ellipsis, overflow hidden, does not).
      .filter((n) => n.scrollWidth > n.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(n).overflowX)
        && n.clientWidth > 0)
      .map((n) => `${n.className}: ${n.scrollWidth} > ${n.clientWidth}`);
    return {
      tooTall: Math.max(0, Math.ceil(box.height) - innerHeight),
      pageSideways: Math.max(0, document.scrollingElement.scrollWidth - innerWidth),
      innerSideways: inner,
    };
  });
}

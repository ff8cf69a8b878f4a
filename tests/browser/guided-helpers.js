// Helpers for the guided-tour tests: the first widget on the demo page opens in guided mode.
import { expect } from '@playwright/test';

/** The guided widget (the demo page's first), once its first step is on screen. */
export async function guidedWidget(page) {
  const widget = page.locator('attention-widget').first();
  await expect(widget.getByRole('heading', { name: /^Step 1 of 12/ })).toBeVisible();
  return widget;
}

/** Visible text of the tour (heading, caption, stage; not the closed "Change the numbers"). */
export const tourText = (widget) => widget.locator('.guided').innerText();

/** Waits for step n. */
export async function atStep(widget, n) {
  await expect(widget.getByRole('heading', { name: new RegExp(`^Step ${n} of 12`) })).toBeVisible();
}

/**
 * Opens `path` with the page's clock (timers, frames, Date) under the test's hand: the page loads in
 * its own time, then the clock stops until page.clock.runFor moves it. Play's dwell (4 s) then
 * passes when the test says, not after a wait that a busy machine may stretch. Returns the tour.
 */
export async function withPausedClock(page, path) {
  await page.clock.install();
  await page.goto(path);
  const widget = await guidedWidget(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  return widget;
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

// The check both server-rendering recipes make (next.spec.js, docusaurus-react.spec.js): their
// lesson renders <AttentionWidget preset="river-bank" config={fox jumps high}
// onAttentionChange={…}> and writes the events' reasons into #reasons.
import { expect } from '@playwright/test';
import { watchConsole } from '../tests/browser/console.js';

/** The served page at `url`: the server's HTML holds the element; after hydration the widget shows
 *  the page's config, the page's handler has fired, and fires again for a learner's change, which
 *  the handler's re-render keeps. */
export async function expectHydrated(page, url) {
  const html = await (await fetch(url)).text();
  expect(html, 'the server rendered the element').toContain('<attention-widget preset="river-bank"');
  const problems = watchConsole(page);
  await page.goto(url);
  const widget = page.locator('attention-widget');
  const causal = widget.getByRole('switch', { name: 'Causal mask: hide later words' });
  // The config, set as a property after hydration: the widget's own words, not the preset's.
  await expect.poll(() => widget.evaluate((w) => w.state?.tokens)).toEqual(['fox', 'jumps', 'high']);
  await expect(page.locator('#reasons')).not.toBeEmpty(); // the handler fired for the config's change
  const before = (await page.locator('#reasons').textContent()).split(' ');
  await causal.click(); // a learner's change
  await expect(page.locator('#reasons')).toHaveText([...before, 'switch'].join(' '));
  // The handler's setState re-rendered the page: the learner's change stays.
  await expect(causal).toBeChecked();
  expect(await widget.evaluate((w) => w.state.tokens)).toEqual(['fox', 'jumps', 'high']);
  expect(problems).toEqual([]);
}

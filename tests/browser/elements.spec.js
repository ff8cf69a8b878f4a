// The one element convention, checked on both elements: boolean attributes read the
// same words, errors on screen are also attention-error events with a stable code.
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { widgetAt } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => {
  problems = watchConsole(page);
  await page.goto('/');
});
test.afterEach(() => expect(problems).toEqual([]));

test('causal="false" means off in both elements, causal="on" on; a word neither reads is explained', async ({ page }) => {
  await widgetAt(page);
  const read = () => page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
    const task = () => new Promise((resolve) => setTimeout(resolve)); // a task later: the microtask's batch has run
    const out = {};
    for (const tag of ['attention-widget', 'attention-scale']) {
      const el = document.createElement(tag);
      document.body.append(el);
      el.scrollIntoView(); // the lab starts its core when it comes near the viewport
      const errors = [];
      el.addEventListener('attention-error', (e) => errors.push({ code: e.code, message: e.message }));
      const causal = () => (tag === 'attention-widget' ? el.state.causal
        : el.shadowRoot.getElementById('causal').checked);
      // The lab builds its controls in a task of its own after it connects, and reads its attributes
      // once it starts its core (computeMode set), behind the first renders of the widgets on screen.
      while (tag === 'attention-scale' && el.computeMode === null) await frame();
      const seen = [];
      for (const word of ['false', 'on', 'OFF', 'yes', 'maybe']) {
        el.setAttribute('causal', word);
        await task();
        seen.push(causal());
      }
      out[tag] = { seen, errors };
      el.remove();
    }
    return out;
  });
  const both = await read();
  for (const tag of ['attention-widget', 'attention-scale']) {
    // "maybe" gives the default: the example's own value (cat-sat: off) in the widget, off in the lab.
    expect(both[tag].seen, tag).toEqual([false, true, false, true, false]);
    expect(both[tag].errors, tag).toEqual([{ code: 'bad_attribute', message: expect.stringContaining('causal="maybe" is not true or false') }]);
  }
});

test('each message is one attention-error event, also when the core\'s arrival checks the example again', async ({ page }) => {
  await widgetAt(page);
  const seen = await page.evaluate(async () => {
    const events = [];
    document.addEventListener('attention-error', (e) => events.push(`${e.target.localName} ${e.code}: ${e.message}`));
    const widget = document.createElement('attention-widget');
    widget.setAttribute('temperature', 'abc');
    const changed = new Promise((resolve) => widget.addEventListener('attention-change', resolve, { once: true }));
    document.body.append(widget);
    await changed;
    const scale = document.createElement('attention-scale');
    scale.setAttribute('n', 'abc');
    document.body.append(scale);
    scale.scrollIntoView(); // its core starts when it comes near the viewport
    await new Promise((resolve) => scale.addEventListener('attention-scale-result', resolve, { once: true }));
    widget.remove();
    scale.remove();
    return events;
  });
  expect(seen).toEqual([
    'attention-widget bad_attribute: temperature must be a number above 0 and at most 100 (got "abc")',
    'attention-scale bad_attribute: n="abc" is not a whole number; keeping n = 256.',
  ]);
});

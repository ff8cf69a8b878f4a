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
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const out = {};
    for (const tag of ['attention-widget', 'attention-scale']) {
      const el = document.createElement(tag);
      document.body.append(el);
      const errors = [];
      el.addEventListener('attention-error', (e) => errors.push({ code: e.code, message: e.message }));
      const causal = () => (tag === 'attention-widget' ? el.state.causal
        : el.shadowRoot.getElementById('causal').checked);
      const seen = [];
      for (const word of ['false', 'on', 'OFF', 'yes', 'maybe']) {
        el.setAttribute('causal', word);
        await settle();
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

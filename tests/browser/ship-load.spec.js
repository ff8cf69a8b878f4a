// When WebAssembly cannot load, both elements say so in their own box instead of
// staying blank: the module blocked (network failure), WebAssembly compilation
// refused by a CSP without 'wasm-unsafe-eval', and a browser with no WebAssembly.
// (widget-load.spec.js covers the widget with the module aborted on the demo page.)
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { waitForGrid } from './scale-helpers.js';

const SCALE_PAGE = '/web/scale.html';

/** Serves `path` with its Content-Security-Policy replaced by `csp`. */
async function withCsp(page, path, csp) {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
  });
}

const scaleMessage = (page) => page.locator('attention-scale').getByText(/Could not compute the grid/);

test('the core module answers 404: the widget and the scale lab both explain', async ({ page }) => {
  // The core's modules: the demo pages load the hosted build's (dist/browser/), the sources dist/'s.
  await page.route(/\/dist\/(browser\/)?[\w-]+\.mjs$/, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto('/web/embed.html');
  const status = page.locator('attention-widget').getByRole('alert').first();
  await expect(status).toContainText('This widget could not start');
  // A missing file is not a browser without WebAssembly: say what is missing and what to check.
  await expect(status).toContainText('its module file did not arrive');
  await expect(status).toContainText('check that dist/ is served next to wasm/, then reload the page.');
  await expect(status).not.toContainText('needs WebAssembly');
  await expect(status).not.toContainText('..');

  await page.goto(SCALE_PAGE);
  const scale = page.locator('attention-scale');
  await expect(scaleMessage(page)).toContainText('the scale lab could not start, so there is nothing to draw');
  await expect(scaleMessage(page)).toContainText('the attention core could not load: its module file did not arrive');
  await expect(scaleMessage(page)).not.toContainText('needs WebAssembly');
  await expect(scale.getByText('computing…')).toHaveCount(0);
  await expect(scale.getByText('Could not compute the thermostat')).toHaveCount(0); // one message, not one per job
});

test("a CSP without 'wasm-unsafe-eval' refuses to compile the core: readable messages, not blank boxes", async ({ page }) => {
  const noWasm = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self' data:";
  await withCsp(page, '/web/embed.html', noWasm);
  const problems = watchConsole(page);
  await page.goto('/web/embed.html');
  const status = page.locator('attention-widget').getByRole('alert').first();
  await expect(status).toHaveText("This widget could not start, so there are no numbers to show: the attention core "
    + "could not load: this page's Content-Security-Policy blocks WebAssembly: the page must allow it with "
    + "'wasm-unsafe-eval' in script-src.");
  await expect(page.locator('attention-widget').getByRole('table', { name: 'Scores' })).toHaveCount(0);
  // The browser reports the CSP violation itself; the core's loader adds no warnings of its own
  // (it used to print Emscripten's "failed to asynchronously prepare wasm" and "Aborted(…)").
  expect(problems.filter((p) => !/Content Security Policy/.test(p))).toEqual([]);

  // The scale lab's worker runs under the policy sent with the worker's own script (here the demo
  // server's, which allows WebAssembly), not the page's: it still computes (the docs say so).
  await withCsp(page, SCALE_PAGE, noWasm);
  await page.goto(SCALE_PAGE);
  await waitForGrid(page);
  await expect(scaleMessage(page)).toHaveCount(0);
  // On the page's thread the page's CSP applies: the same cause, in the lab's words.
  await page.locator('attention-scale').evaluate((el) => el.setAttribute('no-worker', ''));
  await expect(scaleMessage(page)).toContainText("the attention core could not load: this page's "
    + "Content-Security-Policy blocks WebAssembly: the page must allow it with 'wasm-unsafe-eval' in script-src.");
});

test('a browser without WebAssembly: both elements say it is needed', async ({ page }) => {
  await page.addInitScript(() => { delete globalThis.WebAssembly; });
  await page.goto('/web/embed.html');
  const status = page.locator('attention-widget').getByRole('alert').first();
  await expect(status).toContainText('this browser has no WebAssembly');
  await page.goto(`${SCALE_PAGE}`);
  await page.locator('attention-scale').evaluate((el) => el.setAttribute('no-worker', ''));
  await expect(scaleMessage(page)).toContainText('this browser has no WebAssembly');
});

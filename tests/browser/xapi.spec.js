// Learning records from a guided session in Chromium: web/xapi.js on the demo page, recording to
// a stand-in LRS (a route on the page's own origin, as connect-src 'self' allows), while a learner
// moves through the tour, locks in one guess and skips another. The statements' rules: tests/web/xapi.test.mjs.
import { test, expect } from '@playwright/test';
import { guidedWidget } from './guided-helpers.js';
import { watchConsole } from './console.js';

test('a guess locked in is "answered" with its truth, a skipped one "skipped", POSTed with the version header', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  const received = [];
  await page.route('**/lrs/statements', async (route) => {
    const request = route.request();
    received.push({ method: request.method(), version: await request.headerValue('X-Experience-API-Version'),
      auth: await request.headerValue('Authorization'), body: request.postDataJSON() });
    await route.fulfill({ status: 200, contentType: 'application/json', body: '["id"]' });
  });
  await page.goto('/');
  const widget = await guidedWidget(page);
  await page.evaluate(async (origin) => {
    const { recordLearning } = await import('/web/xapi.js');
    recordLearning(document, { endpoint: `${origin}/lrs/`, auth: 'Basic dGVzdDp0ZXN0',
      actor: { mbox: 'mailto:learner@course.example' }, activity: 'https://course.example/chapter-3/attention' });
  }, new URL(baseURL).origin);
  await widget.evaluate((w) => w.setAttribute('predict', ''));
  const go = (label) => widget.getByRole('combobox', { name: 'Jump to step' }).selectOption({ label });
  await go('4. Divide by the total');
  // First the probe (a misconception, answered the intuitive way), then the shares guess.
  await widget.getByRole('button', { name: 'Yes, just rescaled', exact: true }).click();
  await widget.getByRole('button', { name: 'Lock in my guess' }).click();
  await expect(widget.locator('.g-verdict')).toHaveText('For cat you said 0.33, it is 0.67.');
  await go('10. The thermostat: divide by √d_k');
  const probe = widget.locator('.g-probe[data-probe="ranking"]');
  await probe.getByRole('button', { name: 'Skip: just show me' }).click();
  await widget.locator('.g-guess:not(.g-probe)').getByRole('button', { name: 'Skip: just show me' }).click();
  // Four guesses, and the two steps the learner moved to (step 1 was on screen before recording began).
  await expect.poll(() => received.length).toBe(6);
  expect(received.map((r) => [r.method, r.version, r.auth])).toEqual(Array(6).fill(['POST', '1.0.3', 'Basic dGVzdDp0ZXN0']));
  const statements = received.map((r) => r.body[0]);
  const tour = statements.filter((s) => s.object.id.endsWith('/tour'));
  expect(tour.map((s) => [s.verb.id, s.result.extensions['https://w3id.org/xapi/cmi5/result/extensions/progress']]))
    .toEqual([['http://adlnet.gov/expapi/verbs/progressed', 33], ['http://adlnet.gov/expapi/verbs/progressed', 83]]);
  const [probed, answered, probeSkipped, skipped] = statements.filter((s) => !tour.includes(s));
  expect(probed.object.id).toBe('https://course.example/chapter-3/attention/probe/rescaled');
  expect(probed.result.success).toBe(false);
  expect(answered.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
  expect(answered.object.id).toBe('https://course.example/chapter-3/attention/guess/shares');
  expect(answered.actor).toEqual({ objectType: 'Agent', mbox: 'mailto:learner@course.example' });
  expect(JSON.parse(answered.result.response).map((x) => x.toFixed(2))).toEqual(['0.33', '0.33', '0.33']);
  expect(JSON.parse(answered.result.extensions['https://course.example/chapter-3/attention/xapi/truth'])
    .map((x) => x.toFixed(2))).toEqual(['0.09', '0.67', '0.24']);
  expect(probeSkipped.object.id).toBe('https://course.example/chapter-3/attention/probe/ranking');
  expect(skipped.verb.id).toBe('http://id.tincanapi.com/verb/skipped');
  expect(skipped.object.id).toBe('https://course.example/chapter-3/attention/guess/thermostat');
  expect(problems).toEqual([]);
});

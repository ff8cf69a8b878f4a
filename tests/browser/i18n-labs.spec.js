// Languages beyond the widget's panels (docs/architecture.md#languages): the messages about bad input
// and failures (the model's, a figure's, a bad theme) in the page's language, said again when it
// changes or its catalogue arrives; the pseudo-locale en-XA finds any such message still written in
// code. The helpers are copied from i18n.spec.js (that file is extended elsewhere).
import { test, expect } from '@playwright/test';
import { shownText, strayWords } from './pseudo-locale.js';
import { CSP } from '../../scripts/serve.mjs';
import { watchConsole } from './console.js';
import { LONG_RUN } from './wait-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

// A page of the demo's origin and CSP with `body`, in `lang`, loading the source modules.
async function openPage(page, { lang, body, entry = '/web/attention-widget.js' }) {
  await page.route('**/web/__i18n-labs.html', (route) => route.fulfill({ status: 200,
    contentType: 'text/html; charset=utf-8', headers: { 'Content-Security-Policy': CSP },
    body: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>i18n labs</title>
<script type="module" src="${entry}"></script></head><body>${body}</body></html>` }));
  await page.goto('/web/__i18n-labs.html');
}

// A figure with an unknown preset, an unknown panel and a bad theme: three lines of messages.
const BROKEN_FIGURE = '<attention-widget preset="nope" show="asker nope" theme="neon"></attention-widget>';

async function brokenFigure(page, lang) {
  await openPage(page, { lang, body: BROKEN_FIGURE });
  const w = page.locator('attention-widget');
  await w.scrollIntoViewIfNeeded();
  await expect(w.locator('.asker')).toBeVisible();
  return { w, model: w.locator('.widget-error'), figure: w.locator('.figure-error') };
}

test('German: the model\'s, the figure\'s and the theme\'s messages in German, then Spanish, then English', async ({ page }) => {
  const errors = [];
  await page.exposeFunction('heardError', (message) => errors.push(message));
  await page.addInitScript(() => document.addEventListener('attention-error', (e) => window.heardError(e.message)));
  const { w, model, figure } = await brokenFigure(page, 'de');
  // The preset was read before de.js arrived: said again in German once it is in.
  await expect(model).toHaveText(/^theme="neon" ist weder light, dark noch auto \(auto bleibt\)\. Voreinstellung "nope" ist unbekannt; eine von .* verwenden$/);
  await expect(figure).toHaveText(/^show: "nope" ist kein Bereich; title, .* verwenden\.$/);
  expect(errors.some((m) => m.startsWith('Voreinstellung "nope"'))).toBe(true); // the event says what is shown
  await page.evaluate(() => { document.documentElement.lang = 'es'; });
  await expect(model).toHaveText(/^theme="neon" no es light, dark ni auto \(se mantiene auto\)\. el ejemplo "nope" no existe; usa uno de /);
  await expect(figure).toHaveText(/^show: "nope" no es un panel; usa title, /);
  await page.evaluate(() => { document.documentElement.lang = 'en'; });
  await expect(model).toHaveText(/^theme="neon" is not light, dark or auto \(kept auto\)\. preset "nope" is unknown; use one of /);
  await expect(figure).toHaveText(/^show: "nope" is not a panel; use title, /);
  await expect(w.locator('.asker h3')).toHaveText('One asker'); // the figure itself kept its state
});

test('Arabic: the messages read right to left inside the mirrored widget, the input quoted as typed', async ({ page }) => {
  const { w, model, figure } = await brokenFigure(page, 'ar');
  await expect(model).toHaveText(/^theme="neon" ليس light ولا dark ولا auto \(يبقى auto\)\. المثال "nope" غير معروف؛ استخدم أحد هذه: /);
  await expect(figure).toHaveText(/^show: "nope" ليست لوحة؛ استخدم /);
  await expect(w.locator('.aw')).toHaveAttribute('dir', 'rtl');
});

test('the prose elements and <attention-example>: their markers and messages in the page\'s language', async ({ page }) => {
  await openPage(page, { lang: 'de', body: `
<attention-example id="cat" preset="cat-sat"></attention-example>
<attention-example id="bad" preset="nope"></attention-example>
<p>Anteil: <attention-value example="cat" of="shares sat cat">?</attention-value>.</p>
<p><attention-if example="cat" when="asker was sat">Bedingt.</attention-if></p>
<p>Fehlt: <attention-value example="nowhere" of="share sat cat">?</attention-value></p>` });
  await expect(page.locator('attention-value').first()).toHaveText(/^\["shares" ist nichts, was eine Abbildung zeigt; eine dieser Formen verwenden: /);
  const marker = page.locator('attention-if .marker'); // in its shadow root, after the content
  await expect(marker).toHaveText(/^ \["asker was sat" ist keine Bedingung; "asker is TOKEN", .* oder "scaled on\|off" verwenden, verbunden mit "and"\]$/);
  await expect(marker).toHaveAttribute('lang', 'de');
  await expect(page.locator('attention-value').nth(1)).toHaveText('[example="nowhere" nennt kein <attention-example id="nowhere"> auf dieser Seite.]');
  await expect(page.locator('#bad').locator('p')).toHaveText(/^Voreinstellung "nope" ist unbekannt;/);
  await page.evaluate(() => { document.documentElement.lang = 'zh'; });
  await expect(marker).toHaveText(/^ \["asker was sat" 不是条件；/);
  await expect(page.locator('#bad').locator('p')).toHaveText(/^预设 "nope" 不存在；/);
});

test('en-XA: every message about bad input is the catalogue\'s, wrapped', async ({ page }) => {
  const { model, figure } = await brokenFigure(page, 'en-XA');
  const wrapped = /^(⟦[^⟦⟧]*⟧\s*)+$/; // nothing outside the brackets: no message written in code
  await expect(model).toHaveText(wrapped);
  await expect(model).toHaveText(/^⟦theme="neon" is not light.*⟧ ⟦preset "nope" is unknown/);
  await expect(figure).toHaveText(wrapped);
  await expect(figure).toHaveText(/^⟦show: "nope" is not a panel/);
});

// ---- the heads lab ---------------------------------------------------------------------------

const SHOTS = 'tests/browser/screenshots';

async function headsLab(page, lang, attrs = '') {
  await openPage(page, { lang, entry: '/web/attention-heads.js', body: `<attention-heads ${attrs}></attention-heads>` });
  const lab = page.locator('attention-heads');
  await lab.scrollIntoViewIfNeeded();
  return lab;
}

// Trained until both heads have their jobs (the core's measurements), as heads.spec.js does.
async function trainToLabels(lab, trainName, pauseName) {
  await lab.getByRole('button', { name: trainName, exact: true }).click();
  await expect(lab.locator('.head .label.specialised')).toHaveCount(2, LONG_RUN);
  await lab.getByRole('button', { name: pauseName, exact: true }).click();
  await expect(lab.getByRole('button', { name: trainName, exact: true })).toBeVisible();
}



test('the heads lab on a German page: labels, readouts and buttons in German; Arabic mirrors it, the model kept', async ({ page }) => {
  test.setTimeout(LONG_RUN.timeout * 2);
  const lab = await headsLab(page, 'de');
  await expect(lab.locator('.status')).toHaveText(/^Schritt 0 · Loss der zurückgehaltenen Sätze \d,\d\d \(über \d+ nie trainierte Sätze\)$/);
  await expect(lab.locator('.head .label').first()).toHaveText(/^Kopf 1: keine der Aufgaben, nicht nötig \(Nullsetzen kostet [−+]\d,\d\d\)$/);
  await expect(lab.getByRole('table', { name: 'Anteile von Kopf 2' })).toBeVisible();
  await trainToLabels(lab, 'Trainieren', 'Pause');
  const labels = await lab.locator('.head .label').allTextContents();
  expect(labels.some((l) => /^Kopf \d: bei dem Komma vor dem Verb: \d,\d\d auf dem ersten Nomen/.test(l)), labels.join('\n')).toBe(true);
  expect(labels.some((l) => /\d,\d\d auf dem vorigen Wort/.test(l)), labels.join('\n')).toBe(true);
  await expect(lab.locator('.ablation').first()).toHaveText(/^Kopf 1 auf null zu setzen (hebt|senkt|lässt) .*\d,\d\d\)?\.$/);
  await expect(lab.locator('.answer')).toHaveText(/^Das Wort nach dem letzten Komma ist „.+“; die besten Tipps des Modells dafür:$/);
  const status = await lab.locator('.status').textContent();
  expect(status).toMatch(/^Schritt [\d.]+ · Trainings-Loss \d,\d\d · Loss der zurückgehaltenen Sätze \d,\d\d \(über \d+ nie trainierte Sätze\)$/);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(lab.locator('.status')).toHaveText(status);
    await page.screenshot({ path: `${SHOTS}/i18n-heads-de-${width}.png`, fullPage: true });
  }

  // Arabic: the same model and step, every word again, the layout mirrored; the grids read left to right.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => { document.documentElement.lang = 'ar'; });
  await expect(lab.getByRole('button', { name: 'درّب', exact: true })).toBeVisible();
  await expect(lab.locator('.status')).toHaveText(new RegExp(`^الخطوة ${/^Schritt ([\d.]+)/.exec(status)[1].replace('.', ',?')}`));
  await expect(lab.locator('.head .label').first()).toHaveText(/^الرأس 1: /);
  await expect(lab.getByRole('table', { name: 'حصص الرأس 1' })).toBeVisible();
  expect(await lab.evaluate((el) => el.shadowRoot.firstElementChild.getAttribute('dir'))).toBe('rtl');
  // The controls mirror (Train at the right); the grid's keys still run left to right in the sentence's order.
  const train = await lab.getByRole('button', { name: 'درّب', exact: true }).boundingBox();
  const reset = await lab.getByRole('button', { name: 'إعادة ضبط', exact: true }).boundingBox();
  expect(train.x).toBeGreaterThan(reset.x);
  const keys = await lab.getByRole('table', { name: 'حصص الرأس 1' })
    .evaluate((table) => [...table.tHead.rows[0].cells].slice(1).map((c) => c.getBoundingClientRect().left));
  expect(keys).toEqual([...keys].sort((a, b) => a - b));
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/i18n-heads-ar-${width}.png`, fullPage: true });
  }
});

test('en-XA: every word and accessible name of the heads lab comes from the catalogue; nothing overflows at 360 px', async ({ page }) => {
  test.setTimeout(LONG_RUN.timeout * 2);
  await page.setViewportSize({ width: 360, height: 900 });
  const lab = await headsLab(page, "en-XA", "seed=\"x\" no-worker");
  await expect(lab.locator('.status')).toHaveText(/^⟦Step 0/);
  await trainToLabels(lab, /^⟦Train/, /^⟦Pause/);
  await expect(lab.locator('.message')).toHaveText(/^(⟦[^⟦⟧]*⟧\s*)+$/); // the bad attributes' messages too
  await expect(lab.locator('.mode')).toHaveText(/^⟦Training runs on the page itself \(⟦the no-worker/);
  const { text, names } = await lab.evaluate(shownText, 'style, .words, table.grid th, .guesses tbody th');
  expect(strayWords(text)).toEqual([]);
  expect(names.flatMap(strayWords)).toEqual([]);
  // What sticks out past the viewport, named (a box too narrow for a longer language).
  const wide = await lab.evaluate((el) => [...el.shadowRoot.querySelectorAll('*')]
    .filter((n) => n.getBoundingClientRect().right > 361)
    .map((n) => `${n.localName}.${n.className?.baseVal ?? n.className}`).slice(0, 10));
  expect(wide).toEqual([]);
  expect(await page.evaluate(() => document.scrollingElement.scrollWidth)).toBeLessThanOrEqual(360);
});

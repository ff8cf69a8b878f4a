// Shareable state and export: "Copy link" encodes the whole state in the URL's
// fragment and opening the link restores it exactly; the grids and the arrow
// plot export as SVG and PNG. Everything under the demo server's strict CSP.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, widgetAt } from './widget-helpers.js';

let problems;
test.beforeEach(async ({ page }) => { problems = watchConsole(page); });
test.afterEach(() => expect(problems).toEqual([]));

const cell = (w, name) => w.getByRole('textbox', { name, exact: true });

/** Every printed number of both heat grids, row by row. */
const gridTexts = (w) => w.evaluate((el) => [...el.shadowRoot.querySelectorAll('table.heat-table')]
  .map((t) => [...t.querySelectorAll('tr')].map((tr) => tr.textContent)));

/** Clicks a download link; the saved file's bytes. */
async function download(page, link) {
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFile(await file.path());
}

/** A downloaded SVG (parsed in the page) or PNG (decoded from a data: URL, pixels counted). */
async function readDownload(page, link) {
  const bytes = await download(page, link);
  const name = await link.getAttribute('download');
  if (name.endsWith('.svg')) {
    return page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const root = doc.documentElement;
      return { parsed: root.nodeName === 'svg' && !doc.querySelector('parsererror'),
        width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')),
        texts: [...doc.querySelectorAll('text')].map((t) => t.textContent) };
    }, bytes.toString('utf8'));
  }
  expect([...bytes.subarray(1, 4)]).toEqual([...Buffer.from('PNG')]);
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0; // pixels that are not the white background
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 600) ink += 1;
    return { type: 'image/png', width: canvas.width, height: canvas.height, ink };
  }, bytes.toString('base64'));
}

async function copyLink(w) {
  await w.getByRole('button', { name: 'Copy link' }).click();
  const field = w.getByRole('textbox', { name: 'Link to this state' });
  await expect(field).toBeVisible();
  return field.inputValue();
}

test('copy link after editing numbers, switches, temperature and asker; the link restores all of it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  const w = await widgetAt(page);
  await cell(w, 'W_V row 1, column 2').fill('2.5');
  await cell(w, 'embeddings row 1 (the), column 3').fill('-0.125');
  await w.getByRole('switch', { name: /causal/i }).check();
  await w.getByRole('switch', { name: /√d_k/ }).check();
  await w.getByRole('slider').fill('0.35');
  await w.locator('select.asker-select').selectOption({ label: 'cat' });
  const state = await w.evaluate((el) => el.state);
  expect(state).toMatchObject({ causal: true, scaled: true, temperature: 0.35, asker: 1 });
  const grids = await gridTexts(w);

  const link = await copyLink(w);
  expect(new URL(link).hash).toMatch(/^#aw=1\.[A-Za-z0-9_-]+$/);
  await expect(w.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  const other = await context.newPage();
  const otherProblems = watchConsole(other);
  await other.goto(link);
  const restored = await widgetAt(other);
  expect(await restored.evaluate((el) => el.state)).toEqual(state);
  expect(await gridTexts(restored)).toEqual(grids);
  await expect(restored.getByRole('switch', { name: /causal/i })).toBeChecked();
  await expect(restored.locator('.widget-error')).toBeHidden();
  // Only the targeted widget changed; the others show their presets.
  expect(await (await widgetAt(other, 1)).evaluate((el) => el.state.tokens.at(-1))).toBe('bank');
  expect(otherProblems).toEqual([]);
});

test('a link targets one widget among several: by position (aw2) or by element id (aw.<id>)', async ({ page, context }) => {
  await page.goto('/');
  const river = await widgetAt(page, 1);
  await cell(river, 'W_V row 1, column 1').fill('4');
  const link = await copyLink(river);
  expect(new URL(link).hash).toMatch(/^#aw2=1\./);
  const riverState = await river.evaluate((el) => el.state);

  const other = await context.newPage();
  await other.goto(link);
  expect(await (await widgetAt(other, 1)).evaluate((el) => el.state)).toEqual(riverState);
  expect(await (await widgetAt(other, 0)).evaluate((el) => el.state.tokens)).toEqual(['the', 'cat', 'sat']);

  // With an id the key is aw.<id>, whatever the widget's position.
  await page.evaluate(() => { document.querySelectorAll('attention-widget')[3].id = 'vase'; });
  const vase = await widgetAt(page, 3);
  await vase.getByRole('switch', { name: /causal/i }).check();
  const idLink = await copyLink(vase);
  expect(new URL(idLink).hash).toMatch(/^#aw\.vase=1\./);
  // A page whose fourth widget has id="vase" restores it; the plain demo page (no id) does not.
  await context.route('**/web/?with-id', async (route) => {
    const response = await route.fetch({ url: route.request().url().replace('?with-id', '') });
    const body = (await response.text()).replace('<attention-widget preset="it-vase">',
      '<attention-widget id="vase" preset="it-vase">');
    await route.fulfill({ response, body });
  });
  const withId = await context.newPage();
  await withId.goto(idLink.replace('/web/#', '/web/?with-id#'));
  expect(await (await widgetAt(withId, 3)).evaluate((el) => [el.id, el.state.causal])).toEqual(['vase', true]);
  const plain = await context.newPage();
  await plain.goto(idLink);
  expect(await (await widgetAt(plain, 3)).evaluate((el) => el.state.causal)).toBe(false);
});

test('a link followed on the page that is already open (only the fragment changes) restores its widget', async ({ page }) => {
  await page.goto('/');
  const first = await widgetAt(page);
  const river = await widgetAt(page, 1);
  await cell(river, 'W_V row 1, column 1').fill('4');
  const riverState = await river.evaluate((el) => el.state);
  // A link for the first widget with the causal mask on and one weight changed.
  await first.getByRole('switch', { name: /causal/i }).check();
  await cell(first, 'W_Q row 1, column 1').fill('1.5');
  const wanted = await first.evaluate((el) => el.state);
  const link = await copyLink(first);
  await first.getByRole('button', { name: 'Reset to preset' }).click();
  expect(await first.evaluate((el) => el.state.causal)).toBe(false);

  await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
  await expect(first.getByRole('switch', { name: /causal/i })).toBeChecked();
  expect(await first.evaluate((el) => el.state)).toEqual(wanted);
  expect(await gridRow(first, 'Shares', 'the')).toMatchObject({ cat: '—', sat: '—' });
  expect(await river.evaluate((el) => el.state)).toEqual(riverState); // not its link: untouched

  // A broken link says so and keeps what is on screen.
  await page.evaluate(() => { location.hash = '#aw=1.not-a-state'; });
  await expect(first.locator('.widget-error')).toContainText('could not be restored');
  expect(await first.evaluate((el) => el.state)).toEqual(wanted);
});

test('the clipboard refused: the link is shown selected in a field to copy by hand', async ({ page }) => {
  await page.goto('/web/embed.html'); // one widget: the lightest page
  const w = await widgetAt(page);
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
  });
  const link = await copyLink(w);
  await expect(w.getByRole('status').filter({ hasText: 'Copy the link from the field' })).toBeVisible();
  const selected = await w.evaluate((el) => {
    const input = el.shadowRoot.querySelector('.share-link');
    return input.value.slice(input.selectionStart, input.selectionEnd);
  });
  expect(selected).toBe(link);
  // Editing afterwards takes the stale link away.
  await cell(w, 'W_Q row 1, column 1').fill('3');
  await expect(w.getByRole('textbox', { name: 'Link to this state' })).toBeHidden();
});

test('export: the grids and the arrows as SVG (parses, holds the numbers) and PNG (right size, not blank)', async ({ page }) => {
  await page.goto('/web/embed.html'); // one widget: the lightest page
  const w = await widgetAt(page);
  await w.getByRole('button', { name: 'Export pictures' }).click();
  const links = w.getByRole('list', { name: 'Exported pictures' }).getByRole('link');
  await expect(links).toHaveCount(4);
  expect(await links.evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('download'), a.href.slice(0, 5)])))
    .toEqual([
      ['Grids (SVG)', 'the-cat-sat-grids.svg', 'blob:'], ['Grids (PNG)', 'the-cat-sat-grids.png', 'blob:'],
      ['Arrows (SVG)', 'the-cat-sat-arrows.svg', 'blob:'], ['Arrows (PNG)', 'the-cat-sat-arrows.png', 'blob:'],
    ]);
  // Saved the way a reader saves them: clicking each download link.
  const files = [];
  for (const link of await links.all()) files.push(await readDownload(page, link));
  const [gridsSvg, gridsPng, arrowsSvg, arrowsPng] = files;
  expect(gridsSvg.parsed).toBe(true);
  expect(gridsSvg.texts).toEqual(expect.arrayContaining(['Scores', 'Shares', 'sat', '0.67', '0.09', '0.24']));
  expect(arrowsSvg.parsed).toBe(true);
  expect(arrowsSvg.texts.join(' ')).toContain('o(\u2068sat\u2069)'); // the token isolated, as on screen
  // PNGs are drawn at twice the SVG's size.
  expect(gridsPng).toMatchObject({ type: 'image/png', width: gridsSvg.width * 2, height: gridsSvg.height * 2 });
  expect(arrowsPng).toMatchObject({ type: 'image/png', width: arrowsSvg.width * 2, height: arrowsSvg.height * 2 });
  expect(gridsPng.ink).toBeGreaterThan(1000);
  expect(arrowsPng.ink).toBeGreaterThan(1000);
  // A change takes the stale pictures away.
  await w.getByRole('switch', { name: /causal/i }).check();
  await expect(links).toHaveCount(0);
});

test('the arrows picture keeps the background its colours were chosen for: dark in dark mode, white in light', async ({ page }) => {
  for (const colorScheme of ['dark', 'light']) {
    await page.emulateMedia({ colorScheme });
    await page.goto('/web/embed.html');
    const w = await widgetAt(page);
    const picture = await w.evaluate(async (el) => {
      const { plotSvg } = await import('/web/views/widget/export.js');
      const doc = new DOMParser().parseFromString(plotSvg(el.shadowRoot.querySelector('svg.plot')), 'image/svg+xml');
      const label = [...doc.querySelectorAll('text')].find((t) => t.textContent === 'o(\u2068sat\u2069)');
      return { background: doc.querySelector('rect').getAttribute('fill'), label: label.getAttribute('fill') };
    });
    // WCAG contrast of the output's label against the picture's background.
    const contrast = await page.evaluate(({ background, label }) => {
      const rgb = (css) => {
        const c = document.createElement('canvas').getContext('2d');
        c.fillStyle = css;
        c.fillRect(0, 0, 1, 1);
        return [...c.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const lum = (v) => {
        const [r, g, b] = v.map((x) => { const s = x / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const [a, b] = [lum(rgb(background)), lum(rgb(label))].sort((x, y) => y - x);
      return (a + 0.05) / (b + 0.05);
    }, picture);
    expect(contrast, `${colorScheme}: ${picture.label} on ${picture.background}`).toBeGreaterThanOrEqual(3);
    if (colorScheme === 'dark') expect(picture.background).not.toMatch(/#fff|255, 255, 255/i);
  }
});

test('hostile token names stay text in the exported SVG', async ({ page }) => {
  await page.goto('/web/embed.html'); // one widget: the lightest page
  const w = await widgetAt(page);
  const evil = '<img src=x onerror="window.__pwned=1">';
  await w.evaluate((el, evil) => { el.config = { ...el.state, tokens: ['a&b', evil, '"q\''] }; }, evil);
  await expect(w.getByRole('rowheader', { name: evil, exact: true }).first()).toBeVisible();
  await w.getByRole('button', { name: 'Export pictures' }).click();
  const svgText = (await download(page, w.getByRole('link', { name: 'Grids (SVG)' }))).toString('utf8');
  expect(svgText).not.toContain('<img');
  const texts = await page.evaluate((s) => {
    const doc = new DOMParser().parseFromString(s, 'image/svg+xml');
    return { ok: !doc.querySelector('parsererror'), elements: [...doc.querySelectorAll('*')].map((n) => n.localName),
      texts: [...doc.querySelectorAll('text')].map((t) => t.textContent) };
  }, svgText);
  expect(texts.ok).toBe(true);
  expect(texts.texts).toEqual(expect.arrayContaining(['a&b', evil, '"q\'']));
  expect(new Set(texts.elements)).toEqual(new Set(['svg', 'rect', 'g', 'text']));
  expect(await page.evaluate(() => window.__pwned)).toBeUndefined();
});

test('a token with a control character is refused (it would break every export); exports keep working', async ({ page }) => {
  await page.goto('/web/embed.html');
  const w = await widgetAt(page);
  await w.evaluate((el) => { el.config = { ...el.state, tokens: ['the', 'c\u0007t', 'sat'] }; });
  await expect(w.locator('.widget-error')).toContainText('token 2 contains a control character (U+0007)');
  expect(await w.evaluate((el) => el.state.tokens)).toEqual(['the', 'cat', 'sat']);
  await w.getByRole('button', { name: 'Export pictures' }).click();
  await expect(w.getByRole('list', { name: 'Exported pictures' }).getByRole('link')).toHaveCount(4);
});

test('when the PNG step fails, the SVGs are still offered and the message ends with one full stop', async ({ page }) => {
  // What a browser does with a picture it cannot decode (as with a control character in a token).
  await page.addInitScript(() => {
    HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('The source image cannot be decoded.', 'EncodingError'));
  });
  await page.goto('/web/embed.html');
  const w = await widgetAt(page);
  await w.getByRole('button', { name: 'Export pictures' }).click();
  const links = w.getByRole('list', { name: 'Exported pictures' }).getByRole('link');
  await expect(links).toHaveCount(2);
  expect(await links.evaluateAll((as) => as.map((a) => a.textContent))).toEqual(['Grids (SVG)', 'Arrows (SVG)']);
  expect((await readDownload(page, links.first())).parsed).toBe(true);
  await expect(w.locator('.share-status')).toHaveText('The SVG pictures are ready below; the PNG pictures could not be '
    + 'made: The source image cannot be decoded.');
});

// A course page built from components: widgets inside open and closed shadow roots, one with an id.
const SHADOW_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">
<title>Components</title><script type="module" src="/web/attention-widget.js"></script></head><body>
<attention-widget preset="it-vase"></attention-widget>
<lesson-card></lesson-card><lesson-card></lesson-card><sealed-card></sealed-card><named-card></named-card>
<script type="module">
  const widgets = [document.querySelector('attention-widget')];
  const card = (name, mode, inner) => customElements.define(name, class extends HTMLElement {
    connectedCallback() {
      const root = this.attachShadow({ mode });
      root.innerHTML = '<p>Lesson</p>' + inner;
      widgets.push(root.querySelector('attention-widget'));
    }
  });
  card('lesson-card', 'open', '<attention-widget preset="river-bank"></attention-widget>');
  card('sealed-card', 'closed', '<div><attention-widget preset="cash-bank"></attention-widget></div>');
  card('named-card', 'open', '<attention-widget id="inner" preset="cash-bank"></attention-widget>');
  window.widgets = widgets;
</script></body></html>`;

test('widgets inside shadow roots get distinct, stable link keys (ids win), and a link restores only its own', async ({ page }) => {
  await page.route('**/web/components.html', (route) => route.fulfill({ contentType: 'text/html', body: SHADOW_PAGE }));
  await page.goto('/web/components.html');
  const keys = () => page.evaluate(async () => {
    const { linkKey } = await import('/web/model/share.js');
    return window.widgets.map(linkKey);
  });
  expect(await keys()).toEqual(['aw', 'aw2', 'aw3', 'aw4', 'aw.inner']);
  expect(await keys()).toEqual(['aw', 'aw2', 'aw3', 'aw4', 'aw.inner']); // the same every time

  // Copy link in the second lesson card's widget, then open the link: that widget alone changes.
  const state = await page.evaluate(async () => {
    const w = window.widgets[2];
    // Computed (its first attention-change) even off screen, where it is not built yet.
    await new Promise((resolve) => { if (w.model.result) resolve(); else w.addEventListener('attention-change', resolve, { once: true }); });
    w.config = { ...w.state, temperature: 2.5, causal: true };
    await new Promise((resolve) => w.addEventListener('attention-change', resolve, { once: true }));
    const { shareLink } = await import('/web/model/share.js');
    return { link: shareLink(w, w.state), state: w.state };
  });
  expect(new URL(state.link).hash).toMatch(/^#aw3=1\./);
  await page.goto('about:blank');
  await page.goto(state.link);
  await expect.poll(() => page.evaluate(() => window.widgets?.[2]?.state.temperature)).toBe(2.5);
  const others = await page.evaluate(() => window.widgets.map((w) => w.state.temperature));
  expect(others).toEqual([1, 1, 2.5, 1, 1]);
});

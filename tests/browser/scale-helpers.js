// Helpers for the <attention-scale> browser tests: reach into its (open) shadow
// root, wait for a grid to be on screen, and read the heat map's pixels.

/**
 * Sets attributes on the first <attention-scale> and resolves with the first result
 * event for n = expectN (default: the n being set, or any n when n is not set).
 */
export async function setAndWait(page, attrs, { selector = 'attention-scale', expectN = attrs.n ?? null } = {}) {
  return page.evaluate(({ attrs, selector, want }) => new Promise((resolve) => {
    const el = document.querySelector(selector);
    el.addEventListener('attention-scale-result', function onResult(e) {
      if (want === null || String(e.n) === String(want)) {
        el.removeEventListener('attention-scale-result', onResult);
        resolve({ n: e.n, dk: e.dk, ms: e.ms, mode: e.mode });
      }
    });
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null) el.removeAttribute(name);
      else el.setAttribute(name, value);
    }
  }), { attrs, selector, want: expectN });
}

/** Resolves once the element shows a grid (the first result after load). */
export async function waitForGrid(page, selector = 'attention-scale') {
  await page.waitForFunction((sel) => {
    const canvas = document.querySelector(sel)?.shadowRoot?.querySelector('canvas');
    return canvas && canvas.dataset.n !== undefined;
  }, selector);
}

/** Text of one readout (by its data-readout name). */
export function readout(page, name, selector = 'attention-scale') {
  return page.evaluate(({ name, selector }) =>
    document.querySelector(selector).shadowRoot.querySelector(`[data-readout="${name}"]`).textContent, { name, selector });
}

/**
 * The heat map's pixels as { size, rgb: number[] } (r, g, b per pixel, row-major),
 * copied through a scratch canvas made for reading (so Chrome does not warn).
 */
export function heatPixels(page, selector = 'attention-scale') {
  return page.evaluate((sel) => {
    const canvas = document.querySelector(sel).shadowRoot.querySelector('canvas');
    const scratch = document.createElement('canvas');
    scratch.width = canvas.width;
    scratch.height = canvas.height;
    const ctx = scratch.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(canvas, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const rgb = [];
    for (let i = 0; i < data.length; i += 4) rgb.push(data[i], data[i + 1], data[i + 2]);
    return { size: canvas.width, rgb };
  }, selector);
}

/** A CSS colour custom property of the element, as [r, g, b]. */
export function cssColour(page, property, selector = 'attention-scale') {
  return page.evaluate(({ property, sel }) => {
    const text = getComputedStyle(document.querySelector(sel)).getPropertyValue(property);
    const c = document.createElement('canvas');
    c.width = c.height = 1;
    const ctx = c.getContext('2d', { willReadFrequently: true });
    ctx.fillStyle = text.trim();
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, { property, sel: selector });
}

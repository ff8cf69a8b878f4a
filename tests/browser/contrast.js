// Text contrast computed from what Chromium paints (computed styles), with the WCAG formula
// written out here, never with the package's colour code: the oracle of the theme tests.
/**
 * The lowest contrast of any text in the elements named by `tags` (the first of each on the page),
 * with the worst few texts named. Each text node's colour against the first opaque background
 * behind it (up through the shadow trees to the page); the oracle: WCAG 2.x relative luminance and
 * (L1 + 0.05) / (L2 + 0.05).
 */
export function worstContrast(page, tags) {
  return page.evaluate((tags) => {
    const channel = (c) => { const s = c / 255; return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; };
    const rgba = (text) => { const m = text.match(/[\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m[3] ?? 1 }; };
    const luminance = ({ r, g, b }) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
      b: top.b * top.a + under.b * (1 - top.a), a: 1 });
    const parentOf = (node) => node.parentElement ?? node.getRootNode().host ?? null;
    function background(node) {
      const layers = [];
      for (let n = node; n; n = parentOf(n)) {
        const c = rgba(getComputedStyle(n).backgroundColor);
        if (c.a > 0) layers.push(c);
        if (c.a === 1) break;
      }
      let colour = layers.at(-1)?.a === 1 ? layers.pop() : { r: 255, g: 255, b: 255, a: 1 };
      while (layers.length) colour = over(layers.pop(), colour);
      return colour;
    }
    const visible = (el) => el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      && !el.closest('[disabled], :disabled, [aria-disabled="true"]');
    const results = [];
    function walk(root, tag) {
      const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let t = texts.nextNode(); t; t = texts.nextNode()) {
        const el = t.parentElement ?? t.getRootNode().host;
        if (!t.textContent.trim() || !el || !visible(el) || el.closest('svg')) continue;
        const style = getComputedStyle(el);
        if (style.color === 'rgba(0, 0, 0, 0)') continue;
        const fg = over(rgba(style.color), background(el));
        const bg = background(el);
        const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a);
        results.push({ ratio: (hi + 0.05) / (lo + 0.05), where: `${tag} "${t.textContent.trim().slice(0, 30)}" ${style.color} on ${JSON.stringify(bg)}` });
      }
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot, el.localName);
    }
    for (const tag of tags) {
      const el = document.querySelector(tag);
      if (!el) continue;
      if (el.shadowRoot) walk(el.shadowRoot, tag);
      if (tag === 'attention-value') walk(el, tag); // its number is its own light DOM text
    }
    results.sort((a, b) => a.ratio - b.ratio);
    return { count: results.length, min: results[0].ratio, worst: results.slice(0, 5).map((r) => `${r.ratio.toFixed(2)} ${r.where}`) };
  }, tags);
}

// The figure builder's logic (web/builder.html), pure: the markup for a figure an author built by
// clicking, and the check of pasted chapter HTML for digits in the prose that are not inside an
// <attention-value> (a static number that goes stale after a reader's edit). No DOM: pasted HTML is
// read by a small tokenizer here, never parsed into live elements.

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text safe inside an attribute or an element's content. */
export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/**
 * The markup of one figure: an <attention-example> (a preset, or a config as its JSON child), the
 * widget showing it, and the live values inserted. { id, preset?, config?, show: string[] (empty:
 * every panel), highlight: string[], values: [{ of, text }] } -> HTML text.
 */
export function figureMarkup({ id, preset = null, config = null, show = [], highlight = [], values = [] }) {
  const ex = escapeHtml(id);
  const example = config
    ? `<attention-example id="${ex}">\n  <script type="application/json">${escapeJson(config)}</script>\n</attention-example>`
    : `<attention-example id="${ex}" preset="${escapeHtml(preset ?? 'cat-sat')}"></attention-example>`;
  const attrs = [`example="${ex}"`];
  if (show.length) attrs.push(`show="${escapeHtml(show.join(' '))}"`);
  if (highlight.length) attrs.push(`highlight="${escapeHtml(highlight.join(', '))}"`);
  const lines = [example, `<attention-widget ${attrs.join(' ')}></attention-widget>`];
  if (values.length) {
    lines.push(`<p>${values.map((v) => `<attention-value example="${ex}" of="${escapeHtml(v.of)}">${escapeHtml(v.text)}</attention-value>`)
      .join('\n  ')}</p>`);
  }
  return `${lines.join('\n')}\n`;
}

// JSON inside <script type="application/json">: "</" would end the script early.
function escapeJson(config) {
  return JSON.stringify(config).replace(/</g, '\\u003c');
}

// Elements whose content is not prose (or is live already): digits there are not reported.
const SKIP = new Set(['attention-value', 'script', 'style', 'template', 'code', 'pre']);

/**
 * Every run of digits in the prose of `html` outside <attention-value>, <script>, <style>,
 * <template>, <code> and <pre>, with a little context: [{ text: '0.47', context: '… gives 0.47 to …' }].
 * Tags, attributes and comments are not prose. Entities are read as their characters for the
 * context only (&amp; -> &).
 */
export function staticDigits(html) {
  const found = [];
  const skipping = [];
  const re = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][\w-]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>|[^<]+|</g;
  for (const m of String(html).matchAll(re)) {
    const [token, tag] = m;
    if (token.startsWith('<!--')) continue;
    if (tag) {
      const name = tag.toLowerCase();
      if (!SKIP.has(name)) continue;
      if (token.startsWith('</')) {
        const at = skipping.lastIndexOf(name);
        if (at >= 0) skipping.length = at;
      } else if (!token.endsWith('/>')) skipping.push(name);
      continue;
    }
    if (skipping.length) continue;
    const text = decode(token);
    for (const d of text.matchAll(/[−-]?\d+(?:[.,]\d+)*%?/g)) {
      const start = Math.max(0, d.index - 24);
      const context = text.slice(start, d.index + d[0].length + 24).replace(/\s+/g, ' ').trim();
      found.push({ text: d[0], context });
    }
  }
  return found;
}

function decode(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }[e]));
}

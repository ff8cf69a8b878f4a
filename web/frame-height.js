// The parent page's half of the iframe's height handshake: embed.html posts its height
// ({ type: 'attention-widget:height', height }) and this sizes the iframe to it. A file to load,
// not a snippet to paste, so a page whose CSP allows no inline script can run it.
//
//   <script type="module" src="https://widgets.example/attention-widget/frame-height.js"></script>
//   <iframe src="https://widgets.example/attention-widget/embed.html?preset=cat-sat"
//     sandbox="allow-scripts" title="Attention widget" width="100%"></iframe>
//
// A height is taken only from the window of an iframe of this page (event.source is that iframe's
// contentWindow), and that iframe is the one sized: a frame can size itself, never another. The
// iframe's src must be on an allowed origin: the one this script came from (the widget host), the
// page's own, and any listed in <meta name="attention-frame-origins" content="https://a.example">.
// The message's origin must be the src's, or "null" for an iframe sandboxed without
// allow-same-origin (an LMS's usual frame: its document has an opaque origin, so "null" is all it
// can say; the window check is what identifies it then). Anything else is ignored.
// No imports: one small file for a host page to load (the hosted build minifies it on its own).

export const HEIGHT_MESSAGE = 'attention-widget:height'; // as embed.js posts it (views/figures/messages.js)
const MAX_HEIGHT = 100_000; // CSS pixels: more is not a widget's height

/** The origins an author listed (space or comma separated): exact origins only, anything else dropped. */
export function listedOrigins(text) {
  return String(text ?? '').split(/[\s,]+/).filter(Boolean).flatMap((word) => {
    try {
      const { origin } = new URL(word);
      const exact = origin === word.replace(/\/$/, '').toLowerCase() && /^https?:/.test(origin) && !origin.includes('*');
      return exact ? [origin] : []; // a path or a wildcard is refused, never widened to an origin
    } catch {
      return [];
    }
  });
}

/** The iframe of `doc` whose window is `source`, or null. */
function frameOf(doc, source) {
  if (!source) return null;
  for (const frame of doc.querySelectorAll('iframe')) if (frame.contentWindow === source) return frame;
  return null;
}

/** Whether `frame`'s document has an opaque origin (sandboxed without allow-same-origin). */
const opaque = (frame) => frame.hasAttribute('sandbox') && !frame.sandbox.contains('allow-same-origin');

/** The height to give the frame that posted `event`, with the frame: { frame, height }, or null to ignore it. */
export function heightFor(event, doc, allowed) {
  const { type, height } = event.data ?? {};
  if (type !== HEIGHT_MESSAGE || !Number.isInteger(height) || height <= 0 || height > MAX_HEIGHT) return null;
  const frame = frameOf(doc, event.source);
  if (!frame) return null;
  let src;
  try {
    src = new URL(frame.getAttribute('src') ?? '', doc.baseURI).origin;
  } catch {
    return null;
  }
  if (!allowed.includes(src)) return null;
  const sender = opaque(frame) ? 'null' : src;
  return event.origin === sender ? { frame, height } : null;
}

/**
 * Starts sizing `win`'s iframes (the parent page). Returns a function that stops it.
 * @param {{ origins?: string[] }} [options] more allowed origins (the script's and the page's always are)
 */
export function startFrameHeights(win = globalThis.window, { origins } = {}) {
  const doc = win.document;
  const meta = doc.querySelector('meta[name="attention-frame-origins"]');
  const allowed = [new URL(import.meta.url).origin, win.location.origin,
    ...(origins ?? listedOrigins(meta?.content))];
  const controller = new AbortController();
  win.addEventListener('message', (event) => {
    const sized = heightFor(event, doc, allowed);
    // CSSOM, not a style attribute: allowed under style-src 'self'.
    if (sized) sized.frame.style.height = `${sized.height}px`;
  }, { signal: controller.signal });
  return () => controller.abort();
}

if (globalThis.window?.document) startFrameHeights();

// Links several embed.html iframes of one page into one example: the parent page's half.
//
//   <meta name="attention-relay-origins" content="https://widgets.example">   (optional)
//   <script type="module" src="https://widgets.example/web/attention-relay.js"></script>
//   <iframe src="https://widgets.example/web/embed.html?example=cat&show=asker"></iframe>
//   <iframe src="https://widgets.example/web/embed.html?example=cat&show=cast"></iframe>
//
// Every iframe whose src names an `example` belongs to that example; an edit in one is
// forwarded to the others (see web/views/figures/relay.js for the rules). Frames are accepted
// only from allowed origins: this page's own, plus those listed in the meta tag above.
// A message from anything else — another window, another origin, a frame that navigated
// away, a wrong shape — is ignored and never forwarded. No other setup.
import { createRelay } from './views/figures/relay.js';
import { exampleName, parseOrigins } from './views/figures/messages.js';

/** The page's linked iframes, now: [{ window, origin, example }]. */
function linkedFrames(doc) {
  const frames = [];
  for (const frame of doc.querySelectorAll('iframe[src]')) {
    let url;
    try {
      url = new URL(frame.getAttribute('src'), doc.baseURI);
    } catch {
      continue;
    }
    const example = exampleName(url.searchParams.get('example'));
    if (example && frame.contentWindow) frames.push({ window: frame.contentWindow, origin: url.origin, example });
  }
  return frames;
}

/**
 * Starts relaying on `win` (the parent page). Returns a function that stops it.
 * @param {{ origins?: string[] }} [options] extra allowed origins (the page's own is always allowed)
 */
export function startRelay(win = globalThis.window, { origins } = {}) {
  const doc = win.document;
  const meta = doc.querySelector('meta[name="attention-relay-origins"]');
  const allowed = [win.location.origin, ...(origins ?? parseOrigins(meta?.content).origins)];
  const relay = createRelay({ allowed, frames: () => linkedFrames(doc) });
  const controller = new AbortController();
  win.addEventListener('message', (event) => {
    for (const post of relay.receive(event)) post.window.postMessage(post.message, post.origin);
  }, { signal: controller.signal });
  return () => controller.abort();
}

if (globalThis.window?.document) startRelay();

// The iframe page (embed.html): one <attention-widget>, configured from the query string,
// telling its parent how tall it is.
//
//   embed.html?preset=river-bank&causal=1&scaled=0&temperature=0.5&asker=bank
//   embed.html?w=1.eyJ0Ijpb...        (custom numbers: the share link's payload, see model/share.js)
//   embed.html?preset=…#w=1.eyJ0Ijpb… (the same in the fragment: no length limit from servers, which
//                                      refuse request lines past about 8 KB; a fragment w wins)
//
// preset, temperature and asker are handed to the widget as attributes, w as its `config`:
// the widget checks them and explains any bad value in its own box, keeping its defaults.
// causal and scaled are switches here: 1/true/on/yes (or no value) = on, 0/false/off/no = off.
// A link copied inside the iframe (#aw=...) restores its state on top of all this.
//
// A chapter figure: embed.html?show=asker%20blend&readonly&highlight=shares%20sat%20cat (docs/figures.md).
// Linked frames: embed.html?example=cat in several iframes of one page that loads
// attention-relay.js; an edit in one shows in all. Only the parent, from an allowed origin
// (?origins=…, default the embedding page's own), can drive the frame (views/figures/frame-link.js).
//
// Height: after load and on every resize the page posts
//   { type: 'attention-widget:height', height }   (CSS pixels, an integer)
// to its parent, so the parent can size the iframe: the parent loads web/frame-height.js, which
// takes it only from this frame's own window (README: "Embed it in a course site"). In an
// <iframe sandbox="allow-scripts"> the page's origin is "null": its modules and the core's .wasm
// then load only if the host sends Access-Control-Allow-Origin (docs/embedding.md).
import { define } from './attention-widget.js';
import { FALSE_WORDS as OFF, TRUE_WORDS as ON } from './shared/booleans.js';
import { clip } from './shared/text.js';
import { decodeState } from './model/share.js';
import { linkFrame } from './views/figures/frame-link.js';
import { HEIGHT_MESSAGE } from './views/figures/messages.js';

export { HEIGHT_MESSAGE };
// show, readonly and highlight make the frame a chapter figure (docs/figures.md); the widget reads them.
const ATTRIBUTES = ['preset', 'temperature', 'asker', 'show', 'readonly', 'highlight'];
const SWITCHES = ['causal', 'scaled'];

function readSwitch(params, name, problems) {
  if (!params.has(name)) return false;
  const value = params.get(name).trim().toLowerCase();
  if (ON.includes(value)) return true;
  if (!OFF.includes(value))
    problems.push(`${name}="${clip(value, 20)}" is not understood; use ${name}=1 or ${name}=0 (kept off).`);
  return false;
}

/**
 * The widget for this page's query string (and `w` in its fragment); problems the widget cannot
 * explain itself go in `problems`.
 */
export function widgetFromQuery(search, problems, hash = '') {
  const params = new URLSearchParams(search);
  const fragmentPayload = new URLSearchParams(hash.slice(1)).get('w');
  const widget = document.createElement('attention-widget');
  for (const name of ATTRIBUTES) if (params.has(name)) widget.setAttribute(name, params.get(name));
  for (const name of SWITCHES) if (readSwitch(params, name, problems)) widget.setAttribute(name, '');
  const payload = fragmentPayload ?? params.get('w');
  if (payload !== null) widget.config = payload; // a payload string: the widget decodes and checks it
  return widget;
}

function reportHeight() {
  const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
  // The height is not a secret, and the parent's origin is unknown here: '*' is right. Parents check origin.
  if (window.parent !== window) window.parent.postMessage({ type: HEIGHT_MESSAGE, height }, '*');
}

function main() {
  define();
  const problems = [];
  const widget = widgetFromQuery(location.search, problems, location.hash);
  // ?example=NAME: linked with the page's other frames of NAME, through the parent (attention-relay.js).
  const link = linkFrame({ view: widget, params: new URLSearchParams(location.search),
    apply: (payload) => widget.model.propose(decodeState(payload), 'link') });
  problems.push(...link.problems);
  const notice = document.querySelector('.embed-error');
  notice.textContent = problems.join(' ');
  notice.hidden = problems.length === 0;
  document.body.append(widget);
  // The observer fires once when it starts (the first report) and after every size change.
  new ResizeObserver(reportHeight).observe(document.documentElement);
  window.addEventListener('load', reportHeight);
}

if (typeof document === 'object') main(); // imported in node (server rendering), it only exports

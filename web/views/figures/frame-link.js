// The iframe's half of linked frames (embed.html?example=NAME): report every change the
// learner makes to the parent page, and show the states the parent relays from the other
// frames of the same example (the parent's half: web/attention-relay.js).
//
// Only the parent window may drive the frame, and only from an allowed origin:
//   ?origins=https://course.example https://mirror.example     (space or comma separated)
// or, by default, the embedding page's own origin as the browser reports it
// (location.ancestorOrigins, else the referrer's origin). Anything else is ignored.
import { APPLY_MESSAGE, STATE_MESSAGE, exampleName, parseOrigins, readMessage } from './messages.js';
import { encodeState } from '../../model/share.js';

/** The origin of the page that embeds `win`, as far as the browser says, or null. */
export function embedderOrigin(win) {
  const ancestor = win.location.ancestorOrigins?.[0];
  if (ancestor && ancestor !== 'null') return ancestor;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : null;
  } catch {
    return null;
  }
}

/**
 * Links `view` (anything with `state`, firing attention-change) to the parent page.
 * `apply(payload)` shows a relayed state. Returns { problems, stop } — problems are
 * sentences for the page to show (a bad example name or allow-list); stop() unlinks.
 */
export function linkFrame({ view, params, apply, win = globalThis.window }) {
  const problems = [];
  const stop = () => {};
  if (!params.has('example') || win.parent === win) return { problems, stop };
  const example = exampleName(params.get('example'));
  if (!example) {
    problems.push('example= should be a short name of letters, digits, - or _ (this frame is not linked).');
    return { problems, stop };
  }
  const listed = params.has('origins') ? parseOrigins(params.get('origins')) : null;
  if (listed) problems.push(...listed.messages);
  const parentOrigin = embedderOrigin(win);
  const allowed = listed ? listed.origins : [parentOrigin].filter(Boolean);
  if (!parentOrigin || !allowed.includes(parentOrigin)) {
    problems.push('This frame is not linked: the page embedding it is not on its origins= list '
      + '(or the browser did not say which page that is).');
    return { problems, stop };
  }

  const controller = new AbortController();
  let applied = null; // the payload last received: its own echo is not reported back
  const report = (reason) => {
    const payload = encodeState(view.state);
    if (payload === applied) return;
    win.parent.postMessage({ type: STATE_MESSAGE, example, payload, reason }, parentOrigin);
  };
  view.addEventListener('attention-change', (event) => report(event.reason ?? 'edit'), { signal: controller.signal });
  win.addEventListener('message', (event) => {
    if (event.source !== win.parent) return;
    const read = readMessage(event, allowed, { type: APPLY_MESSAGE, example });
    if (!read.ok) return;
    applied = read.payload;
    try {
      apply(read.payload); // decoded and verified by the core there: a state it refuses changes nothing
    } catch {
      applied = null; // never applied, never reported: the frame keeps what it shows
    }
  }, { signal: controller.signal });
  return { problems, stop: () => controller.abort() };
}

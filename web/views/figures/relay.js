// The parent page's side of linked iframes: which messages to forward to which frames.
// Pure (no DOM): web/attention-relay.js feeds it the page's iframes and its messages.
//
// Each frame of embed.html?example=NAME reports its state after every change; the relay
// remembers the newest state per example and forwards it to every other frame of that
// example. A frame that (re)loads reports its starting state with reason "load": if the
// example already has a state (another frame was edited first), that state is sent back
// to the newcomer instead, so a late frame joins the example rather than resetting it.
import { APPLY_MESSAGE, STATE_MESSAGE, readMessage } from './messages.js';

/**
 * @param {{ allowed: string[], frames: () => Array<{ window: object, origin: string, example: string }> }} options
 *   allowed: origins whose frames may drive the example; frames(): the page's linkable iframes, now.
 */
export function createRelay({ allowed, frames }) {
  const newest = new Map(); // example name -> payload

  /**
   * One received message -> the posts to make: [{ window, origin, message }]. A message from
   * a window that is not one of the frames, from another origin than the frame's own, or of
   * the wrong shape gives none.
   */
  function receive({ source, origin, data }) {
    const all = frames();
    const from = all.find((f) => f.window === source);
    if (!from || from.origin !== origin) return [];
    const read = readMessage({ origin, data }, allowed, { type: STATE_MESSAGE, example: from.example });
    if (!read.ok) return [];
    const known = newest.get(from.example);
    if (read.reason === 'load' && known !== undefined) {
      return known === read.payload ? [] : [post(from, known)];
    }
    newest.set(from.example, read.payload);
    return all.filter((f) => f !== from && f.example === from.example && allowed.includes(f.origin))
      .map((f) => post(f, read.payload));
  }

  const post = (frame, payload) => ({
    window: frame.window, origin: frame.origin,
    message: { type: APPLY_MESSAGE, example: frame.example, payload },
  });

  return { receive, newest: (example) => newest.get(example) };
}

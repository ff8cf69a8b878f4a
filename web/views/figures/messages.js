// The postMessage protocol that links several embed.html iframes to one example, through
// their parent page (web/attention-relay.js). Pure: no DOM; the checks both sides share.
//
//   frame  -> parent   { type: 'attention-example:state', example, payload, reason }
//                       after each change the learner made in the frame, and once on load
//   parent -> frame    { type: 'attention-example:apply', example, payload }
//                       another frame of the same example changed: show the same state
//
// `payload` is the share-link encoding of the whole state ("1.<base64url>", web/model/share.js),
// so the receiver decodes and checks it with the same code that reads pasted links.
// A message counts only when it comes from an allowed origin, has exactly this shape and
// fits the size limits; anything else is ignored, never applied, never echoed.
import { MAX_PAYLOAD_CHARS } from '../../model/share.js';
import { CHANGE_REASONS } from '../../model/reasons.js'; // the reasons a frame may report
import { clip } from '../../shared/text.js';

// embed.html's height, posted to its parent after load and on every size change (web/frame-height.js).
export const HEIGHT_MESSAGE = 'attention-widget:height';
export const STATE_MESSAGE = 'attention-example:state';
export const APPLY_MESSAGE = 'attention-example:apply';
export const MAX_NAME_CHARS = 64;
export const MAX_ORIGINS = 16;
const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const PAYLOAD = /^1\.[A-Za-z0-9_-]+$/;

/** An origin as the browser writes event.origin ("https://a.example:8443"), or null if it is not one. */
export function normalOrigin(text) {
  if (typeof text !== 'string' || text.length > 300) return null;
  let url;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null; // no "null", file:, data:
  if (url.hostname.includes('*')) return null; // a wildcard is not an origin (and never widened to one)
  return url.origin;
}

/**
 * An allow-list written by an author (space or comma separated) -> { origins, messages }.
 * Origins only: a path or a wildcard is refused by name, never widened to "anything".
 */
export function parseOrigins(text) {
  const origins = [];
  const messages = [];
  for (const word of String(text ?? '').split(/[\s,]+/).filter(Boolean).slice(0, MAX_ORIGINS)) {
    const origin = normalOrigin(word);
    const written = word.toLowerCase();
    const exact = origin !== null && (written === origin || written === `${origin}/`);
    if (exact) {
      if (!origins.includes(origin)) origins.push(origin);
    } else {
      messages.push(`"${clip(word, 40)}" is not an origin like https://course.example (scheme, host, port only).`);
    }
  }
  return { origins, messages };
}

/** Is this event.origin one of the allowed ones? (Exact string match of normalised origins.) */
export function originAllowed(origin, allowed) {
  return typeof origin === 'string' && allowed.includes(origin);
}

/**
 * Checks a received message. `expect`: { type, example? } — the message type this side accepts
 * and, when given, the example it must be about. Returns { ok: true, example, payload, reason }
 * or { ok: false, why } (why is for tests and debugging; nothing is shown to the learner).
 */
export function readMessage({ origin, data }, allowed, expect) {
  if (!originAllowed(origin, allowed)) return no(`origin ${clip(origin, 60)} is not allowed`);
  if (!isPlainObject(data)) return no('not a plain object');
  const keys = Object.keys(data);
  const known = ['type', 'example', 'payload', 'reason'];
  if (keys.length > known.length || keys.some((k) => !known.includes(k))) return no('unexpected fields');
  if (data.type !== expect.type) return no('another type');
  if (typeof data.example !== 'string' || !NAME.test(data.example)) return no('bad example name');
  if (expect.example !== undefined && data.example !== expect.example) return no('another example');
  if (typeof data.payload !== 'string' || data.payload.length > MAX_PAYLOAD_CHARS || !PAYLOAD.test(data.payload))
    return no('bad payload');
  if (data.reason !== undefined && !CHANGE_REASONS.includes(data.reason)) return no('bad reason');
  return { ok: true, example: data.example, payload: data.payload, reason: data.reason ?? 'link' };
}

/** An example name fit for messages (the iframe's ?example=, the relay's data-example), or null. */
export function exampleName(text) {
  return typeof text === 'string' && NAME.test(text) ? text : null;
}

function isPlainObject(x) {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return false;
  const proto = Object.getPrototypeOf(x);
  return proto === Object.prototype || proto === null;
}

function no(why) {
  return { ok: false, why };
}

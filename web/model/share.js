// Shareable state: the widget's whole state (tokens, every number, switches,
// temperature, asker) as one short, URL-safe text, and where a link keeps it.
//
// Format, version 1:  "1." + base64url(UTF-8 JSON of
//   { t: tokens, x: embeddings, q: wq, k: wk, v: wv, c: 0|1, s: 0|1, T: temperature, a: asker index })
// JSON writes every double as its shortest exact decimal, so decoding gives back
// the very same numbers. The leading version lets a later format coexist.
//
// Where it lives in a link: in the fragment, one key per widget (aw.<id>, aw, aw<n>:
// ../shared/link.js, whose linkKey and linkPayload this module passes on, as the package's
// "./share" export). The fragment never reaches a server.
import { ConfigError, readConfig } from './state.js';
import { linkKey, linkPayload, linkWith } from '../shared/link.js';
import { quote } from '../shared/text.js';
import { said } from '../shared/i18n/say.js';

const refuse = (key, values) => new ConfigError(said(key, values));

export { linkKey, linkPayload };

export const VERSION = '1';
/**
 * Longest payload read; bigger is refused before decoding. The largest state the widget accepts
 * (16 tokens of 40 four-byte characters, every number 17 significant digits) is under 15,000.
 */
export const MAX_PAYLOAD_CHARS = 16_000;

/** A widget state -> "1.<base64url>". */
export function encodeState(state) {
  const compact = {
    t: state.tokens, x: state.embeddings, q: state.wq, k: state.wk, v: state.wv,
    c: state.causal ? 1 : 0, s: state.scaled ? 1 : 0, T: state.temperature, a: state.asker,
  };
  return `${VERSION}.${toBase64Url(new TextEncoder().encode(JSON.stringify(compact)))}`;
}

/**
 * "1.<base64url>" -> a config object for readConfig (shapes and values still unchecked).
 * Throws ConfigError with a message a person can act on.
 */
export function decodePayload(payload) {
  if (typeof payload !== 'string') throw refuse('link.notText');
  if (payload.length > MAX_PAYLOAD_CHARS)
    throw refuse('link.tooLong', { length: payload.length, max: MAX_PAYLOAD_CHARS });
  const dot = payload.indexOf('.');
  const version = payload.slice(0, dot);
  if (dot < 0 || version !== VERSION)
    throw refuse('link.version', { version: VERSION });
  let compact;
  try {
    compact = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(fromBase64Url(payload.slice(dot + 1))));
  } catch {
    throw refuse('link.notJson');
  }
  if (!compact || typeof compact !== 'object' || Array.isArray(compact))
    throw refuse('link.notObject');
  return {
    tokens: compact.t, embeddings: compact.x, wq: compact.q, wk: compact.k, wv: compact.v,
    causal: flag(compact.c, 'c'), scaled: flag(compact.s, 's'), temperature: compact.T,
    asker: compact.a,
  };
}

/** "1.<base64url>" -> a full, checked widget state. Throws ConfigError. */
export function decodeState(payload) {
  const config = decodePayload(payload);
  const { asker } = config;
  // The payload's asker is an index: set it directly (token text like "0" must not be matched first).
  const state = readConfig({ ...config, asker: undefined });
  if (asker !== undefined) {
    if (!Number.isInteger(asker) || asker < 0 || asker >= state.tokens.length)
      throw refuse('link.asker', { asker: quote(asker), last: state.tokens.length - 1 });
    state.asker = asker;
  }
  return state;
}

/** The `config` property's value -> a full state: a config object, or a shared-state payload string. */
export function stateFromConfig(value) {
  return typeof value === 'string' ? decodeState(value) : readConfig(value);
}

// 0/1 in the payload; anything else is left for readConfig to explain.
function flag(value, name) {
  if (value === 0 || value === 1 || value === undefined) return value === 1;
  throw refuse('link.switch', { name, got: quote(value) });
}

// ---- where a widget's state lives in a link (the keys: ../shared/link.js) -------

/** A link to this page that restores `state` in `host`; other widgets' keys in the fragment are kept. */
export function shareLink(host, state, href = location.href) {
  return linkWith(host, encodeState(state), href);
}

/**
 * The state a link carries for this widget, or null when it carries none.
 * A broken one adds its message to `errors` and returns null, so the page's own example shows.
 */
export function linkedState(host, errors, hash = location.hash) {
  const payload = linkPayload(host, hash);
  if (payload === null) return null;
  try {
    return decodeState(payload);
  } catch (err) {
    errors.push(said('source.link', { message: err.say ?? err.message })());
    return null;
  }
}

// ---- base64url over bytes (btoa/atob work on byte strings) --------------------

function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

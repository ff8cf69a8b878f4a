// Types for web/model/share.js (the package's "./share" export): a widget's whole state
// as one URL-safe text "1.<base64url>", and where a link keeps it (one fragment key per widget).
import type { WidgetConfig, WidgetState } from '../attention-widget.js';

/** The payload format version, the text before the first dot. */
export const VERSION: '1';
/** Longest payload read; longer ones are refused before decoding. */
export const MAX_PAYLOAD_CHARS: number;

/** A widget state -> "1.<base64url>". */
export function encodeState(state: WidgetState): string;
/** "1.<base64url>" -> a config object, shapes and values not yet checked. Throws a ConfigError (an Error). */
export function decodePayload(payload: string): Omit<WidgetState, 'asker'> & { asker: number | string };
/** "1.<base64url>" -> a full, checked widget state. Throws a ConfigError (an Error) with a message for people. */
export function decodeState(payload: string): WidgetState;
/** What the `config` property accepts -> a full, checked state. Throws a ConfigError. */
export function stateFromConfig(value: WidgetConfig): WidgetState;
/** The fragment key that targets this widget: "aw.<id>", "aw" or "aw<n>". */
export function linkKey(host: Element): string;
/** A link to this page that restores `state` in `host`; other widgets' keys in the fragment are kept. */
export function shareLink(host: Element, state: WidgetState, href?: string): string;
/** The state a link carries for `host`, or null; a broken one adds its message to `errors`. */
export function linkedState(host: Element, errors: string[], hash?: string): WidgetState | null;
/** The raw text a link carries for `host` (its fragment key's value), or null. */
export function linkPayload(host: Element, hash?: string): string | null;

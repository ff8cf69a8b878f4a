// Text a person typed is shown back to them as text (never markup), and short.

export { clip, quote } from '../../wasm/quote.js';
import { clip, quote } from '../../wasm/quote.js';

/** What a thrown value says, for "… could not be read: it threw …". Never throws. */
export function thrown(err, max = 80) {
  try {
    if (err instanceof Error || (err !== null && typeof err === 'object' && typeof err.message === 'string'))
      return clip(err.message, max) || 'an error without a message';
  } catch {
    // fall through: describe the value itself
  }
  return quote(err, max);
}

/** `text` as one sentence: exactly one full stop at its end (messages from elsewhere may bring one). */
export function sentence(text) {
  let end = text.length;
  while (end > 0 && (text[end - 1] === '.' || text[end - 1] === ' ')) end -= 1;
  return `${text.slice(0, end)}.`;
}

/**
 * Token text for a sentence, isolated (U+2068 first strong isolate … U+2069 pop): a right-to-left
 * word keeps its place in the sentence and the numbers beside it keep theirs. Tokens cannot hold
 * direction controls of their own (web/model/state.js refuses them), so nothing inside can end the isolate.
 */
export const isolate = (token) => `\u2068${token}\u2069`;

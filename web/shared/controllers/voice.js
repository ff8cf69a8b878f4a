// An element's voice: the language it speaks (./lang.js) and its message line (./message-line.js),
// wired the one way every lab wires them. Its words are written in its language (speak), so are
// its messages; when the language changes or its catalogue arrives, the element writes its words
// again (relabel: its state and pictures kept) and the line says its messages again in the new
// language. An attribute that did not read is a message under its own name, said the same way.
import { inLocale } from '../i18n/registry.js';
import { notBoolean, notWhole, problem, sayProblem } from '../i18n/say.js';
import { parseBoolean } from '../booleans.js';
import { parseWhole } from '../whole.js';
import { followLang } from './lang.js';
import { createMessageLine } from './message-line.js';

/**
 * A controller pair the element adds to itself (followLang's; the line needs no hooks).
 * @param {HTMLElement} host the element (ElementBase): it dispatches the line's attention-error events
 * @param {{ box: HTMLElement, line: HTMLElement | (() => HTMLElement | null), relabel: () => void }} options
 *   box: the element's outer box in its shadow tree, which gets the resolved `lang` and `dir`;
 *   line: the message line's node, or a function that finds it (createMessageLine);
 *   relabel: write the element's words again in the language now in force (not called for the first)
 */
export function createVoice(host, { box, line, relabel }) {
  let lang = null; // followLang's controller, made after the line (its onChange shows the line)
  /** Runs fn in the element's language (English until it follows one): its words and numbers. */
  const speak = (fn) => inLocale(lang.bundle, fn);
  const messages = createMessageLine(host, line, { speak: (p) => speak(() => sayProblem(p)) });
  lang = followLang(host, {
    root: box,
    onChange: () => {
      relabel();
      messages.show(); // the same problems, said again in the new language
    },
  });

  /** An attribute's value ({ value, say }: say() its message, null when it read), its message under `name`. */
  function attribute(name, { value, say }) {
    messages.set(name, say ? [problem('bad_attribute', say)] : []); // shown by the next show()
    return value;
  }

  return {
    line: messages,
    speak,
    /** The catalogue in force (followLang's bundle): for views that speak on their own. */
    bundle: () => lang.bundle,
    attribute,
    /** A whole-number attribute's value (../whole.js: the one meaning), its message as attribute()'s. */
    whole(name, raw, range, previous) {
      const read = parseWhole(name, raw, range, previous);
      return attribute(name, { value: read.value, say: read.message && notWhole(name, raw, read, range, previous) });
    },
    /** A boolean attribute's value (../booleans.js), its message as attribute()'s. */
    boolean(name, raw, fallback) {
      const read = parseBoolean(name, raw, fallback);
      return attribute(name, { value: read.value, say: read.message && notBoolean(name, raw, fallback) });
    },
  };
}

// An element's message line: the problems it shows the learner (a bad attribute, a refused
// config, a core that did not load), each also an attention-error event the first time it is on
// the line, so a course page can hear every message the learner sees. Problems are kept under
// keys (an attribute's name, 'model', ...): setting one key leaves the others on the line. It
// needs no lifecycle hooks: the line is the element's own node.
//
// An element with a language passes `speak`, which writes a problem in it: a problem made before
// a German page's catalogue was in (the model's, a bad attribute's) carries the means to be said
// again (say(), or words: { key, values }: ../i18n/say.js, sayProblem), and the element calls
// show() again when its language changes. This module imports no catalogue: the scale lab, which
// has none, shows the problems' own (English) text.
import { AttentionErrorEvent } from '../events.js';

/**
 * @param {EventTarget} host the element: it dispatches the events
 * @param {HTMLElement | (() => HTMLElement | null)} node the line, or a function that finds (or
 *   makes) it: called when there is something to show, or something shown to take away
 * @param {{ speak?: (problem: { code: string, message: string }) => string }} [options] speak: a
 *   problem's words in the element's language (default: its message as made)
 */
export function createMessageLine(host, node, { speak = (problem) => problem.message } = {}) {
  const find = typeof node === 'function' ? node : () => node;
  const problems = new Map(); // key -> [{ code, message }]
  let shown = new Set();      // the messages on the line now, as written

  /** Sets the problems under `key` ([] takes them away), to be shown by the next show(). */
  function set(key, list) {
    if (list.length) problems.set(key, list);
    else problems.delete(key);
  }

  /** Puts every problem on the line; each message not on it before is an attention-error event. */
  function show() {
    const all = [...problems.values()].flat();
    const said = all.map(speak);
    const text = said.join(' ');
    const line = text || shown.size ? find() : null;
    if (line) {
      line.hidden = text === '';
      if (line.textContent !== text) line.textContent = text;
    }
    const before = shown;
    shown = new Set(said);
    // The event says what the learner reads: a change of language says it again, in the new one.
    all.forEach((problem, i) => {
      if (!before.has(said[i])) host.dispatchEvent(new AttentionErrorEvent({ code: problem.code, message: said[i] }));
    });
  }

  return {
    set,
    show,
    /** set() and show() at once. */
    report(key, list) {
      set(key, list);
      show();
    },
    /** Whether there are problems under `key`. */
    has: (key) => problems.has(key),
  };
}

/** A model outcome's problems, for a message line: its notes and, when refused, the refusal. */
export function problemsOf(outcome) {
  const refusal = { code: outcome.code, message: outcome.message, ...(outcome.say && { say: outcome.say }) };
  return [...(outcome.notes ?? []), ...(outcome.ok ? [] : [refusal])];
}

// What makes an <attention-widget> a chapter figure: `example` (show and edit a shared
// <attention-example>), `show`, `readonly` and `highlight`. The widget hands its attribute
// changes and "panels built" moments here; this module owns the rest, so the widget's own
// code changes by a few lines only.
//
// A widget with none of these attributes is a full widget: the figure code (panels.js,
// figure.js and its stylesheet) loads only for the first figure on a page (ready()).
import { parseBoolean } from '../../shared/booleans.js';
import { el } from '../../shared/dom.js';
import { createMessageLine } from '../../shared/controllers/message-line.js';
import { watchExample } from './lookup.js';
import { inLocaleOf } from '../../shared/i18n/messages.js';
import { notBoolean, problem, said, sayProblem } from '../../shared/i18n/say.js';

export const VIEW_ATTRIBUTES = Object.freeze(['example', 'show', 'readonly', 'highlight']);

let figureCode = null; // Promise of { parseShow, parseHighlight, resolveHighlight, applyFigure, adoptFigureStyles }
// Imported when the first figure asks, as it connects: in its set-up's task (web/shared/element.js).
const loadFigureCode = () => (figureCode ??= Promise.all([import('./panels.js'), import('./figure.js')])
  .then(([panels, figure]) => ({ ...panels, ...figure }))
  .catch((err) => {
    figureCode = null; // a later figure tries again
    throw err;
  }));

/**
 * @param {{ host: HTMLElement, shadow: ShadowRoot, root: HTMLElement, model: object }} parts
 *   model: the widget's model switch (web/model/switch.js); root: the widget's .aw box.
 */
export function createView({ host, shadow, root, model }) {
  let code = null; // the figure code, once loaded (a figure) or null (a full widget, so far)
  let failed = false; // the figure code could not load
  let current = null;     // the <attention-example> followed, if any
  let binding = null;     // AbortController of the current example lookup
  let connection = null;  // the widget's connection signal
  let built = false;
  // The figure's own message line, made when there is a first message: 'example' and 'figure' problems.
  let box = null;
  const line = createMessageLine(host, () => {
    if (!box) {
      box = el('p', { class: 'figure-error', role: 'alert' });
      root.querySelector('.widget-error')?.after(box);
    }
    return box;
  }, { speak: (p) => inLocaleOf(root, () => sayProblem(p)) }); // the widget's language (its box's lang)

  // `example` changed, or the widget connected: find the example and follow it.
  function bind() {
    binding?.abort();
    binding = null;
    const name = host.getAttribute('example');
    if (name === null || !connection || connection.aborted) {
      follow(null, null);
      return;
    }
    const bound = new AbortController();
    binding = bound;
    // Ends with the widget's connection or with the next bind, whichever comes first: the
    // listener on the connection goes with the binding, so changing `example` again and again
    // keeps one (AbortSignal.any would do, but not in every browser the package supports).
    connection.addEventListener('abort', () => bound.abort(), { once: true, signal: bound.signal });
    watchExample(host, name.trim(), ({ example, message }) => follow(example, message ?? ''), bound.signal);
  }

  // message: null = not bound; '' = bound and found (or waiting for its definition).
  function follow(example, message) {
    current = example;
    model.use(example?.model ?? null);
    // Bound but the example is missing: say so, and show no numbers (they would be another example's).
    root.toggleAttribute('data-unbound', message !== null && !example);
    line.set('example', message ? [problem('no_example', message)] : []); // message: lookup.js's, to say
    report();
  }

  const isFigure = () => VIEW_ATTRIBUTES.some((name) => host.hasAttribute(name));

  // Resolves once the figure code is in (at once for a full widget); never rejects: without
  // it a figure says so and shows every panel.
  function ready() {
    if (code || !isFigure()) return Promise.resolve();
    return loadFigureCode().then((loaded) => {
      code = loaded;
      code.adoptFigureStyles(shadow);
    }, (err) => {
      failed = true;
      line.set('figure', [problem('load_failed', said('figure.loadFailed', { reason: err?.message ?? err }))]);
    });
  }

  function apply() {
    if (!built || !model.result) return;
    if (!code) {
      if (isFigure()) ready().then(() => code && apply());
      return;
    }
    const { parseShow, parseHighlight, resolveHighlight, applyFigure } = code;
    const show = parseShow(host.getAttribute('show'));
    const readonly = parseBoolean('readonly', host.getAttribute('readonly'), false);
    const highlight = parseHighlight(host.getAttribute('highlight'));
    const { state, result } = model;
    const dims = { tokens: state.tokens, dModel: state.embeddings[0].length, dK: result.dK, dV: result.dV };
    const resolved = resolveHighlight(highlight.targets, dims);
    applyFigure(shadow, root, { panels: show.panels, readonly: readonly.value, cells: resolved.cells });
    // Each message with its words (panels.js), said in the widget's language by the line.
    const problems = (read) => read.messages.map((message, i) => ({ code: 'bad_attribute', message, words: read.words?.[i] }));
    const unread = readonly.message ? [problem('bad_attribute', notBoolean('readonly', host.getAttribute('readonly'), false))] : [];
    line.set('figure', [...problems(show), ...unread, ...problems(highlight), ...problems(resolved)]);
    report();
  }

  // The figure's messages on its own line (styled by the figure code: shown once it is in).
  function report() {
    if (!code && !failed && isFigure()) ready().then(report);
    else line.show();
  }

  return {
    /** The <attention-example> this widget shows, or null (its own state). */
    get example() { return current; },
    /** The panel names shown now (a Set), or null for all: a full widget, or the figure code not in. */
    shown() {
      return code && isFigure() ? code.parseShow(host.getAttribute('show')).panels : null;
    },
    /** Whether the figure is readonly now (the attribute as the figure reads it: a bad word is off). */
    get readonly() { return parseBoolean('readonly', host.getAttribute('readonly'), false).value; },
    /** Is this one of the attributes the view handles? */
    owns: (name) => VIEW_ATTRIBUTES.includes(name),
    attributeChanged(name) {
      // Before the first connect (an upgrade tells the attributes first) connect() binds: not twice.
      if (name === 'example') connection && bind();
      else apply();
    },
    /** Resolves when the figure code this widget needs is in: its first render waits for it. */
    ready,
    /** Whether that code is in now (or not needed, or could not load: ready() has resolved or would at once). */
    get isReady() { return Boolean(code) || failed || !isFigure(); },
    /** The widget connected: `signal` aborts when it disconnects. */
    connect(signal) {
      connection = signal;
      bind();
    },
    /** The widget's language changed: the figure's messages are written again. */
    relabel() {
      line.show();
    },
    /** The widget (re)built its panels for a new example shape. */
    built() {
      built = true;
      apply();
    },
  };
}

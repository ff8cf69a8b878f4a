// attention-widget/anywidget: the elements as an anywidget module, for Jupyter (the anywidget
// Python package), marimo, VS Code notebooks and MyST books (the {anywidget} directive). anywidget
// imports this file by its URL and calls render({ model, el }): the element is mounted in `el`,
// its settings read from the model's traits and followed on every change, and cleaned up when
// the view goes. Its styles are inside its modules and the core's .wasm is found next to them
// (import.meta.url), so nothing else is fetched and no data: module is made. dist/anywidget.js is
// this module in one file (the core inside), for MyST, which copies the module into the book: it
// has the widget only (kind scale or heads says so).
//
// Traits (all optional):
//   kind      'widget' (default), 'scale' or 'heads': which element
//   config    the widget's example: a state object or a share-link payload "1.…" (its `config`)
//   state     if the model has it, the widget's state is written back to it after every change
//   any of the element's attributes (preset, causal, temperature, show, guided, predict, train,
//   theme, n, dk, …): true or '' sets a boolean one, false or null removes it.
const KINDS = {
  widget: { tag: 'attention-widget', load: () => import('./attention-widget.js') },
  scale: { tag: 'attention-scale', load: () => import('./attention-scale.js').then((m) => m.defineAttentionScale()) },
  heads: { tag: 'attention-heads', load: () => import('./attention-heads.js') },
};

/** Sets attribute `name` on `element` from a trait's value (true/'' on, false/null/undefined off). */
function setAttribute(element, name, value) {
  if (value === undefined || value === null || value === false) element.removeAttribute(name);
  else element.setAttribute(name, value === true ? '' : String(value));
}

/** The kind a model asks for: one of KINDS, with a message for anything else. */
function kindOf(model) {
  const kind = model.get('kind') ?? 'widget';
  if (Object.hasOwn(KINDS, kind)) return { kind, message: null };
  return { kind: 'widget', message: `kind "${String(kind).slice(0, 20)}" is not widget, scale or heads: showing the widget.` };
}

/** A short line in `el`, read out at once. */
function say(el, text) {
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.textContent = text;
  el.append(note);
}

async function render({ model, el }) {
  const { kind, message } = kindOf(model);
  const { tag, load } = KINDS[kind];
  try {
    await load();
  } catch (err) {
    // The one-file build (dist/anywidget.js, for MyST) carries the widget only.
    say(el, `The ${kind} lab could not load here (${String(err?.message ?? err).slice(0, 120)}): load web/anywidget.js from the package for the labs.`);
    return () => el.replaceChildren();
  }
  const element = document.createElement(tag);
  const attributes = customElements.get(tag).observedAttributes;
  const listeners = [];
  const on = (name, callback) => {
    model.on(name, callback);
    listeners.push([name, callback]);
  };
  for (const name of attributes) {
    setAttribute(element, name, model.get(name));
    on(`change:${name}`, () => setAttribute(element, name, model.get(name)));
  }
  if (kind === 'widget') {
    const config = model.get('config');
    if (config !== undefined && config !== null) element.config = config;
    on('change:config', () => { element.config = model.get('config'); });
    // Written back only to a model that has a state trait: the notebook asked for it.
    if (model.get('state') !== undefined) {
      element.addEventListener('attention-change', () => {
        model.set('state', element.state);
        model.save_changes();
      });
    }
  }
  if (message) say(el, message);
  el.append(element);
  return () => {
    for (const [name, callback] of listeners) model.off(name, callback);
    element.remove();
  };
}

export default { render };

// <attention-example id="cat" preset="cat-sat"></attention-example>: one example's state,
// shared by every view that names it (<attention-widget example="cat">, <attention-value
// example="cat">). It renders nothing but its own error, if it has one. It reads the same
// sources as a widget (a share link #aw.<id>=…, the config property, a JSON child, the preset
// attribute, then causal / scaled / temperature / asker), holds them in one example model
// (web/model/example.js) and has the core verify every change, whichever view made it.
import { loadAttention } from '../../wasm/attention.js';
import { ElementBase, defineElement } from '../shared/element.js';
import { styleSheet as tokenSheet } from '../shared/tokens.css.js';
import { followTheme } from '../shared/controllers/theme.js';
import { AttentionChangeEvent } from '../shared/events.js';
import { readDomSources } from '../shared/controllers/dom-sources.js';
import { followLink } from '../shared/controllers/link-follower.js';
import { createMessageLine, problemsOf } from '../shared/controllers/message-line.js';
import { linkPayload } from '../shared/link.js';
import { problem, said, sayProblem } from '../shared/i18n/say.js';
import { inLocale } from '../shared/i18n/messages.js';
import { followLang } from '../shared/controllers/lang.js';
import { queueRender } from '../shared/near.js';
import { createExampleModel } from '../model/example.js';
import { FLAGS, applySources } from '../model/sources.js';
import { cloneState } from '../model/state.js';
import { EXAMPLE_CONNECTED, EXAMPLE_DISCONNECTED, EXAMPLE_RENAMED } from '../views/figures/lookup.js';

const CSS = `
:host { display: block; }
:host([hidden]), [hidden] { display: none; }
p { margin: 8px 0; padding: 8px 10px; border: 1px solid var(--_error); border-radius: 8px;
  color: var(--_error); font: inherit; }
`;
let sheet = null; // made once per page, adopted by every example

// Its id is the name views find it by: a new id, while it is on the page, is a rename every view
// must hear about (the views of the old name lose it, those of the new one find it). Watched by
// an observer of its own (the `id` attribute is the page's, not one of the element's documented
// attributes), disconnected with it.
function watchRenames(example, signal) {
  const renames = new MutationObserver(() => globalThis.document?.dispatchEvent(new Event(EXAMPLE_RENAMED)));
  renames.observe(example, { attributes: true, attributeFilter: ['id'] });
  signal.addEventListener('abort', () => renames.disconnect(), { once: true });
}

/**
 * One attention example shared by several views; renders nothing but its own errors. Its id is the
 * name views use (`<attention-widget example="ID">`, `<attention-value example="ID">`) and the key of
 * its share links (`#aw.ID=…`).
 * @tagname attention-example
 * @attr {string} preset - the example (default cat-sat); a JSON child `<script type="application/json">` or the `config` property take its place
 * @attr {boolean} causal - blank the upper-right triangle before softmax
 * @attr {boolean} scaled - divide scores by √d_k
 * @attr {number} temperature - softmax temperature, 0 < T ≤ 100 (default 1)
 * @attr {string} asker - token text or 0-based index of the token whose row the views write out
 * @attr {'light'|'dark'|'auto'} theme - Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting.
 * @prop {WidgetState} state - A copy of the current state (read-only).
 * @prop {WidgetConfig} config - Replaces the example: a state, or a share-link payload "1.…".
 * @fires {AttentionChangeEvent} attention-change - After every committed change, from any view (`reason` says why).
 * @fires {AttentionErrorEvent} attention-error - A source, attribute or link could not be used ({ code, message }; shown too).
 * @csspart error - Its message line, shown when a source, attribute or link cannot be used.
 * @cssprop --aw-error - colour of its error message
 */
export class AttentionExample extends ElementBase {
  static observedAttributes = ['preset', ...FLAGS, 'theme'];

  static define(tag = 'attention-example', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #model;
  #sources;
  #link;
  #line;
  #theme; // light or dark (web/shared/controllers/theme.js)
  #lang;  // the language of its messages (web/shared/controllers/lang.js)

  // Built a task after it connects, or when a view first asks for its model (ElementBase): it shows
  // nothing until it has a message to show.
  setUp() {
    this.#model = createExampleModel();
    // Same rules as a widget's own example: the model decides (see web/model/example.js). Only an
    // example with an id has a place in a link (#aw.<id>=…).
    this.#sources = readDomSources(this, { attributes: FLAGS, link: () => (this.id ? linkPayload(this) : null),
      apply: (change) => this.#report(applySources(this.#model, change)) });
    this.#link = followLink(this, { enabled: () => Boolean(this.id),
      onLink: (payload) => this.#report(this.#model.followLink(payload)) });
    const root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [tokenSheet(), sheet];
    const error = document.createElement('p');
    error.setAttribute('role', 'alert');
    error.setAttribute('part', 'error');
    error.hidden = true;
    root.append(error);
    // Its messages in its language (the page's, usually): written again when that changes or arrives.
    this.#lang = followLang(this, { root: error, onChange: () => this.#line.show() });
    this.#line = createMessageLine(this, error, { speak: (p) => inLocale(this.#lang.bundle, () => sayProblem(p)) });
    this.#theme = followTheme(this, { root, report: (problems) => this.#line.report('theme', problems) });
    // Every committed change, from any view, is this element's change too.
    this.#model.subscribe(({ reason }) => this.dispatchEvent(new AttentionChangeEvent(reason)));
  }

  connected(first) { // after the controllers: sources, link
    // Views waiting for this example (or for one with this id) look again.
    this.dispatchEvent(new Event(EXAMPLE_CONNECTED, { bubbles: true, composed: true }));
    watchRenames(this, this.connectionSignal);
    if (!first) return;
    this.#link.read();
    // Each example computes (and its views paint) in a task of its own: the core arrives for every
    // example of a page at once, and four examples' first attend() in one task was a long one.
    loadAttention({ path: 'teaching' }).then(
      (attn) => queueRender(() => this.#report(this.#model.setCompute((state) => attn.attend(state)))),
      (err) => this.#report({ ok: false,
        ...problem(err?.code ?? 'load_failed', said('example.loadFailed', { reason: err?.message ?? err })) }));
  }

  disconnected() {
    // No longer in the document, so the event cannot bubble there from here: tell the document itself.
    globalThis.document?.dispatchEvent(new Event(EXAMPLE_DISCONNECTED));
  }

  attributeChanged(name) {
    if (name === 'theme') return this.#theme.attributeChanged();
    this.#sources.mark(name);
  }

  /** The example model every view of this example paints and edits (docs/architecture.md). */
  get model() {
    this.build();
    return this.#model;
  }

  /** A copy of the current state: { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }. */
  get state() { return cloneState(this.model.state); }

  /** Same shape as `state` (asker may be token text), or a share-link payload "1.…". Setting it replaces the example. */
  get config() { return this.state; }
  set config(value) {
    this.build();
    this.#sources.setConfig(value);
  }

  /** { state, result } once the core has verified the example, else null. Read-only. */
  get snapshot() {
    const { state, result } = this.model;
    return result ? { state, result } : null;
  }

  /** Calls listener({ reason, state, result }) after every committed change; returns the unsubscribe function. */
  subscribe(listener) {
    return this.model.subscribe(listener);
  }

  // An outcome's refusal and notes: shown here, and each message an attention-error event once,
  // when it first appears (the same notes come back when the core arrives).
  #report(outcome) {
    this.#line.report('model', problemsOf(outcome));
  }
}

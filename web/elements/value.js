// <attention-value example="cat" of="share sat cat" format="percent">67%</attention-value>
// One live number in the prose: it follows every edit of the example, in any view.
// Inline text (no box; the paragraph's font); changes are announced politely.
// Its own content is the fallback, shown until the example has numbers (or without
// JavaScript), so an author can write the chapter's number there.
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { watchExample } from '../views/figures/lookup.js';

// Reading `of` and formatting (of.js) load with the first value on a page: a page with
// widgets only never downloads them.
let ofCode = null;     // the module, once in
let ofLoading = null;  // Promise of it
const loadOf = () => (ofLoading ??= import('../views/figures/of.js').then((m) => { ofCode = m; }, (err) => {
  ofLoading = null; // a later value tries again
  throw err;
}));

// The number is the element's own text (light DOM): it reads, selects, copies and finds like
// the words around it. The shadow root only slots it and styles the marker.
const CSS = `
:host { display: inline; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* A number never breaks inside; a marker is a sentence and wraps like one (a long name in it too). */
:host([data-error]) { color: var(--aw-error, #b3261e); text-decoration: underline wavy; text-underline-offset: 2px;
  white-space: normal; overflow-wrap: anywhere; }
@media (prefers-color-scheme: dark) { :host([data-error]) { color: var(--aw-error, #ff8a80); } }
`;
let sheet = null; // made once per page, adopted by every value

/**
 * One number (or vector) of an <attention-example>, as inline text that follows every edit.
 * Its own text is shown until the example has numbers (write the chapter's number there).
 * @tagname attention-value
 * @attr {string} example - id of the <attention-example> it reads
 * @attr {string} of - what it shows: `share ASKER KEY`, `score ASKER KEY`, `logit ASKER KEY`, `exp ASKER KEY`, `total ASKER`, `divisor`, `query TOKEN`, `key TOKEN`, `value TOKEN`, `output TOKEN`, `asker` (the shared asker's word), `top ASKER` (the key(s) with its largest share; ties as ties)
 * @attr {'fixed'|'compact'|'percent'} format - two decimals (default), trailing zeros dropped, or a percentage (shares only)
 * @prop {string} text - The live text on screen ('' while it shows the author's text or a marker; read-only).
 * @fires {AttentionErrorEvent} attention-error - When `example`, `of` or `format` cannot be read ({ code, message }; the marker shows the message).
 * @cssprop --aw-error - colour of the marker (the element has a `data-error` attribute while it shows one)
 */
export class AttentionValue extends ElementBase {
  static observedAttributes = ['example', 'of', 'format'];

  static define(tag = 'attention-value', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #example = null;
  #lookError = null; // why the example cannot be used, or null
  #connection = null;
  #unsubscribe = null;
  #shownError = null;
  #live = false;     // the text is a live number (not the author's fallback, not a marker)

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
    root.append(document.createElement('slot'));
  }

  connectedCallback() {
    super.connectedCallback();
    if (!this.hasAttribute('aria-live')) this.setAttribute('aria-live', 'polite');
    if (!this.hasAttribute('aria-atomic')) this.setAttribute('aria-atomic', 'true');
    this.#connect();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#connection?.abort();
    this.#connection = null;
    this.#follow(null);
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue || !this.isConnected) return;
    if (name === 'example') this.#connect();
    else this.#render();
  }

  /** The live text on screen ('' while it still shows the author's text, or a marker). */
  get text() {
    return this.#live ? this.textContent : '';
  }

  #connect() {
    this.#connection?.abort();
    this.#connection = new AbortController();
    const name = this.getAttribute('example');
    if (name === null || name.trim() === '') {
      this.#follow(null, 'example is missing: name the id of an <attention-example>.');
      return;
    }
    watchExample(this, name.trim(), ({ example, message }) => this.#follow(example, message), this.#connection.signal);
  }

  #follow(example, message = null) {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#example = example;
    this.#lookError = message;
    if (example) this.#unsubscribe = example.subscribe(() => this.#render());
    if (this.isConnected) this.#render();
  }

  #render() {
    if (!ofCode) {
      loadOf().then(() => this.isConnected && this.#render(),
        (err) => this.#showError({ code: 'load_failed', message: `this value could not load: ${err?.message ?? err}` }));
      return; // the author's text stays meanwhile
    }
    const { checkFormat, formatValue, lookUp, parseOf, resolveOf } = ofCode;
    const problem = this.#lookError ? { code: 'no_example', message: this.#lookError } : this.#read();
    if (problem) return this.#showError(problem);
    const snapshot = this.#example?.snapshot;
    if (!snapshot) return; // loading: the author's text stays
    const ref = resolveOf(parseOf(this.getAttribute('of')), snapshot.state.tokens, snapshot.state.asker);
    if (!ref.ok) return this.#showError({ code: 'bad_of', message: ref.message });
    const { format } = checkFormat(this.getAttribute('format') ?? undefined, ref.kind);
    this.#showError(null);
    this.#setText(formatValue(lookUp(ref, snapshot.result, snapshot.state), format));
    this.#live = true;
  }

  // The attributes' own problems (independent of the example's numbers), or null.
  #read() {
    const { checkFormat, parseOf } = ofCode;
    const parsed = parseOf(this.getAttribute('of'));
    if (!parsed.ok) return { code: 'bad_of', message: parsed.message };
    const format = checkFormat(this.getAttribute('format') ?? undefined, parsed.kind);
    if (!format.ok) return { code: 'bad_format', message: format.message };
    return null;
  }

  // Text only (textContent): a token named "<img onerror=…>" stays text.
  #setText(text) {
    if (this.textContent !== text) this.textContent = text;
  }

  // Shows the marker instead of a number (or clears it); the event fires once per new problem.
  #showError(problem) {
    if (!problem) {
      this.removeAttribute('data-error');
      this.#shownError = null;
      return;
    }
    this.#live = false;
    this.setAttribute('data-error', '');
    this.#setText(`[${problem.message}]`);
    if (this.#shownError === problem.message) return;
    this.#shownError = problem.message;
    this.dispatchEvent(new AttentionErrorEvent(problem));
  }
}

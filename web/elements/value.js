// <attention-value example="cat" of="share sat cat" format="percent">67%</attention-value>
// One live number in the prose: it follows every edit of the example, in any view.
// Inline text (no box; the paragraph's font); changes are announced politely.
// Its own content is the fallback, shown until the example has numbers (or without
// JavaScript), so an author can write the chapter's number there.
import { ElementBase, defineElement } from '../shared/element.js';
import { styleSheet as tokenSheet } from '../shared/tokens.css.js';
import { followTheme } from '../shared/controllers/theme.js';
import { bundleNow, followLang } from '../shared/controllers/lang.js';
import { inLocale, listAnd, t } from '../shared/i18n/messages.js';
import { sayWords } from '../shared/i18n/say.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { followExample } from '../views/figures/lookup.js';
import { lazyModule } from '../shared/lazy.js';

// Reading `of` and formatting (of.js) load with the first value on a page.
const ofModule = lazyModule(() => import('../views/figures/of.js'));

// The number is the element's own text (light DOM): it reads, selects, copies and finds like
// the words around it. The shadow root only slots it and styles the marker.
const CSS = `
:host { display: inline; font-variant-numeric: tabular-nums; white-space: nowrap; }
/* A number never breaks inside; a marker is a sentence and wraps like one (a long name in it too). */
:host([data-error]) { color: var(--_error); text-decoration: underline wavy; text-underline-offset: 2px;
  white-space: normal; overflow-wrap: anywhere; }
`;
let sheet = null; // made once per page, adopted by every value

/**
 * One number (or vector) of an <attention-example>, as inline text that follows every edit.
 * Its own text is shown until the example has numbers (write the chapter's number there).
 * @tagname attention-value
 * @attr {string} example - id of the <attention-example> it reads
 * @attr {string} of - what it shows: `share ASKER KEY`, `score ASKER KEY`, `logit ASKER KEY`, `exp ASKER KEY`, `total ASKER`, `divisor`, `query TOKEN`, `key TOKEN`, `value TOKEN`, `output TOKEN`, `asker` (the shared asker's word), `top ASKER` (the key(s) with its largest share; ties as ties)
 * @attr {'light'|'dark'|'auto'} theme - Light or dark colours for its marker; auto (or absent) follows the page's own toggle, else the reader's system setting.
 * @attr {'fixed'|'compact'|'percent'} format - two decimals (default), trailing zeros dropped, or a percentage (shares only)
 * @prop {string} text - The live text on screen ('' while it shows the author's text or a marker; read-only).
 * @fires {AttentionErrorEvent} attention-error - When `example`, `of` or `format` cannot be read ({ code, message }; the marker shows the message).
 * @cssprop --aw-error - colour of the marker (the element has a `data-error` attribute while it shows one)
 */
export class AttentionValue extends ElementBase {
  static observedAttributes = ['example', 'of', 'format', 'theme'];

  static define(tag = 'attention-value', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #source;          // the example read, and why not
  #shownError = null;
  #theme = null;     // made with the shadow root (#draw)
  #lang = null;      // the language of the number text ("0,67" in German): web/shared/controllers/lang.js
  #live = false;     // the text is a live number (not the author's fallback, not a marker)

  // Nothing is built as it is upgraded (ElementBase), and little as it is set up: until there is a
  // number or a marker to show, the author's text needs no shadow root, no language and no theme (#draw).
  setUp() {
    this.#source = followExample(this, () => this.#render());
  }

  // The shadow root, its language and its theme: made before the first number or marker is shown.
  #draw() {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [tokenSheet(), sheet];
    const slot = document.createElement('slot');
    root.append(slot);
    // A language other than English, already in, is told while this is made: the render under way uses it.
    this.#lang = followLang(this, { root: slot, onChange: () => this.#lang && this.isConnected && this.#render() });
    // Its marker's colour follows the theme; a bad theme is told as an event (the marker is for the number).
    this.#theme = followTheme(this, { root,
      report: (problems) => problems.forEach((p) => this.dispatchEvent(new AttentionErrorEvent(p))) });
    if (this.hasAttribute('theme')) this.#theme.attributeChanged();
  }

  connected() {
    if (!this.hasAttribute('aria-live')) this.setAttribute('aria-live', 'polite');
    if (!this.hasAttribute('aria-atomic')) this.setAttribute('aria-atomic', 'true');
  }

  attributeChanged(name) {
    if (name === 'theme') return this.#theme?.attributeChanged(); // else read as it is drawn
    // Not connected yet (being built: connecting reads every attribute), or no longer.
    if (!this.connectionSignal) return;
    if (name === 'example') this.#source.connect();
    else this.#render();
  }

  /** The live text on screen ('' while it still shows the author's text, or a marker). */
  get text() {
    return this.#live ? this.textContent : '';
  }

  // The number and the messages in the element's language (before it follows one: the page's, if in).
  #speak(fn) {
    return inLocale(this.#lang?.bundle ?? bundleNow(this), fn);
  }

  #render() {
    this.#speak(() => this.#paint());
  }

  #paint() {
    const ofCode = ofModule.code;
    if (!ofCode) {
      ofModule.load().then(() => this.isConnected && this.#render(),
        (err) => this.#speak(() => this.#showError({ code: 'load_failed', message: t('figure.valueLoad', { reason: err?.message ?? err }) })));
      return; // the author's text stays meanwhile
    }
    const { checkFormat, formatValue, lookUp, parseOf, resolveOf } = ofCode;
    const problem = this.#source.message ? { code: 'no_example', message: this.#source.message } : this.#read(ofCode);
    if (problem) return this.#showError(problem);
    const snapshot = this.#source.example?.snapshot;
    if (!snapshot) return; // loading: the author's text stays
    const ref = resolveOf(parseOf(this.getAttribute('of')), snapshot.state.tokens, snapshot.state.asker);
    if (!ref.ok) return this.#showError({ code: 'bad_of', message: sayWords(ref.words) });
    const { format } = checkFormat(this.getAttribute('format') ?? undefined, ref.kind);
    this.#draw();
    this.#showError(null);
    this.#setText(inLocale(this.#lang.bundle, () => formatValue(lookUp(ref, snapshot.result, snapshot.state, listAnd), format)));
    this.#live = true;
  }

  // The attributes' own problems (independent of the example's numbers), or null.
  #read({ checkFormat, parseOf }) {
    const parsed = parseOf(this.getAttribute('of'));
    // The messages in the language in force (#render): of.js gives their words beside its English.
    if (!parsed.ok) return { code: 'bad_of', message: sayWords(parsed.words) };
    const format = checkFormat(this.getAttribute('format') ?? undefined, parsed.kind);
    if (!format.ok) return { code: 'bad_format', message: sayWords(format.words) };
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
    this.#draw();
    this.#live = false;
    this.setAttribute('data-error', '');
    this.#setText(`[${problem.message}]`);
    if (this.#shownError === problem.message) return;
    this.#shownError = problem.message;
    this.dispatchEvent(new AttentionErrorEvent(problem));
  }
}

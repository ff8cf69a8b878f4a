// <attention-if example="cat" when="asker is sat">Take “sat” as the asker …</attention-if>
// Text that shows only while its condition holds for the example's numbers now: a chapter
// sentence that is true for one asker (or one winner, or one switch) hides when a reader's edit
// makes it false, and comes back when it is true again. The grammar is web/views/figures/when.js.
// Its content shows until the example has numbers (and without JavaScript). A condition that
// cannot be read never hides anything: the content stays, followed by a marker with the message.
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { followExample } from '../views/figures/lookup.js';
import { bundleNow, followLang } from '../shared/controllers/lang.js';
import { inLocale, t } from '../shared/i18n/messages.js';
import { sayWords } from '../shared/i18n/say.js';
import { lazyModule } from '../shared/lazy.js';

// The grammar loads with the first condition on a page.
const whenModule = lazyModule(() => import('../views/figures/when.js'));

const CSS = `
:host { display: inline; }
:host([hidden]) { display: none; }
.marker { color: var(--aw-error, #b3261e); text-decoration: underline wavy; text-underline-offset: 2px; overflow-wrap: anywhere; }
@media (prefers-color-scheme: dark) { .marker { color: var(--aw-error, #ff8a80); } }
`;
let sheet = null;

/**
 * Text shown only while a condition about an <attention-example> holds.
 * @tagname attention-if
 * @attr {string} example - id of the <attention-example> it reads
 * @attr {string} when - the condition: `asker is TOKEN`, `asker is not TOKEN`, `top ASKER is KEY`, `top ASKER is not KEY`, `causal on|off`, `scaled on|off`, joined with `and`
 * @prop {boolean | null} holds - Whether the condition holds now (null: not read yet, or it cannot be read).
 * @fires {AttentionErrorEvent} attention-error - When `example` or `when` cannot be read ({ code, message }; the content stays, with a marker).
 * @cssprop --aw-error - colour of the marker
 */
export class AttentionIf extends ElementBase {
  static observedAttributes = ['example', 'when'];

  static define(tag = 'attention-if', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #source; // the example read, and why not
  #marker;
  #shownError = null;
  #holds = null;
  #lang = null; // followed once there is a marker to write (web/shared/controllers/lang.js)

  // Built a task after it connects (ElementBase): its content shows meanwhile, as it does until the
  // example has numbers.
  setUp() {
    this.#source = followExample(this, () => this.#render());
    const root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(CSS);
    }
    root.adoptedStyleSheets = [sheet];
    this.#marker = document.createElement('span');
    this.#marker.className = 'marker';
    this.#marker.hidden = true;
    root.append(document.createElement('slot'), this.#marker);
  }

  attributeChanged(name) {
    // Not connected yet (being built: connecting reads every attribute), or no longer.
    if (!this.connectionSignal) return;
    if (name === 'example') this.#source.connect();
    else this.#render();
  }

  /** Whether the condition holds now (null: not read yet, or it cannot be read). */
  get holds() {
    return this.#holds;
  }

  // The marker's message in the element's language (before it follows one: the page's, if in).
  #speak(fn) {
    return inLocale(this.#lang?.bundle ?? bundleNow(this), fn);
  }

  #render() {
    this.#speak(() => this.#paint());
  }

  #paint() {
    const whenCode = whenModule.code;
    if (!whenCode) {
      whenModule.load().then(() => this.isConnected && this.#render(),
        (err) => this.#speak(() => this.#show(null, { code: 'load_failed', message: t('figure.ifLoad', { reason: err?.message ?? err }) })));
      return;
    }
    const { parseWhen, evaluateWhen } = whenCode;
    if (this.#source.message) return this.#show(null, { code: 'no_example', message: this.#source.message });
    const parsed = parseWhen(this.getAttribute('when'));
    // The messages in the language in force (#render): when.js gives their words beside its English.
    if (!parsed.ok) return this.#show(null, { code: 'bad_when', message: sayWords(parsed.words) });
    const snapshot = this.#source.example?.snapshot;
    if (!snapshot) return; // loading: the content stays
    const read = evaluateWhen(parsed, snapshot.state, snapshot.result);
    if (!read.ok) return this.#show(null, { code: 'bad_when', message: sayWords(read.words) });
    this.#show(read.value, null);
  }

  // holds: true shows the content, false hides it; a problem shows the content and the marker.
  #show(holds, problem) {
    this.#holds = problem ? null : holds;
    this.hidden = !problem && holds === false;
    this.toggleAttribute('data-error', Boolean(problem));
    this.#marker.hidden = !problem;
    // A marker to write: its language followed from now on (a change writes it again, with its direction).
    // (A language already in is told while followLang is made: the render under way speaks it already.)
    if (problem) this.#lang ??= followLang(this, { root: this.#marker, onChange: () => this.#lang && this.isConnected && this.#render() });
    this.#marker.textContent = problem ? ` [${problem.message}]` : '';
    if (!problem) {
      this.#shownError = null;
      return;
    }
    if (this.#shownError === problem.message) return;
    this.#shownError = problem.message;
    this.dispatchEvent(new AttentionErrorEvent(problem));
  }
}

// The <attention-widget> element class: the chapter's "See it move". Wiring only: it reads
// its sources from the DOM and hands them to its example model (web/model/example.js, which
// owns every rule about the state), subscribes to the model, and paints the views here in
// widget/ with the core's numbers. The package entry web/attention-widget.js registers it.
import { loadAttention } from '../../wasm/attention.js';
import { el } from '../shared/dom.js';
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { createExampleModel } from '../model/example.js';
import { FLAGS } from '../model/sources.js';
import { liveRegion } from './dom.js';
import { AttentionChangeEvent } from './events.js';
import { PRESETS, presetState } from './presets.js';
import { cloneState } from './state.js';
import { readAttributes, readSources } from './sources.js';
import { linkPayload } from './share.js';
import { createCast } from './cast.js';
import { createAskerPanel } from './asker.js';
import { createArrowPlot } from './arrows.js';
import { createGrids } from './grids.js';
import { createFormula } from './formula.js';
import { createControls } from './controls.js';
import { createSharePanel } from './share-panel.js';
import { createModelSwitch } from '../example/model-switch.js';
import { VIEW_ATTRIBUTES, createView } from '../example/view.js';

const STYLESHEET = new URL('../attention-widget.css', import.meta.url).href;
// Changes the learner makes in place leave text they are still typing alone; any other change
// rewrites every input ('wv' after a drag: only W_V's).
const FORCE = { edit: false, switch: false, asker: false, drag: 'wv' };

/**
 * @tagname attention-widget
 * @attr {string} example - id of an <attention-example>: show and edit that shared example instead of an own one (docs/figures.md).
 * @attr {string} show - The panels to show, space separated: title causal scaled temperature reset cast asker blend formula grids share (absent: all).
 * @attr {boolean} readonly - Display only: every number shown, nothing editable, no focus stops on cells (absent: off).
 * @attr {string} highlight - What the paragraph beside it talks about: GRID [ROW [COLUMN]], comma separated, e.g. "shares sat cat, cast sat q".
 * @cssprop [--aw-highlight=#d4a000] - The outline of highlighted cells.
 */
export class AttentionWidget extends ElementBase {
  static observedAttributes = ['preset', ...FLAGS, ...VIEW_ATTRIBUTES];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-widget', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  // Its own example, or the shared one of the <attention-example> named by example="…" (docs/figures.md).
  #model = createModelSwitch(createExampleModel());
  #view; // example, show, readonly, highlight: web/example/view.js
  #config = { value: undefined, set: false }; // the config property, as last set
  #dirty = new Set();
  #scheduled = false;
  #started = false;
  #loaded = false;    // the model has read this element's sources
  #painted = -1;      // the model version on screen
  #shape = '';
  #views = null;
  #presetState = null; // { name, json } of the preset the chapter note compares against
  #link = null;        // this widget's payload in the page's #fragment, as last read
  #drag = { frame: 0, pending: null };
  #shownErrors = new Set(); // the messages on the message line
  #connection = null;  // AbortController: every listener added on connect goes with it on disconnect
  #ui;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.#ui = this.#buildSkeleton();
    this.#view = createView({ host: this, shadow: this.shadowRoot, root: this.#ui.root, model: this.#model });
  }

  connectedCallback() {
    // A `config` set before this element was upgraded lives on the instance: re-route it.
    if (Object.prototype.hasOwnProperty.call(this, 'config')) {
      const value = this.config;
      delete this.config;
      this.config = value;
    }
    this.#connection?.abort();
    this.#connection = new AbortController();
    const { signal } = this.#connection;
    this.#view.connect(signal);
    // A link to this page with a new state for this widget (a course page's "open this
    // example" link, or a pasted share link) changes only the fragment: no reload.
    addEventListener('hashchange', () => this.#followLink(), { signal });
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.#themeChanged(), { signal });
    const unsubscribe = this.#model.subscribe((event) => this.#show(event));
    signal.addEventListener('abort', () => {
      unsubscribe();
      cancelAnimationFrame(this.#drag.frame);
      this.#drag.frame = 0;
    });
    // Changed while away (another view of the same model): catch up.
    if (this.#model.result && this.#painted !== this.#model.version) this.#show({ reason: 'load' }, false);
    if (this.#started) return;
    this.#started = true;
    this.#link = linkPayload(this);
    this.#schedule();
    loadAttention().then((attn) => this.#onLoaded(attn), (err) => this.#onLoadFailed(err));
  }

  disconnectedCallback() {
    this.#connection?.abort();
    this.#connection = null;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (this.#view.owns(name)) return this.#view.attributeChanged(name);
    this.#dirty.add(name);
    this.#schedule();
  }

  /** The full current state (a copy): { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }. */
  get state() { return cloneState(this.#model.state); }

  /** Same shape as `state` (asker may also be token text). Setting it replaces the example. */
  get config() { return this.state; }
  set config(value) {
    this.#config = { value, set: true };
    this.#dirty.add('config');
    this.#schedule();
  }

  /** This widget's example model (docs/architecture.md): other views subscribe to it, guided or training code proposes to it. */
  get model() { return this.#model; }

  // ---- DOM sources -> the model: many attribute changes -> one transition, after a microtask ----

  #schedule() {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => this.#flush());
  }

  #flush() {
    this.#scheduled = false;
    if (!this.#started) return;
    const dirty = this.#dirty;
    this.#dirty = new Set();
    const model = this.#model;
    const attributes = readAttributes(this);
    let outcome;
    if (!this.#loaded) {
      this.#loaded = true;
      outcome = model.load(readSources(this, { config: this.#config.value, hasConfig: this.#config.set }));
    } else if (dirty.has('config')) outcome = model.setConfig(this.#config.value, attributes);
    else if (dirty.has('preset')) outcome = model.setPreset(this.getAttribute('preset'), attributes);
    else outcome = model.setAttributes(attributes);
    this.#showErrors(outcome);
  }

  // The fragment changed: restore this widget's state from it when it carries a new one.
  // A link for another widget, or the same one again, leaves this one alone; a broken one
  // says so and keeps what is on screen (unlike on page load, nothing is replaced).
  #followLink() {
    const payload = linkPayload(this);
    if (payload === null || payload === this.#link) return;
    this.#link = payload;
    this.#showErrors(this.#model.followLink(payload));
  }

  // ---- loading ----

  #onLoaded(attn) {
    this.#ui.status.hidden = true;
    this.#ui.body.hidden = false;
    // The model checks its example again with the core: a source the core refuses gives way to the next.
    this.#showErrors(this.#model.setCompute((state) => attn.attend(state)));
  }

  #onLoadFailed(err) {
    this.#ui.status.textContent = 'This widget could not start, so there are no numbers to show: '
      + `${err?.message ?? err}. It needs WebAssembly; try reloading the page or another browser.`;
    this.#ui.status.setAttribute('role', 'alert');
    this.#ui.status.classList.add('failed');
    this.dispatchEvent(new AttentionErrorEvent({ code: err?.code ?? 'load_failed', message: this.#ui.status.textContent }));
  }

  // ---- the model -> the screen ----

  // One committed change of the model (from this element or any other user of the model).
  #show({ reason }, announce = true) {
    const { state, result } = this.#model;
    this.#painted = this.#model.version;
    let force = FORCE[reason] ?? true;
    const shape = JSON.stringify([state.tokens, result.dK, result.dV, state.embeddings[0].length]);
    if (shape !== this.#shape) {
      this.#shape = shape;
      this.#build(state);
      force = true;
    }
    this.#paint(force);
    if (announce) this.dispatchEvent(new AttentionChangeEvent(reason));
  }

  #buildSkeleton() {
    const status = el('p', { class: 'status', role: 'status', text: 'Loading the attention core…' });
    const error = el('p', { class: 'widget-error', role: 'alert', hidden: true });
    const title = el('p', { class: 'title' });
    const body = el('div', { class: 'body', hidden: true });
    const root = el('div', { class: 'aw', part: 'root' }, title, status, error, body);
    this.shadowRoot.append(el('link', { rel: 'stylesheet', href: STYLESHEET }), root);
    return { root, status, error, title, body };
  }

  #build(state) {
    const v = this.#views ??= this.#createViews();
    this.#ui.title.textContent = state.tokens.join(' ');
    v.cast.build(state);
    v.asker.build(state);
    v.arrows.build(state);
    v.grids.build(state);
    if (!this.#ui.body.firstChild) this.#layout(v);
    this.#view.built();
  }

  #createViews() {
    const model = this.#model;
    const refusal = (outcome) => (outcome.ok ? null : { code: outcome.code, message: outcome.message });
    const showRefusal = (outcome) => { if (!outcome.ok) this.#showErrors(outcome); };
    const toggle = (field) => (value) => showRefusal(model.setSwitch(field, value));
    return {
      controls: createControls({
        onCausal: toggle('causal'), onScaled: toggle('scaled'), onTemperature: toggle('temperature'),
        onReset: () => this.#showErrors(model.reset()),
      }),
      cast: createCast({ onEdit: (matrix, r, c, x) => refusal(model.edit(matrix, r, c, x)) }),
      asker: createAskerPanel({ onAsker: (i) => showRefusal(model.setAsker(i)) }),
      arrows: createArrowPlot({ onMove: (j, target, phase) => this.#dragValue(j, target, phase) }),
      grids: createGrids({ root: this.shadowRoot }),
      formula: createFormula({ onHighlight: (role) => this.#highlight(role) }),
      share: createSharePanel({ host: this, root: this.shadowRoot, getState: () => this.state,
        linkHost: () => this.#view.example ?? this }), // a figure's link restores its shared example
    };
  }

  #layout(v) {
    const everyone = el('section', { class: 'panel everyone', 'aria-label': 'Everyone asks at once' },
      el('h3', { text: 'Everyone asks at once' }),
      el('p', { class: 'lead', text: 'Rows are askers, columns are the keys they score. Every number is printed; '
        + 'colour only helps.' }),
      v.formula.element, liveRegion('grids-live', v.grids.element));
    this.#ui.body.append(v.controls.element,
      el('div', { class: 'panels' }, v.cast.element, v.asker.element, v.arrows.element, everyone),
      v.share.element);
  }

  #paint(force) {
    const { state, result } = this.#model;
    const v = this.#views;
    v.controls.update(state);
    v.cast.update(state, result, force);
    v.asker.update(state, result, { chapterNote: this.#chapterNote(state) });
    v.arrows.update(state, result);
    v.grids.update(state, result, () => getComputedStyle(this.#ui.root));
  }

  #themeChanged() {
    if (!this.#views) return;
    this.#views.grids.themeChanged();
    if (this.#model.result) this.#paint(false);
  }

  // The chapter's rounding remark belongs only to the chapter's own, untouched numbers:
  // { text, applies } for a preset that has one, else null.
  #chapterNote(state) {
    const name = this.#model.source.presetName;
    const text = name && Object.prototype.hasOwnProperty.call(PRESETS, name) ? PRESETS[name].chapterNote : null;
    if (!text) return null;
    if (this.#presetState?.name !== name) this.#presetState = { name, json: JSON.stringify(presetState(name)) };
    return { text, applies: JSON.stringify(state) === this.#presetState.json };
  }

  // A transition's outcome on the message line: its notes and, when refused, the refusal
  // (or nothing: the line clears). Each message that was not already on the line is also
  // dispatched as an attention-error event (the core's arrival re-checks, and re-shows, them).
  #showErrors(outcome) {
    const shown = [...outcome.notes, ...(outcome.ok ? [] : [{ code: outcome.code, message: outcome.message }])];
    const text = shown.map((e) => e.message).join(' ');
    this.#ui.error.hidden = !text;
    this.#ui.error.textContent = text;
    const before = this.#shownErrors;
    this.#shownErrors = new Set(shown.map((e) => e.message));
    for (const error of shown) if (!before.has(error.message)) this.dispatchEvent(new AttentionErrorEvent(error));
  }

  #highlight(role) {
    if (role) this.#ui.root.dataset.highlight = role;
    else delete this.#ui.root.dataset.highlight;
  }

  // Drags repaint at most once per animation frame; a release or a key press applies at once.
  #dragValue(j, target, phase) {
    this.#drag.pending = { j, target };
    if (phase === 'move') {
      this.#drag.frame ||= requestAnimationFrame(() => this.#applyDrag());
      return;
    }
    cancelAnimationFrame(this.#drag.frame);
    this.#applyDrag();
  }

  #applyDrag() {
    this.#drag.frame = 0;
    const { pending } = this.#drag;
    if (!pending) return;
    this.#drag.pending = null;
    const outcome = this.#model.drag(pending.j, pending.target);
    // An all-zero embedding cannot move (the plot says so); nothing to explain here.
    if (!outcome.ok && outcome.code !== 'zero_embedding' && outcome.code !== 'bad_edit') this.#showErrors(outcome);
  }
}

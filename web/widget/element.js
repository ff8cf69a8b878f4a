// The <attention-widget> element class: the chapter's "See it move". Every number
// it shows comes from the WebAssembly core through loadAttention().attend(); this
// file only keeps the state, schedules work and hands results to the views here in
// widget/. The package entry web/attention-widget.js registers it.
import { loadAttention } from '../../wasm/attention.js';
import { el } from '../shared/dom.js';
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { liveRegion } from './dom.js';
import { AttentionChangeEvent } from './events.js';
import { PRESETS, presetState } from './presets.js';
import { cloneState } from './state.js';
import { applyAttributes, jsonChildFrom, presetFrom } from './sources.js';
import { createCast } from './cast.js';
import { createAskerPanel } from './asker.js';
import { createArrowPlot } from './arrows.js';
import { createGrids } from './grids.js';
import { createFormula } from './formula.js';
import { createControls } from './controls.js';
import { moveValue } from './value-drag.js';
import { linkPayload, linkedState, stateFromConfig } from './share.js';
import { createSharePanel } from './share-panel.js';

const STYLESHEET = new URL('../attention-widget.css', import.meta.url).href;
const FLAGS = ['causal', 'scaled', 'temperature', 'asker'];

export class AttentionWidget extends ElementBase {
  static observedAttributes = ['preset', ...FLAGS];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-widget', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #attn = null;
  #state = presetState('cat-sat'); // last good state (verified by the core once it has loaded)
  #baseline = presetState('cat-sat'); // what "Reset" restores
  #presetName = 'cat-sat'; // which preset the example came from, or null for a config
  #configValue = null;
  #result = null;
  #shape = '';
  #dirty = new Set(['source']);
  #scheduled = false;
  #started = false;
  #drag = { frame: 0, pending: null };
  #views = null;
  #presetState = null; // { name, json } of the preset the chapter note compares against
  #link = null; // this widget's payload in the page's #fragment, as last read
  #connection = null; // AbortController: every listener added on connect goes with it on disconnect
  #ui;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.#ui = this.#buildSkeleton();
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
    // A link to this page with a new state for this widget (a course page's "open this
    // example" link, or a pasted share link) changes only the fragment: no reload.
    addEventListener('hashchange', () => this.#followLink(), { signal });
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.#themeChanged(), { signal });
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

  #themeChanged() {
    if (!this.#views) return;
    this.#views.grids.themeChanged();
    if (this.#result) this.#paint(false);
  }

  // The fragment changed: restore this widget's state from it when it carries a new one.
  // A link for another widget, or the same one again, leaves this one alone; a broken one
  // says so and keeps what is on screen (unlike on page load, nothing is replaced).
  #followLink() {
    const payload = linkPayload(this);
    if (payload === null || payload === this.#link) return;
    this.#link = payload;
    const errors = [];
    if (!linkedState(this, errors)) {
      this.#showError(errors.map(linkError));
      return;
    }
    this.#dirty.add('source');
    this.#schedule();
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    this.#dirty.add(name);
    this.#schedule();
  }

  /** The full current state: { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }. */
  get state() { return cloneState(this.#state); }

  /** Same shape as `state` (asker may also be token text). Setting it replaces the example. */
  get config() { return this.state; }
  set config(value) {
    this.#configValue = value;
    this.#dirty.add('config');
    this.#schedule();
  }

  // ---- scheduling: many attribute changes -> one render, after a microtask ----

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
    const next = this.#candidateFrom(dirty);
    const previous = { baseline: this.#baseline, presetName: this.#presetName };
    this.#baseline = next.baseline;
    this.#presetName = next.presetName;
    // Not loaded yet: keep it, the core verifies it on load. Loaded: the core must accept it first.
    const refused = this.#attn ? this.#propose(next.candidate, next.reason, true) : null;
    if (refused) ({ baseline: this.#baseline, presetName: this.#presetName } = previous);
    else if (!this.#attn) this.#state = next.candidate;
    this.#showError(refused ? [...next.errors, refused] : next.errors);
  }

  // The next state, what Reset should restore with it, and which preset it came from.
  #candidateFrom(dirty) {
    const errors = [];
    const example = this.#readExample(dirty, errors);
    if (example) {
      // A shared link restores its state exactly: the element's own flag attributes do not override it.
      if (!example.exact) errors.push(...applyAttributes(this, example.state, FLAGS, { removedMeansDefault: false }));
      return { candidate: example.state, baseline: cloneState(example.state), presetName: example.presetName,
        errors, reason: dirty.has('config') ? 'config' : 'preset' };
    }
    const names = FLAGS.filter((n) => dirty.has(n));
    const options = { removedMeansDefault: true, defaultAsker: this.#baseline.asker };
    const candidate = cloneState(this.#state);
    const baseline = cloneState(this.#baseline);
    errors.push(...applyAttributes(this, candidate, names, options));
    applyAttributes(this, baseline, names, options);
    return { candidate, baseline, presetName: this.#presetName, errors, reason: 'attribute' };
  }

  // { state, presetName } when the example's source changed (and reads), else null.
  #readExample(dirty, errors) {
    try {
      const linkErrors = [];
      const linked = dirty.has('source') ? linkedState(this, linkErrors) : null; // #aw=… in the page's URL
      errors.push(...linkErrors.map(linkError));
      if (linked) return { state: linked, presetName: null, exact: true };
      if (dirty.has('config') || (dirty.has('source') && this.#configValue))
        return { state: stateFromConfig(this.#configValue), presetName: null };
      const fromJson = dirty.has('source') ? jsonChildFrom(this) : null;
      if (fromJson) return { state: fromJson, presetName: null };
      if (dirty.has('source') || dirty.has('preset')) {
        const name = this.getAttribute('preset') ?? 'cat-sat';
        return { state: presetFrom(name), presetName: name };
      }
    } catch (err) {
      errors.push({ code: err.code ?? 'bad_config', message: err.message });
    }
    return null;
  }

  /**
   * Runs the core on a candidate state. On success it becomes the state, the widget repaints
   * and an attention-change event fires; returns null. On failure returns the core's refusal,
   * { code, message }, and changes nothing (the last good state stays on screen).
   */
  #propose(candidate, reason, force = false) {
    let result;
    try {
      result = this.#attn.attend(candidate);
    } catch (err) {
      return { code: err.code ?? 'refused', message: err.message };
    }
    this.#state = candidate;
    this.#result = result;
    const shape = JSON.stringify([candidate.tokens, result.dK, result.dV, candidate.embeddings[0].length]);
    if (shape !== this.#shape) {
      this.#shape = shape;
      this.#build();
      force = true;
    }
    this.#paint(force);
    this.dispatchEvent(new AttentionChangeEvent(reason));
    return null;
  }

  // ---- loading ----

  #onLoaded(attn) {
    this.#attn = attn;
    this.#ui.status.hidden = true;
    this.#ui.body.hidden = false;
    const refused = this.#propose(this.#state, 'load', true);
    if (refused) { // the example itself was bad: say so, and show the chapter's instead of nothing
      this.#showError([refused]);
      this.#baseline = presetState('cat-sat');
      this.#presetName = 'cat-sat';
      this.#propose(presetState('cat-sat'), 'load', true);
    }
  }

  #onLoadFailed(err) {
    this.#ui.status.textContent = 'This widget could not start, so there are no numbers to show: '
      + `${err?.message ?? err}. It needs WebAssembly; try reloading the page or another browser.`;
    this.#ui.status.setAttribute('role', 'alert');
    this.#ui.status.classList.add('failed');
    this.dispatchEvent(new AttentionErrorEvent({ code: err?.code ?? 'load_failed', message: this.#ui.status.textContent }));
  }

  // ---- building and painting ----

  #buildSkeleton() {
    const status = el('p', { class: 'status', role: 'status', text: 'Loading the attention core…' });
    const error = el('p', { class: 'widget-error', role: 'alert', hidden: true });
    const title = el('p', { class: 'title' });
    const body = el('div', { class: 'body', hidden: true });
    const root = el('div', { class: 'aw', part: 'root' }, title, status, error, body);
    this.shadowRoot.append(el('link', { rel: 'stylesheet', href: STYLESHEET }), root);
    return { root, status, error, title, body };
  }

  #build() {
    const s = this.#state;
    const v = this.#views ??= this.#createViews();
    this.#ui.title.textContent = s.tokens.join(' ');
    v.cast.build(s);
    v.asker.build(s);
    v.arrows.build(s);
    v.grids.build(s);
    if (!this.#ui.body.firstChild) this.#layout(v);
  }

  #createViews() {
    const edit = (matrix, r, c, x) => {
      const next = cloneState(this.#state);
      next[matrix][r][c] = x;
      return this.#propose(next, 'edit');
    };
    const set = (field, reason) => (value) => {
      const next = cloneState(this.#state);
      next[field] = value;
      const refused = this.#propose(next, reason);
      if (refused) this.#showError([refused]);
    };
    return {
      controls: createControls({
        onCausal: set('causal', 'switch'), onScaled: set('scaled', 'switch'),
        onTemperature: set('temperature', 'switch'), onReset: () => this.#reset(),
      }),
      cast: createCast({ onEdit: edit }),
      asker: createAskerPanel({ onAsker: set('asker', 'asker') }),
      arrows: createArrowPlot({ onMove: (j, target, phase) => this.#dragValue(j, target, phase) }),
      grids: createGrids({ root: this.shadowRoot }),
      formula: createFormula({ onHighlight: (role) => this.#highlight(role) }),
      share: createSharePanel({ host: this, root: this.shadowRoot, getState: () => this.state }),
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
    const { state, result } = { state: this.#state, result: this.#result };
    const v = this.#views;
    v.controls.update(state);
    v.cast.update(state, result, force);
    v.asker.update(state, result, { chapterNote: this.#chapterNote() });
    v.arrows.update(state, result);
    v.grids.update(state, result, () => getComputedStyle(this.#ui.root));
  }

  // The chapter's rounding remark belongs only to the chapter's own, untouched numbers:
  // { text, applies } for a preset that has one, else null.
  #chapterNote() {
    const text = this.#presetName && PRESETS[this.#presetName]?.chapterNote;
    if (!text) return null;
    if (this.#presetState?.name !== this.#presetName)
      this.#presetState = { name: this.#presetName, json: JSON.stringify(presetState(this.#presetName)) };
    return { text, applies: JSON.stringify(this.#state) === this.#presetState.json };
  }

  // Shows the errors ({ code, message } each) in the widget's message line, or clears it,
  // and dispatches each as an attention-error event.
  #showError(errors) {
    const shown = errors.filter(Boolean);
    const text = shown.map((e) => e.message).join(' ');
    this.#ui.error.hidden = !text;
    this.#ui.error.textContent = text;
    for (const error of shown) this.dispatchEvent(new AttentionErrorEvent(error));
  }

  #highlight(role) {
    if (role) this.#ui.root.dataset.highlight = role;
    else delete this.#ui.root.dataset.highlight;
  }

  #reset() {
    const refused = this.#propose(cloneState(this.#baseline), 'reset', true);
    this.#showError(refused ? [refused] : []);
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
    if (!pending || !this.#result) return;
    this.#drag.pending = null;
    const { j, target } = pending;
    const wv = moveValue(this.#state.wv, this.#state.embeddings[j], this.#result.values[j], target);
    if (!wv) return;
    const next = cloneState(this.#state);
    next.wv = wv;
    const refused = this.#propose(next, 'drag', 'wv');
    if (refused) this.#showError([refused]);
  }
}

// share.js reports a link it cannot read as text.
function linkError(message) {
  return { code: 'bad_link', message };
}

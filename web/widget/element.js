// The <attention-widget> element class: the chapter's "See it move". Wiring only: it reads
// its sources from the DOM and hands them to its example model (web/model/example.js, which
// owns every rule about the state), subscribes to the model, and paints the views here in
// widget/ with the core's numbers. The package entry web/attention-widget.js registers it.
import { loadAttention } from '../../wasm/attention.js';
import { el } from '../shared/dom.js';
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { sentence, thrown } from '../shared/text.js';
import { continueRender, queueRender, whenNear } from '../shared/near.js';
import { onSchemeChange } from '../shared/scheme.js';
import { revealInFrames, showInFrames } from './reveal.js';
import { queueWarmUp } from './warm-up.js';
import { createExampleModel } from '../model/example.js';
import { FLAGS } from '../model/sources.js';
import { liveRegion, setTokenText } from './dom.js';
import { AttentionChangeEvent } from './events.js';
import { PRESETS, presetState } from './presets.js';
import { isolate } from './format.js';
import { cloneState } from './state.js';
import { SourceQueue, applySources } from './sources.js';
import { linkPayload } from './share.js';
import { createCast } from './cast.js';
import { createAskerPanel } from './asker.js';
import { createArrowPlot } from './arrows.js';
import { createGrids } from './grids.js';
import { createFormula } from './formula.js';
import { createControls } from './controls.js';
import { createSharePanel } from './share-panel.js';
import { styleSheet } from '../attention-widget.css.js';
import { createModelSwitch } from '../example/model-switch.js';
import { VIEW_ATTRIBUTES, createView } from '../example/view.js';
import { createFeedback } from '../guided/feedback.js';
import { createTrainMount } from './train-mount.js';
import { createGuidedMount, loadGuided } from './guided-mount.js';

// Changes the learner makes in place leave text they are still typing alone; any other change
// rewrites every input ('wv' after a drag: only W_V's).
const FORCE = { edit: false, switch: false, asker: false, drag: 'wv' };

const HEAT_RAMPS = ['--_heat-weights', '--_heat-scores']; // what grids.js reads from the style

// The panels in the groups a first reveal shows (reveal.js): the cast; the asker's panel; the blend
// plot; everyone at once. Painted in this order, each in a task of its own on the first reveal.
const PANEL_GROUPS = ['cast', 'asker', 'arrows', 'everyone'];

// What the panels' markup depends on: the tokens and every dimension (d_k = rows of W_Q, d_v of W_V).
const shapeOf = (state) => JSON.stringify([state.tokens, state.wq.length, state.wv.length, state.embeddings[0].length]);

// The named custom properties of an element's computed style, kept: { getPropertyValue(name) }.
function snapshotStyle(element, names) {
  const style = getComputedStyle(element);
  const values = new Map(names.map((name) => [name, style.getPropertyValue(name)]));
  return { getPropertyValue: (name) => values.get(name) ?? '' };
}

/**
 * The chapter's "See it move": one worked example of self-attention, every number from the core.
 * (These tags are the element's documented API: custom-elements.json and the JSX types are built
 * from them, and a test checks them against observedAttributes.)
 * @tagname attention-widget
 * @attr {'cat-sat'|'river-bank'|'cash-bank'|'it-vase'} preset - The example (default cat-sat).
 * @attr {boolean} causal - Mask the keys after each asker (absent: off).
 * @attr {boolean} scaled - Divide the scores by √d_k (absent: off).
 * @attr {number} temperature - Softmax temperature, 0 < T ≤ 100 (absent: 1).
 * @attr {string|number} asker - The token whose row is worked out: its text or 0-based index.
 * @prop {WidgetState} state - A copy of the full current state (read-only).
 * @prop {WidgetConfig} config - Replaces the example: a state, or a share-link payload "1.…".
 * @prop {ExampleModel} model - The example model behind the widget (read-only; docs/architecture.md).
 * @fires {AttentionChangeEvent} attention-change - After every successful recompute (bubbles, composed).
 * @fires {AttentionErrorEvent} attention-error - Each message the widget shows, with a stable code.
 * @csspart root - The widget's outer box.
 * @cssprop [--aw-bg=#ffffff] - Background.
 * @cssprop [--aw-fg=#1b1b1f] - Text.
 * @cssprop [--aw-muted=#555a66] - Secondary text.
 * @cssprop [--aw-panel=#f6f6f9] - Panel surfaces.
 * @cssprop [--aw-border=#d3d5dd] - Borders.
 * @cssprop [--aw-focus=#1a5fd0] - Focus ring and switches.
 * @cssprop [--aw-error=#b3261e] - Messages.
 * @cssprop [--aw-weights-color=#6b3fb5] - W_Q, W_K, W_V.
 * @cssprop [--aw-query-color=#005fa6] - Queries (q).
 * @cssprop [--aw-key-color=#b4460a] - Keys (k).
 * @cssprop [--aw-value-color=#00745a] - Values (v).
 * @cssprop [--aw-output-color=#8a6100] - Outputs (o).
 * @cssprop --aw-heat-weights - Sequential ramp for weights 0 → 1: space-separated #rrggbb stops.
 * @cssprop --aw-heat-scores - Diverging ramp for scores, negative → 0 → positive.
 * @cssprop --aw-font - Font family.
 * @cssprop --aw-font-size - Font size.
 * @attr {string} example - id of an <attention-example>: show and edit that shared example instead of an own one (docs/figures.md).
 * @attr {string} show - The panels to show, space separated: title causal scaled temperature reset cast asker blend formula grids share (absent: all).
 * @attr {boolean} readonly - Display only: every number shown, nothing editable, no focus stops on cells (absent: off).
 * @attr {string} highlight - What the paragraph beside it talks about: GRID [ROW [COLUMN]], comma separated, e.g. "shares sat cat, cast sat q".
 * @attr {boolean} guided - The guided tour: the chapter's recipe one step at a time (docs/guided.md) (absent: off).
 * @attr {boolean} predict - With guided: a guess before the shares, the blend, the mask and the thermostat (absent: off).
 * @fires {AttentionGuessEvent} attention-guess - A guess committed or skipped in predict mode: step, kind, guess, truth (bubbles, composed).
 * @cssprop [--aw-highlight=#d4a000] - The outline of highlighted cells.
 * @attr {boolean} train - Shows the train panel: goals, Train / Step / Reset training, gradient descent on W_Q, W_K, W_V (absent: off; docs/training.md).
 */
export class AttentionWidget extends ElementBase {
  static observedAttributes = ['preset', ...FLAGS, ...VIEW_ATTRIBUTES, 'guided', 'predict', 'train'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-widget', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  // Its own example, or the shared one of the <attention-example> named by example="…" (docs/figures.md).
  #model = createModelSwitch(createExampleModel());
  #view; // example, show, readonly, highlight: web/example/view.js
  #config = { value: undefined, set: false }; // the config property, as last set
  // DOM sources -> the model: many attribute changes -> one transition, after a microtask.
  #sources = new SourceQueue(({ first, dirty }) =>
    this.#showErrors(applySources(this, this.#model, { first, dirty, config: this.#config })));
  #near = false;       // come near the viewport once, the core in (#onNear): changes are painted, not only announced
  #painted = -1;      // the model version on screen
  #shape = '';         // the example's shape the panels were built for (shapeOf)
  #views = null;
  #later = new Set();  // the panel groups (PANEL_GROUPS) not on screen yet, painted when they come (#paintLater)
  #tourHides = false;  // #later holds the groups a guided tour hid at load
  #revealing = null;   // the first reveal under way (reveal.js), finished at once before a rebuild
  #presetState = null; // { name, json } of the preset the chapter note compares against
  #theme = null;       // the heat ramps' custom properties, read before the first build (see #onNear)
  #link = null;        // this widget's payload in the page's #fragment, as last read
  #drag = { frame: 0, pending: null };
  #shownErrors = new Set(); // the messages on the message line
  #connection = null;  // AbortController: every listener added on connect goes with it on disconnect
  #train;             // the train panel's mount (train-mount.js)
  #guided;            // the guided tour's mount (guided-mount.js)
  #attend = null;      // the core's attend(), for the guided steps that compare a switch off and on
  #ui;

  constructor() {
    super();
    this.attachShadow({ mode: 'open' });
    this.#ui = this.#buildSkeleton();
    this.#view = createView({ host: this, shadow: this.shadowRoot, root: this.#ui.root, model: this.#model });
    this.#guided = createGuidedMount({ host: this, body: this.#ui.body, model: this.#model, panels: () => this.#views,
      attend: (state) => this.#attend(state), showErrors: (outcome) => this.#showErrors(outcome), reveal: () => this.#reveal() });
    this.#train = createTrainMount({ host: this, model: this.#model, panels: () => this.#views,
      showNotes: (notes) => this.#showErrors({ ok: true, notes }) });
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
    onSchemeChange(() => this.#themeChanged(), signal);
    const unsubscribe = this.#model.subscribe((event) => this.#show(event));
    signal.addEventListener('abort', () => {
      unsubscribe();
      this.#views?.guided?.pause(); // Play's timer goes with the connection
      cancelAnimationFrame(this.#drag.frame);
      this.#drag.frame = 0;
    });
    this.#train.connect(signal);
    // Changed while away (another view of the same model): catch up.
    if (this.#model.result && this.#painted !== this.#model.version) this.#show({ reason: 'load' }, false);
    if (this.#sources.started) return;
    this.#link = linkPayload(this);
    this.#sources.start();
    // The loads start in a task of their own: a page's first task is the module's evaluation with
    // every widget's upgrade in it, and on a phone it was long.
    setTimeout(() => this.#startLoading(), 0);
  }

  // The core loads and computes as soon as it is in (the page's first call into it in a task of
  // its own, warm-up.js): state, events and messages do not wait for a scroll. The first render
  // waits until this widget is near the viewport, in short tasks: the panels are built (hidden), a
  // part each, while the core may still be on its way; then they are painted.
  #startLoading() {
    if (this.hasAttribute('guided')) loadGuided(); // in parallel with the core
    let renderQueued = false; // near already: #onNear computes as it paints
    const core = loadAttention({ path: 'teaching' });
    core.then((attn) => {
      queueWarmUp(attn, this.#model, this);
      if (!renderQueued) queueRender(() => this.#compute(attn), this);
    }, (err) => this.#onLoadFailed(err));
    const nearby = Promise.all([whenNear(this), this.#view.ready()]);
    nearby.then(() => {
      renderQueued = true;
      this.#prebuild();
    });
    Promise.all([core, nearby]).then(([attn]) => queueRender(() => this.#onNear(attn), this), () => {});
  }

  disconnectedCallback() {
    this.#connection?.abort();
    this.#connection = null;
  }

  attributeChangedCallback(name, oldValue, newValue) {
    if (oldValue === newValue) return;
    if (this.#view.owns(name)) return this.#view.attributeChanged(name);
    if (name === 'guided' || name === 'predict') return this.#guided.apply();
    if (name === 'train') return this.#train.sync();
    this.#sources.mark(name);
  }

  /** The full current state (a copy): { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }. */
  get state() { return cloneState(this.#model.state); }

  /** Same shape as `state` (asker may also be token text). Setting it replaces the example. */
  get config() { return this.state; }
  set config(value) {
    this.#config = { value, set: true };
    this.#sources.mark('config');
  }

  /** This widget's example model (docs/architecture.md): other views subscribe to it, guided or training code proposes to it. */
  get model() { return this.#model; }

  // ---- links ----

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

  // The panels for the example read so far, before the core has checked it (it rarely refuses
  // one; then #show builds again for the example it takes instead), a part per task. Queued
  // before the first paint (#onNear), so they run first; if the example changes shape midway,
  // the rest is dropped and the first #show builds it all.
  #prebuild() {
    const state = this.#model.state;
    const shape = shapeOf(state);
    const steps = this.#buildSteps(state);
    const last = steps.length - 1;
    let live = true;
    steps.forEach((step, k) => queueRender(() => {
      live &&= this.#sources.loaded && this.#shape === '' && (k > 0 || !this.#views) && shapeOf(this.#model.state) === shape;
      if (!live) return;
      step();
      if (k === last) this.#shape = shape;
    }, this));
  }

  // The model checks its example again with the core (once): a source the core refuses gives way to the next.
  #compute(attn) {
    if (this.#attend) return;
    this.#attend = (state) => attn.attend(state);
    this.#showErrors(this.#model.setCompute(this.#attend));
  }

  #onNear(attn) {
    // The theme is read from the host (the ramps are set on :host): read inside the shadow tree,
    // an off-screen widget's skipped style and layout (content-visibility) would be forced here.
    this.#theme = snapshotStyle(this, HEAT_RAMPS);
    // A guided widget keeps its loading line (a screen's height) until its tour is in, so the
    // page below does not move when the tour arrives a task later (guided-mount.js). The panels
    // the tour hides wait too: painted when it leaves.
    if (this.#guided.on) {
      this.#later = new Set(['asker', 'arrows', 'everyone']);
      this.#tourHides = true;
    } else this.#reveal();
    this.#near = true;
    this.#compute(attn); // if not done off screen: painted as it is announced
    // What the model in use has and the screen does not: computed off screen, or a shared example's.
    if (this.#model.result && this.#painted !== this.#model.version) this.#show({ reason: 'load' }, false);
    this.#guided.apply();
    if (!this.#model.result) this.#reveal(); // nothing to tour: the message line says why
    this.#train.start();
    // The heat shades (a stylesheet made once per page and theme, heat.js) in a task of their own,
    // ahead of the grids' first paint: with it, that paint was one task of some 15 ms.
    continueRender(() => this.#views?.grids.prepare(() => this.#theme ?? getComputedStyle(this)), this);
  }

  #reveal() {
    this.#ui.status.hidden = true;
    if (this.#tourHides && !this.#ui.body.classList.contains('is-guided')) { // the tour leaves
      this.#tourHides = false;
      this.#paintLater();
    }
    if (!this.#ui.body.hidden) return;
    this.#ui.body.hidden = false;
    // A full widget's first style and layout (its text shaped for the first time, about a thousand
    // boxes) is the heaviest work of a page's load: a few boxes per frame, it is many small tasks.
    // Their numbers are painted in those frames too: the first task paints only what it shows.
    // A figure shows few panels at once; a guided widget its tour, which comes the same way.
    const { root, body } = this.#ui;
    if (root.hasAttribute('data-figure')) return;
    if (body.classList.contains('is-guided')) {
      this.#revealing = showInFrames(body, { tour: [this.#views.guided?.element] }, undefined, this);
      return;
    }
    this.#revealing = revealInFrames(body, (group) => this.#paintLater([group]), this);
    this.#later = new Set(this.#revealing.groups);
  }

  // The first reveal, if still under way, shows the rest at once; its groups are painted by the next #paint.
  #finishReveal() {
    for (const group of this.#revealing?.finish() ?? []) this.#later.delete(group);
    this.#revealing = null;
  }

  #onLoadFailed(err) {
    // The loader's message names the cause and what to do (docs/hardening.md).
    this.#ui.status.textContent = sentence(`This widget could not start, so there are no numbers to show: ${thrown(err, 300)}`);
    this.#ui.status.setAttribute('role', 'alert');
    this.#ui.status.classList.add('failed');
    this.dispatchEvent(new AttentionErrorEvent({ code: err?.code ?? 'load_failed', message: this.#ui.status.textContent }));
  }

  // ---- the model -> the screen ----

  // One committed change of the model (from this element or any other user of the model): painted
  // once the widget has come near the viewport, announced from the first.
  #show({ reason }, announce = true) {
    if (this.#near) this.#paintModel(reason);
    if (announce) this.dispatchEvent(new AttentionChangeEvent(reason));
  }

  #paintModel(reason) {
    const { state, result } = this.#model;
    const first = this.#painted < 0;
    this.#painted = this.#model.version;
    let force = FORCE[reason] ?? true;
    const shape = shapeOf(state);
    if (shape !== this.#shape) {
      this.#shape = shape;
      this.#finishReveal(); // a rebuild replaces boxes a reveal still holds back
      this.#build(state);
      force = true;
    } else if (first) this.#view.built(); // built ahead (#prebuild): the figure applies now
    this.#paint(force);
    this.#views.feedback?.painted(state, result, reason);
  }

  #buildSkeleton() {
    const status = el('p', { class: 'status', role: 'status', text: 'Loading the attention core…' });
    const error = el('p', { class: 'widget-error', role: 'alert', hidden: true });
    const title = el('p', { class: 'title' });
    const body = el('div', { class: 'body', hidden: true });
    const root = el('div', { class: 'aw', part: 'root' }, title, status, error, body);
    this.shadowRoot.adoptedStyleSheets = [styleSheet()]; // built from attention-widget.css, once per page
    this.shadowRoot.append(root);
    return { root, status, error, title, body };
  }

  #build(state) {
    for (const step of this.#buildSteps(state)) step();
  }

  // Building the panels for a state, in four parts of a few ms each on a phone-sized 2-core VM (the
  // first widget's views cost the most: their code runs for the first time): run together by
  // #build, or one task each by #prebuild.
  #buildSteps(state) {
    return [
      () => this.#views ??= this.#createViews(),
      () => {
        setTokenText(this.#ui.title, state.tokens.map(isolate).join(' ')); // right-to-left tokens keep their order
        this.#views.cast.build(state, { axes: PRESETS[this.#model.source.presetName]?.axes });
      },
      () => {
        this.#views.asker.build(state);
        this.#views.arrows.build(state);
      },
      () => {
        this.#views.grids.build(state);
        if (!this.#ui.body.firstChild) this.#layout(this.#views);
        this.#view.built();
      },
    ];
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

  // Panels in the chapter's order (one asker, the blend, the cast, everyone at once), each
  // switch beside what it changes: the thermostat and temperature above the asker's shares,
  // the causal mask above the grids. Feedback (../guided/feedback.js) adds its notes to both.
  #layout(v) {
    const { causal, scaled, temperature } = v.controls.parts;
    const causalNote = el('p', { class: 'note causal-why', hidden: true });
    const dragNote = el('p', { class: 'note drag-note', 'aria-live': 'polite', hidden: true });
    v.arrows.element.append(dragNote);
    const everyone = el('section', { class: 'panel everyone', 'aria-label': 'Everyone asks at once' },
      el('h3', { text: 'Everyone asks at once' }),
      el('div', { class: 'panel-switches' }, causal, causalNote),
      el('p', { class: 'lead', text: 'Rows are askers, columns are the keys they score. Every number is printed; '
        + 'colour only helps.' }),
      v.formula.element, liveRegion('grids-live', v.grids.element));
    const asker = el('div', { class: 'panel-column' }, el('div', { class: 'panel-switches' }, scaled, temperature),
      v.asker.element);
    this.#ui.body.append(v.controls.element,
      el('div', { class: 'panels' }, asker, v.arrows.element, v.cast.element, everyone),
      v.share.element);
    v.feedback = createFeedback({ watch: this.#ui.body, grids: v.grids.element, arrows: v.arrows, causalNote, dragNote,
      onAsker: (i) => this.#showErrors(this.#model.setAsker(i)) });
  }

  #paint(force) {
    const { state, result } = this.#model;
    const v = this.#views;
    v.controls.update(state);
    for (const group of PANEL_GROUPS) this.#paintGroup(group, force);
    if (v.guided?.element.isConnected) v.guided.update(state, result);
  }

  // One group of panels, unless it is not on screen yet (#later).
  #paintGroup(group, force) {
    if (this.#later.has(group)) return;
    const { state, result } = this.#model;
    const v = this.#views;
    if (group === 'cast') v.cast.update(state, result, force);
    else if (group === 'asker') v.asker.update(state, result, { chapterNote: this.#chapterNote(state) });
    else if (group === 'arrows') v.arrows.update(state, result);
    else v.grids.update(state, result, () => this.#theme ?? getComputedStyle(this));
  }

  // The groups held back (#later) are painted as they come on screen: all at once as a tour leaves.
  #paintLater(groups = [...this.#later]) {
    for (const group of groups) {
      this.#later.delete(group);
      if (this.#model.result) this.#paintGroup(group, true);
    }
  }

  #themeChanged() {
    this.#theme = null;
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

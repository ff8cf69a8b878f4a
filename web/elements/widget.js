// The <attention-widget> element class: the chapter's "See it move". Lifecycle and wiring only:
// its DOM sources go to its example model (web/model/example.js, which owns every rule about the
// state), the model's changes to its panels (web/views/widget/panels.js) and out as events. What
// every element does alike is a controller (web/shared/controllers/): its sources, the link it
// follows, its start when near, its message line. The package entry web/attention-widget.js registers it.
import { el } from '../shared/dom.js';
import { ElementBase, defineElement } from '../shared/element.js';
import { styleSheet as tokenSheet } from '../shared/tokens.css.js';
import { AttentionChangeEvent } from '../shared/events.js';
import { followTheme } from '../shared/controllers/theme.js';
import { createVoice } from '../shared/controllers/voice.js';
import { t } from '../shared/i18n/messages.js';
import { readDomSources } from '../shared/controllers/dom-sources.js';
import { followLink } from '../shared/controllers/link-follower.js';
import { problemsOf } from '../shared/controllers/message-line.js';
import { startWhenNear } from '../shared/controllers/start-near.js';
import { createExampleModel } from '../model/example.js';
import { FLAGS, applySources } from '../model/sources.js';
import { cloneState } from '../model/state.js';
import { createModelSwitch } from '../model/switch.js';
import { READONLY, readonlyGate } from '../model/readonly.js';
import { VIEW_ATTRIBUTES, createView } from '../views/figures/view.js';
import { createPanels } from '../views/widget/panels.js';
import { createTrainMount } from '../views/widget/train-mount.js';
import { createGuidedMount } from '../views/widget/guided-mount.js';
import { createWidgetStart } from '../views/widget/start.js';
import { styleSheet as hostSheet } from '../views/widget/host.css.js';
import { styleSheet } from '../views/widget/widget.css.js';
import { styleSheet as rolesSheet } from '../views/widget/roles.css.js';
import { styleSheet as rolesDarkSheet } from '../views/widget/roles-dark.css.js';

// The box every widget starts from (its title, status and message lines, and its body), made once per
// page without words: an upgrade makes it, before the widget speaks (setUp).
let skeletonBox = null;
const skeleton = () => (skeletonBox ??= el('div', { class: 'aw unset', part: 'root' },
  el('p', { class: 'title' }),
  el('p', { class: 'status', role: 'status', 'data-t': 'status.loading' }), // its words: setUp()
  el('p', { class: 'widget-error', role: 'alert', hidden: true }),
  el('div', { class: 'body', hidden: true })));

/**
 * The chapter's "See it move": one worked example of self-attention, every number from the core.
 * (These tags are the element's documented API: custom-elements.json and the JSX types are built
 * from them, and a test checks them against observedAttributes.)
 * @tagname attention-widget
 * @attr {string} preset - The example (default cat-sat).
 * @attr {boolean} causal - Mask the keys after each asker (absent: off).
 * @attr {boolean} scaled - Divide the scores by √d_k (absent: off).
 * @attr {number} temperature - Softmax temperature, 0 < T ≤ 100 (absent: 1).
 * @attr {string|number} asker - The token whose row is worked out: its text or 0-based index.
 * @prop {WidgetState} state - A copy of the full current state (read-only).
 * @prop {WidgetConfig} config - Replaces the example: a state, or a share-link payload "1.…".
 * @prop {ExampleModel} model - The example model behind the widget (read-only; docs/architecture.md).
 * @fires {AttentionChangeEvent} attention-change - After every successful recompute (bubbles, composed).
 * @fires {AttentionErrorEvent} attention-error - Each message the widget shows, with a stable code.
 * @attr {'light'|'dark'|'auto'} theme - Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting.
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
 * @attr {boolean} predict - With guided: six misconception probes and a guess before the shares, the blend, the mask and the thermostat (absent: off).
 * @attr {string} steps - With guided: only these steps, "1-4" or "7" (absent: all twelve; a bad value: a message and all).
 * @fires {AttentionGuessEvent} attention-guess - A guess committed or skipped in predict mode: step, kind, guess, truth (bubbles, composed).
 * @fires {AttentionTourStepEvent} attention-tour-step - The guided tour shows another step: step, index, of, title, last (bubbles, composed).
 * @fires {AttentionGoalEvent} attention-goal - The train panel's goal became met, or stopped being met: goal, name, met (bubbles, composed).
 * @cssprop [--aw-highlight=#d4a000] - The outline of highlighted cells.
 * @attr {boolean} train - Shows the train panel: goals, Train / Step / Reset training, gradient descent on W_Q, W_K, W_V (absent: off; docs/training.md).
 */
export class AttentionWidget extends ElementBase {
  static observedAttributes = ['preset', ...FLAGS, ...VIEW_ATTRIBUTES, 'guided', 'predict', 'steps', 'train', 'theme'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-widget', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #model;             // its own example, or the shared one of the <attention-example> named by example="…" (docs/figures.md)
  #sources;           // DOM sources -> the model: many attribute changes -> one transition, after a microtask
  #link;              // a link to this page with a new state for this widget: restored, or refused with what is on screen kept
  #start;             // the core's load and the first render (views/widget/start.js)
  #ui;
  #voice;             // its language and message line (web/shared/controllers/voice.js)
  #line;              // the message line (#voice.line)
  #view;              // example, show, readonly, highlight: web/views/figures/view.js
  #panels;
  #theme;             // light or dark (web/shared/controllers/theme.js)
  #guided;            // the guided tour's mount (guided-mount.js)
  #train;             // the train panel's mount (train-mount.js)

  // An upgrade makes only the box that holds the widget's room (ElementBase: the rest is setUp()),
  // styled by the tokens and host.css alone, and invisible (.unset): its colours are the theme's,
  // followed from setUp().
  constructor() {
    super();
    this.attachShadow({ mode: 'open' }).adoptedStyleSheets = [tokenSheet(), hostSheet()];
    this.#ui = this.#buildSkeleton();
  }

  setUp() {
    // The shared theme tokens, the widget's math roles, its box, then widget.css: each built once per page.
    this.shadowRoot.adoptedStyleSheets = [tokenSheet(), rolesSheet(), hostSheet(), styleSheet()];
    this.#ui.status.textContent = t('status.loading'); // the words as they are now (registerMessages)
    this.#model = createModelSwitch(createExampleModel());
    this.#sources = readDomSources(this, { attributes: FLAGS,
      apply: (change) => this.#showErrors(applySources(this.#model, change)) });
    this.#link = followLink(this, { onLink: (payload) => this.#showErrors(this.#model.followLink(payload)) });
    // The first render waits until the widget is near the viewport (views/widget/start.js), or is made
    // at once for a print; a disconnect stops Play and drags.
    startWhenNear(this, { start: (first, printing) => first && this.#start.whenNear(printing),
      stop: () => this.#panels.stop() });
    // A new language writes the panels' words and the figure's messages again, then the line.
    this.#voice = createVoice(this, { box: this.#ui.root, line: this.#ui.error,
      relabel: () => { this.#panels.relabel(); this.#view.relabel(); } });
    this.#line = this.#voice.line;
    this.#theme = followTheme(this, { root: this.shadowRoot, dark: [rolesDarkSheet()],
      onChange: () => this.#panels.themeChanged(), report: (problems) => this.#line.report('theme', problems) });
    this.#view = createView({ host: this, shadow: this.shadowRoot, root: this.#ui.root, model: this.#model });
    // What the learner's controls change goes through the readonly gate: a readonly figure changes nothing.
    const model = readonlyGate(this.#model, () => this.#view.readonly);
    this.#panels = createPanels({ host: this, ui: this.#ui, model, view: this.#view,
      guided: () => this.#guided, showErrors: (outcome) => this.#showErrors(outcome),
      bundle: this.#voice.bundle, ownStep: () => this.#train.committing });
    const panels = () => this.#panels.views;
    this.#guided = createGuidedMount({ host: this, body: this.#ui.body, model, panels,
      attend: (state) => this.#start.attend(state), showErrors: (outcome) => this.#showErrors(outcome),
      reveal: () => this.#panels.reveal() });
    this.#train = createTrainMount({ host: this, model, panels, freshen: () => this.#panels.freshen(),
      showNotes: (notes) => this.#showErrors({ ok: true, notes }) });
    this.#start = createWidgetStart({ host: this, status: this.#ui.status, model: this.#model, view: this.#view,
      panels: this.#panels, guided: this.#guided, train: this.#train, sourcesLoaded: () => this.#sources.loaded,
      speak: this.#voice.speak, showErrors: (outcome) => this.#showErrors(outcome) });
    this.#ui.root.classList.remove('unset');
  }

  connected(first) { // after the controllers: sources, link, the start when near
    const signal = this.connectionSignal;
    this.#view.connect(signal);
    const unsubscribe = this.#model.subscribe((event) => this.#show(event));
    signal.addEventListener('abort', unsubscribe);
    this.#train.connect(signal);
    this.#panels.catchUp(); // changed while away (another view of the same model)
    if (!first) return;
    this.#link.read();
    // The core's load starts in a task of its own, after the set-up's: the two together were long on a phone.
    setTimeout(() => this.#start.load(), 0);
  }

  attributeChanged(name) {
    // A figure builds only the panels it shows (and a tour or a train panel all of them).
    if (name === 'show' || name === 'guided' || name === 'train') this.#panels.panelsChanged();
    if (this.#view.owns(name)) return this.#view.attributeChanged(name);
    if (name === 'guided' || name === 'predict' || name === 'steps') return this.#guided.apply();
    if (name === 'train') return this.#train.sync();
    if (name === 'theme') return this.#theme.attributeChanged();
    this.#sources.mark(name);
  }

  /** The full current state (a copy): { tokens, embeddings, wq, wk, wv, causal, scaled, temperature, asker }. */
  get state() { return cloneState(this.model.state); }

  /** Same shape as `state` (asker may also be token text). Setting it replaces the example. */
  get config() { return this.state; }
  set config(value) {
    this.build();
    this.#sources.setConfig(value);
  }

  /** This widget's example model (docs/architecture.md): other views subscribe to it, guided or training code proposes to it. */
  get model() {
    this.build();
    return this.#model;
  }

  // One committed change of the model (from this element or any other user of the model): painted
  // once the widget has come near the viewport, announced from the first.
  #show({ reason }) {
    if (this.#panels.near) this.#panels.paint(reason);
    this.dispatchEvent(new AttentionChangeEvent(reason));
  }

  #buildSkeleton() {
    // A copy of the page's one skeleton: the chapter page upgrades nine widgets in its first task.
    const root = skeleton().cloneNode(true);
    const [title, status, error, body] = root.children;
    this.shadowRoot.append(root);
    return { root, status, error, title, body };
  }

  // A transition's outcome on the message line: its notes and, when refused, the refusal (or
  // nothing: the line clears). Each message newly on the line is also an attention-error event
  // (the core's arrival re-checks, and re-shows, them).
  // A readonly figure's refusal says nothing: its controls are disabled, and what is left (a grid
  // row's click, Enter on a cell) quietly changes nothing.
  #showErrors(outcome) {
    if (outcome.code === READONLY) return;
    this.#line.report('model', problemsOf(outcome));
  }
}


// The <attention-scale> element class: the chapter's "Why the LLM cares" and
// thermostat sections, live. The n x n weights grid as a heat map with its cost (entries, time,
// memory, GFLOP/s, time against n), and the sqrt(d_k) thermostat plot. All
// attention math runs in the WebAssembly core inside a Web Worker, so dragging
// a slider never freezes the page. The package entry web/attention-scale.js registers it.
//
// Attributes are the API (see README "The scale lab"); the controls write them,
// so the attributes always mirror what the learner sees. Lifecycle and wiring only:
// what it shows is web/views/scale/lab.js.

import { ElementBase, defineElement } from '../shared/element.js';
import { styleSheet as tokenSheet } from '../shared/tokens.css.js';
import { sentence } from '../shared/text.js';
import { queueRender } from '../shared/near.js';
import { followTheme } from '../shared/controllers/theme.js';
import { createVoice } from '../shared/controllers/voice.js';
import { problem } from '../shared/i18n/say.js';
import { startWhenNear } from '../shared/controllers/start-near.js';
import { DEFAULTS, RANGES, parseInput } from '../views/scale/attributes.js';
import { ComputeClient } from '../views/scale/client.js';
import { AttentionScaleResultEvent } from '../views/scale/events.js';
import { ScaleLab } from '../views/scale/lab.js';
import { SCALE_PARTS, parseScaleShow } from '../views/scale/show.js';
import { styleSheet } from '../views/scale/scale.css.js';
import { t } from '../views/scale/words.js';

const MAX_PIXELS = 512; // the canvas's bitmap side: larger grids are averaged down to it
const GRID_SETTINGS = ['n', 'dk', 'scaled', 'causal', 'input', 'seed']; // what a grid is computed from

/**
 * The chapter's "Why the LLM cares" and thermostat, live: the n × n weights grid and its cost,
 * computed by the core in a worker. (These tags are the element's documented API: see
 * custom-elements.json and the JSX types, checked against observedAttributes by a test.)
 * @tagname attention-scale
 * @attr {number} n - Context length, 3 … 4096 (absent: 256): the grid is n × n.
 * @attr {number} dk - Numbers per query and key, 2 … 512 (absent: 64).
 * @attr {boolean} scaled - Divide the scores by √d_k (absent: on).
 * @attr {boolean} causal - Blank the upper triangle (absent: off).
 * @attr {'random'|'local'|'previous'} input - The q, k, v pattern (absent: random).
 * @attr {number} seed - 0 … 4294967295 (absent: 1): the same seed gives the same inputs.
 * @attr {boolean} no-worker - Compute on the page's thread.
 * @prop {'worker'|'main'|'closed'} computeMode - Where the core runs for this element (read-only).
 * @fires {AttentionScaleResultEvent} attention-scale-result - Each time a new grid is on screen.
 * @fires {AttentionErrorEvent} attention-error - Each message the lab shows, with a stable code.
 * @csspart heading - The two section headings.
 * @cssprop [--aw-scale-heat-0=#440154] - First stop of the heat map's ramp (… --aw-scale-heat-4 the last; viridis).
 * @cssprop [--aw-scale-heat-1=#3b528b] - Second stop of the heat map's ramp.
 * @cssprop [--aw-scale-heat-2=#21918c] - Middle stop of the heat map's ramp.
 * @cssprop [--aw-scale-heat-3=#5ec962] - Fourth stop of the heat map's ramp.
 * @cssprop [--aw-scale-heat-4=#fde725] - Last stop of the heat map's ramp.
 * @cssprop [--aw-scale-masked=#d4d4d8] - The blanked upper triangle.
 * @cssprop [--aw-scale-fg=#1c1c21] - Text.
 * @cssprop [--aw-scale-muted=#55555f] - Secondary text.
 * @cssprop [--aw-scale-surface=#f6f6f8] - Background.
 * @cssprop [--aw-scale-border=#c9c9d1] - Borders.
 * @cssprop [--aw-scale-accent=#6d28d9] - Controls and focus (the chapter's violet).
 * @cssprop [--aw-scale-alert-fg=#8a1c1c] - Messages.
 * @cssprop [--aw-scale-alert-bg=#fdecec] - Messages' background.
 * @cssprop [--aw-scale-note-bg=#fff7e0] - The main-thread note's background.
 * @cssprop [--aw-scale-unscaled=#c2410c] - The thermostat's curve without ÷√d_k.
 * @cssprop [--aw-scale-scaled=#1d4ed8] - The thermostat's curve with ÷√d_k.
 * @cssprop [--aw-scale-dot=#6d28d9] - The time plot's dots.
 * @cssprop [--aw-scale-grid=#e2e2e8] - The plots' grid lines.
 * @attr {'thermostat'|'grid'} show - One half of the lab as a chapter figure: only the √d_k plot and its table, or only the n × n lab (absent: both)
 * @attr {'light'|'dark'|'auto'} theme - Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting.
 */
export class AttentionScaleElement extends ElementBase {
  static observedAttributes = ['n', 'dk', 'scaled', 'causal', 'input', 'seed', 'no-worker', 'show', 'theme'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-scale', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #state = { ...DEFAULTS };
  // The workers (and their core) start when the lab first comes near the viewport: a lab far down
  // a page does not compete with the page's own load for the CPU. Removed, it stops them.
  #near = startWhenNear(this, { start: (first, printing) => this.#start(first, printing), stop: () => this.#stop() });
  #client = null;
  #updateQueued = false;
  #parts = new Set(SCALE_PARTS); // show=: which of 'grid' and 'thermostat' is on screen (and computed)
  #lab;
  #voice;                  // its language and message line (web/shared/controllers/voice.js)
  #line;                   // the message line (#voice.line), shown with each update
  #theme;                  // light or dark (web/shared/controllers/theme.js)

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [tokenSheet(), styleSheet()]; // the shared theme tokens, then scale.css: built once per page
    this.#lab = new ScaleLab(this, (fn) => this.#voice.speak(fn));
    // Its box gets the lang and dir (rtl in Arabic: scale.css mirrors); relabel: the grid and times kept.
    this.#voice = createVoice(this, { box: this.#lab.box, line: () => root.querySelector('.message'),
      relabel: () => this.#lab.relabel() });
    this.#line = this.#voice.line;
    this.#theme = followTheme(this, { root, onChange: () => this.#lab.refreshPalette(),
      report: (problems) => this.#line.report('theme', problems) });
  }

  connected() { // after the controllers: the start when near
    // A full lab is built in a task of its own, to hold its place as it loads; a figure of one
    // part is small, built when it comes near (#start): off screen, it builds nothing.
    if (!this.#figure()) queueRender(() => this.#build());
  }

  // Near (or connected again): the workers start; the first time the lab appears in parts, a task
  // each after the frame before. Starting the workers is a task's worth on a phone: the first
  // request and the first parts go in the next one. Printed before it came near: all of it at once,
  // and its grids asked for (they are drawn when they arrive: the printout has the lab, not them).
  #start(first, printing) {
    if (first) this.#build(); // a full lab is built already (queued at connect); a figure is now
    this.#startClient();
    if (!first) return this.#queueUpdate();
    if (printing) {
      this.#lab.showWhole();
      return this.#update();
    }
    queueRender(() => {
      if (this.isConnected) this.#update();
      this.#lab.revealInParts();
    });
  }

  #figure() {
    return this.#parts.size < SCALE_PARTS.length;
  }

  #build() {
    this.#lab.build(this.#figure());
  }

  #stop() {
    this.#client?.close();
    this.#client = null;
    this.#lab.cancel(); // no slice of a heat map paints after removal; a reconnect computes again
  }

  attributeChanged(name, oldValue, value) {
    if (name === 'theme') return this.#theme.attributeChanged();
    if (name !== 'no-worker') this.#readAttribute(name, value);
    else if (this.#client) this.#startClient();
    this.#queueUpdate();
  }

  /** 'worker' or 'main': where the attention core runs for this element. */
  get computeMode() {
    return this.#client?.mode ?? null;
  }

  // ---- attributes -> state -------------------------------------------------

  #readAttribute(name, raw) {
    if (name === 'show') return this.#readShow(raw);
    const s = this.#state;
    if (name in RANGES) s[name] = this.#voice.whole(name, raw, RANGES[name], s[name]);
    else if (name === 'scaled' || name === 'causal') s[name] = this.#voice.boolean(name, raw, DEFAULTS[name]);
    else s[name] = this.#voice.attribute(name, parseInput(raw, s[name])); // its say(): the words in the lab's language
  }

  // A figure of one part hides the other and never computes it (see web/views/scale/show.js).
  #readShow(raw) {
    const { parts, say } = parseScaleShow(raw);
    this.#parts = this.#voice.attribute('show', { value: parts, say });
    this.#lab.showParts(parts, this.#figure());
  }

  // Several attribute changes in one task become one update (and one request).
  #queueUpdate() {
    if (this.#updateQueued || !this.#client) return;
    this.#updateQueued = true;
    queueMicrotask(() => {
      this.#updateQueued = false;
      if (this.isConnected) this.#update();
    });
  }

  #update() {
    const s = this.#state;
    this.#lab.showSettings(s);
    this.#line.show(); // each message newly on the line is an attention-error event (once near: a page hears it)
    // The newest request wins (client.js, want): settings asked for already are on their way or on
    // screen; any others are asked for, even if the grid on screen has them (a newer one is coming).
    const grid = { ...Object.fromEntries(GRID_SETTINGS.map((k) => [k, s[k]])), maxPixels: MAX_PIXELS };
    if (this.#parts.has('grid') && this.#client.want('grid', grid)) this.#lab.showComputing(s.n);
    if (this.#parts.has('thermostat')) this.#client.want('thermostat', { seed: s.seed }); // its n and d_k sweep: compute.js's
  }

  #isOnScreen(params) {
    const g = this.#lab.grid;
    return g !== null && GRID_SETTINGS.every((k) => g[k] === params[k]);
  }

  // ---- the workers -----------------------------------------------------------

  #startClient() {
    this.#client?.close();
    this.#lab.forgetGrid();
    this.#client = new ComputeClient({
      forceMainThread: this.hasAttribute('no-worker'),
      onResult: (message) => this.#receive(message),
      onModeChange: (mode, reason) => this.#lab.showMode(mode, reason),
    });
  }

  #receive({ kind, current, result, error, mode }) {
    if (error) {
      if (current) this.#fail(kind, error);
      return;
    }
    if (kind === 'thermostat') {
      if (!current) return;
      this.#line.report('compute-thermostat', []);
      this.#lab.showThermostat(result, this.#state.dk);
      return;
    }
    this.#lab.addTiming(result);
    if (current) this.#showGrid(result, mode);
    this.#lab.drawTimes(this.#state);
  }

  #fail(kind, { code, message }) {
    // The compute client passes { code, message }: the core's AttentionError code, end to end.
    if (code === 'load_failed') {
      // No core at all: one plain message for the whole lab (like the widget's), and no "computing…" left behind.
      this.#line.set('compute-grid', []);
      this.#line.set('compute-thermostat', []);
      // The loader's message names the cause and what to do (docs/hardening.md).
      this.#line.set('load', [problem('load_failed', () => sentence(t('scale.loadFailed', { reason: message })))]);
      this.#lab.showNoCore();
    } else {
      const key = kind === 'grid' ? 'scale.gridFailed' : 'scale.thermoFailed';
      this.#line.set(`compute-${kind}`, [problem(code, () => t(key, { reason: message }))]);
      this.#lab.stopBusy();
    }
    this.#line.show();
  }

  #showGrid(grid, mode) {
    this.#line.set('compute-grid', []);
    this.#line.report('load', []);
    // Its time is shown unless the settings moved on while it was painted (then #update has put
    // "computing…" in its place for the grid on its way).
    this.#lab.showGrid(grid, mode, () => this.#isOnScreen(this.#state),
      () => this.dispatchEvent(new AttentionScaleResultEvent({ n: grid.n, dk: grid.dk, ms: grid.ms, mode })));
  }
}

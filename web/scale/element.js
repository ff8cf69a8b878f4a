// The <attention-scale> element class: the chapter's "Why the LLM cares" and
// thermostat sections, live. The n x n weights grid as a heat map with its cost (entries, time,
// memory, GFLOP/s, time against n), and the sqrt(d_k) thermostat plot. All
// attention math runs in the WebAssembly core inside a Web Worker, so dragging
// a slider never freezes the page. The package entry web/attention-scale.js registers it.
//
// Attributes are the API (see README "The scale lab"); the controls write them,
// so the attributes always mirror what the learner sees.

import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { sentence } from '../shared/text.js';
import { TEMPLATE } from './template.js';
import { DEFAULTS, RANGES, parseInput, parseSwitch, parseWhole } from './attributes.js';
import { ComputeClient } from './client.js';
import { readPalette } from './palette.js';
import { drawHeatMap, colourFloor } from './heatmap.js';
import { drawTimePlot } from './time-plot.js';
import { drawThermoPlot, describeThermostat, fillThermoTable } from './thermo-plot.js';
import { set as setReadout, showSizes, showTiming } from './readouts.js';
import { drawnSentence, formatCount, formatShare } from './format.js';
import { styleSheet } from '../attention-scale.css.js';
import { queueRender, whenNear } from '../shared/near.js';
import { onSchemeChange } from '../shared/scheme.js';
import { SCALE_PARTS, parseScaleShow } from './show.js';

const MAX_PIXELS = 512; // the canvas's bitmap side: larger grids are averaged down to it
const GRID_SETTINGS = ['n', 'dk', 'scaled', 'causal', 'input', 'seed']; // what a grid is computed from

/** Fired (bubbling, composed) each time a new grid is on screen. */
export class AttentionScaleResultEvent extends (globalThis.Event ?? class {}) {
  constructor({ n, dk, ms, mode }) {
    super('attention-scale-result', { bubbles: true, composed: true });
    this.n = n;
    this.dk = dk;
    this.ms = ms;
    this.mode = mode;
  }
}

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
 * @cssprop --scale-heat-0 - First stop of the heat map's ramp (… --scale-heat-4 the last; viridis).
 * @cssprop --scale-heat-1 - Second stop of the heat map's ramp.
 * @cssprop --scale-heat-2 - Middle stop of the heat map's ramp.
 * @cssprop --scale-heat-3 - Fourth stop of the heat map's ramp.
 * @cssprop --scale-heat-4 - Last stop of the heat map's ramp.
 * @cssprop --scale-masked - The blanked upper triangle.
 * @cssprop --scale-fg - Text.
 * @cssprop --scale-muted - Secondary text.
 * @cssprop --scale-surface - Background.
 * @cssprop --scale-border - Borders.
 * @cssprop --scale-accent - Controls and focus.
 * @attr {'thermostat'|'grid'} show - One half of the lab as a chapter figure: only the √d_k plot and its table, or only the n × n lab (absent: both)
 */
export class AttentionScaleElement extends ElementBase {
  static observedAttributes = ['n', 'dk', 'scaled', 'causal', 'input', 'seed', 'no-worker', 'show'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-scale', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #state = { ...DEFAULTS };
  #messages = new Map();   // attribute name (or compute-grid, ...) -> { code, message } to show
  #shownErrors = new Set(); // the messages on the message line
  #client = null;
  #updateQueued = false;
  #palette = null;         // read from the computed style when the first grid is drawn
  #grid = null;            // the grid on screen (its request was the newest)
  #timings = new Map();    // "dk/causal" -> Map(n -> ms): the time plot's dots
  #timesKey = null;        // the series the time plot shows
  #thermostatDk = null;    // the d_k marked on the thermostat plot
  #thermostat = null;
  #thermostatSeed = null;  // the seed last asked for
  #near = false;           // updates wait until the lab first comes near the viewport
  #parts = new Set(SCALE_PARTS); // show=: which of 'grid' and 'thermostat' is on screen (and computed)
  #connection = null;      // AbortController: every listener added on connect goes with it on disconnect
  #cancelPaint = null;     // stops the heat map being painted (drawHeatMap paints in slices)
  #lab;                    // the shadow root's one box, filled by #build
  #built = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet()]; // built from attention-scale.css, once per page
    // An empty box holding a screen's height until the lab is built (#build) and revealed.
    this.#lab = root.appendChild(document.createElement('div'));
    this.#lab.className = 'lab revealing';
  }

  // The lab's DOM: its controls, wired, and its parts, most of them hidden (data-later) until
  // #revealInParts. Parsing it (its form controls above all) is the heaviest part of making the
  // element, so a full lab does it in a task of its own (connectedCallback), not in the page's
  // module evaluation; a figure of one part, small, at once.
  #build() {
    if (this.#built) return;
    this.#built = true;
    const body = document.createElement('template');
    body.innerHTML = TEMPLATE; // static markup only
    this.#lab.appendChild(body.content);
    this.#wireControls();
    if (this.#parts.size < SCALE_PARTS.length) this.#showWhole();
  }

  // A figure of one part is a small box, shown whole at once: held at a screen's height and
  // then let go, it would move the page below it.
  #showWhole() {
    this.#lab.classList.remove('revealing');
    for (const part of this.#lab.querySelectorAll('[data-later]')) part.removeAttribute('data-later');
  }

  connectedCallback() {
    if (this.#parts.size < SCALE_PARTS.length) this.#build();
    else queueRender(() => this.#build(), this);
    this.#connection?.abort();
    this.#connection = new AbortController();
    onSchemeChange(() => this.#refreshPalette(), this.#connection.signal);
    this.#thermostatSeed = null;
    // The workers (and their core) start when the lab first comes near the viewport: a lab far
    // down a page does not compete with the page's own load for the CPU. Then the lab appears
    // in parts, a task each after the frame before (#revealInParts).
    if (this.#near) {
      this.#startClient();
      this.#queueUpdate();
    } else whenNear(this).then(() => queueRender(() => {
      // Disconnected meanwhile: the next connect waits again; connected again: the first one starts.
      if (this.#near || !this.isConnected) return;
      this.#near = true;
      this.#build(); // built already (queued first), unless this lab was never connected until now
      this.#startClient();
      // Starting the workers is a task's worth on a phone: the first request and the first
      // parts go in the next one.
      queueRender(() => {
        if (this.isConnected) this.#update();
        this.#revealInParts();
      }, this);
    }, this));
  }

  // The parts of the lab still hidden (data-later, see template.js), one per task after the
  // frame that laid out the one before, in document order (a figure of one part has none left,
  // see #readShow).
  #revealInParts() {
    for (const part of this.#lab.querySelectorAll('[data-later]')) queueRender(() => part.removeAttribute('data-later'), this);
    queueRender(() => this.#lab.classList.remove('revealing'), this);
  }

  disconnectedCallback() {
    this.#connection?.abort();
    this.#connection = null;
    this.#client?.close();
    this.#client = null;
    this.#cancelPaint?.(); // no slice of a heat map paints after removal; a reconnect computes again
    this.#cancelPaint = null;
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    if (name === 'no-worker') {
      if (this.isConnected && this.#near) this.#startClient();
    } else {
      this.#readAttribute(name, value);
    }
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
    let parsed;
    if (name in RANGES) parsed = parseWhole(name, raw, s[name]);
    else if (name === 'scaled' || name === 'causal') parsed = parseSwitch(name, raw, DEFAULTS[name]);
    else parsed = parseInput(raw, s.input);
    s[name] = parsed.value;
    if (parsed.message) this.#messages.set(name, { code: 'bad_attribute', message: parsed.message });
    else this.#messages.delete(name);
  }

  // A figure of one part hides the other and never computes it (see scale/show.js).
  #readShow(raw) {
    const { parts, message } = parseScaleShow(raw);
    this.#parts = parts;
    this.#lab.dataset.show = [...parts].join(' ');
    if (parts.size < SCALE_PARTS.length) this.#showWhole();
    if (message) this.#messages.set('show', { code: 'bad_attribute', message });
    else this.#messages.delete('show');
  }

  // Several attribute changes in one task become one update (and one request).
  #queueUpdate() {
    if (this.#updateQueued || !this.#near) return;
    this.#updateQueued = true;
    queueMicrotask(() => {
      this.#updateQueued = false;
      if (this.isConnected) this.#update();
    });
  }

  #update() {
    const { n, dk } = this.#state;
    this.#syncControls();
    this.#showMessages();
    showSizes(this.shadowRoot, n, dk);
    if (this.#parts.has('grid') && !this.#isOnScreen(this.#state)) {
      showTiming(this.shadowRoot, null);
      this.#text('busy', `Computing ${formatCount(n)} \u00d7 ${formatCount(n)}\u2026`);
      this.#client.request('grid', { ...this.#gridParams(), maxPixels: MAX_PIXELS });
    }
    if (this.#parts.has('thermostat') && this.#thermostatSeed !== this.#state.seed) {
      this.#thermostatSeed = this.#state.seed;
      this.#client.request('thermostat', { seed: this.#state.seed }); // its n and d_k sweep: compute.js's
    }
    // The plots change only when their inputs do: not on every step of a dragged n.
    if (this.#timesKey !== this.#seriesKey()) this.#drawTimes();
    if (this.#thermostat && this.#thermostatDk !== dk) this.#drawThermostat();
  }

  #gridParams() {
    return Object.fromEntries(GRID_SETTINGS.map((k) => [k, this.#state[k]]));
  }

  #isOnScreen(params) {
    const g = this.#grid;
    return g !== null && GRID_SETTINGS.every((k) => g[k] === params[k]);
  }

  // ---- controls -> attributes ---------------------------------------------

  #wireControls() {
    const root = this.shadowRoot;
    root.querySelector('form').addEventListener('submit', (e) => e.preventDefault());
    // The sliders as they move; the picker and the seed once changed.
    for (const [name, event] of [['n', 'input'], ['dk', 'input'], ['input', 'change'], ['seed', 'change']])
      root.getElementById(name).addEventListener(event, (e) => this.setAttribute(name, e.target.value));
    root.getElementById('scaled').addEventListener('change', (e) => {
      if (e.target.checked) this.removeAttribute('scaled'); // on is the default
      else this.setAttribute('scaled', 'false');
    });
    root.getElementById('causal').addEventListener('change', (e) => this.toggleAttribute('causal', e.target.checked));
  }

  #syncControls() {
    const root = this.shadowRoot;
    const s = this.#state;
    for (const name of ['n', 'dk', 'seed']) {
      const control = root.getElementById(name);
      if (control.value !== String(s[name])) control.value = String(s[name]);
    }
    root.getElementById('scaled').checked = s.scaled;
    root.getElementById('causal').checked = s.causal;
    root.getElementById('input').value = s.input;
    this.#text('n-value', formatCount(s.n));
    this.#text('dk-value', String(s.dk));
  }

  #showMessages() {
    const box = this.shadowRoot.querySelector('.message');
    const shown = [...this.#messages.values()];
    const text = shown.map((m) => m.message).join(' ');
    box.hidden = text === '';
    if (box.textContent !== text) box.textContent = text;
    // Each message newly on the line is also an attention-error event (once connected, so a page hears it).
    const before = this.#shownErrors;
    this.#shownErrors = new Set(shown.map((m) => m.message));
    for (const error of shown) if (!before.has(error.message)) this.dispatchEvent(new AttentionErrorEvent(error));
  }

  // ---- the worker ----------------------------------------------------------

  #startClient() {
    this.#client?.close();
    this.#grid = null;
    this.#thermostatSeed = null;
    this.#client = new ComputeClient({
      forceMainThread: this.hasAttribute('no-worker'),
      onResult: (message) => this.#receive(message),
      onModeChange: (mode, reason) => this.#showMode(mode, reason),
    });
  }

  #showMode(mode, reason) {
    const note = this.shadowRoot.querySelector('.note');
    note.hidden = mode !== 'main';
    note.textContent = mode === 'main'
      ? `Computing on the page's main thread, because ${reason}: the page may pause while a large grid computes.`
      : '';
  }

  #receive({ kind, current, result, error, mode }) {
    if (error) {
      if (current) this.#fail(kind, error);
      return;
    }
    if (kind === 'thermostat') {
      if (current) this.#showThermostat(result);
      return;
    }
    this.#recordTiming(result);
    if (current) this.#showGrid(result, mode);
    this.#drawTimes();
  }

  #fail(kind, error) {
    // The compute client passes { code, message }: the core's AttentionError code, end to end.
    const { code, message } = error;
    // No core at all: one plain message for the whole lab (like the widget's), and no "computing…" left behind.
    if (code === 'load_failed') {
      this.#messages.delete('compute-grid');
      this.#messages.delete('compute-thermostat');
      // The loader's message names the cause and what to do (docs/hardening.md).
      this.#messages.set('load', { code: 'load_failed', message: sentence(`Could not compute the grid: the scale lab could `
        + `not start, so there is nothing to draw: ${message}`) });
      this.#text('time', 'not available');
      this.#text('gflops', '—');
    } else {
      this.#messages.set(`compute-${kind}`, { code, message: `Could not compute the ${kind === 'grid' ? 'grid' : 'thermostat'}: ${message}` });
    }
    this.#showMessages();
    this.#text('busy', '');
  }

  // ---- drawing -------------------------------------------------------------

  #showGrid(grid, mode) {
    this.#messages.delete('compute-grid');
    this.#messages.delete('load');
    this.#showMessages();
    this.#grid = grid;
    this.#drawGrid(() => {
      // Its time is shown unless the settings moved on while it was painted (then #update has
      // put "computing…" in its place for the grid on its way).
      if (this.#isOnScreen(this.#state)) {
        showTiming(this.shadowRoot, grid, mode);
        this.#text('busy', '');
      }
      this.dispatchEvent(new AttentionScaleResultEvent({ n: grid.n, dk: grid.dk, ms: grid.ms, mode }));
    });
  }

  // The grid, its caption and its legend reach the screen together, once all of it is painted.
  #drawGrid(painted = () => {}) {
    const grid = this.#grid;
    if (!grid) return;
    this.#palette ??= readPalette(this);
    const canvas = this.shadowRoot.querySelector('canvas');
    this.#cancelPaint?.();
    this.#cancelPaint = drawHeatMap(canvas, grid, this.#palette, () => {
      this.#cancelPaint = null;
      canvas.dataset.n = grid.n;
      canvas.dataset.causal = grid.causal;
      this.#text('drawn', drawnSentence(grid.n, grid.pixels, grid.block));
      this.#text('legend-min', `\u2264 ${formatShare(colourFloor(grid.max))}`);
      this.#text('legend-max', formatShare(grid.max));
      this.shadowRoot.querySelector('.masked-key').hidden = !grid.causal;
      painted();
    });
  }

  #refreshPalette() {
    this.#palette = readPalette(this);
    this.#drawGrid();
  }

  #recordTiming({ n, dk, causal, ms }) {
    const key = `${dk}/${causal}`;
    if (!this.#timings.has(key)) this.#timings.set(key, new Map());
    this.#timings.get(key).set(n, ms);
  }

  #seriesKey() {
    return `${this.#state.dk}/${this.#state.causal}`;
  }

  #drawTimes() {
    const { dk, causal } = this.#state;
    this.#timesKey = this.#seriesKey();
    const series = this.#timings.get(this.#timesKey) ?? new Map();
    const points = [...series].map(([pn, ms]) => ({ n: pn, ms }));
    drawTimePlot(this.#svg('time-plot'), { points, latestN: this.#grid?.n, maxN: RANGES.n.max, dk, causal });
  }

  #drawThermostat() {
    this.#thermostatDk = this.#state.dk;
    drawThermoPlot(this.#svg('thermo-plot'), this.#thermostat, this.#thermostatDk);
  }

  #showThermostat(data) {
    this.#messages.delete('compute-thermostat');
    this.#showMessages();
    this.#thermostat = data;
    this.#drawThermostat();
    this.#text('thermostat', describeThermostat(data));
    this.#text('thermo-caption', `${data.n} random tokens, seed ${data.seed}, no mask`);
    fillThermoTable(this.shadowRoot.querySelector('.thermo-table tbody'), data);
  }

  #svg(name) {
    return this.shadowRoot.querySelector(`svg.${name}`);
  }

  #text(name, text) {
    setReadout(this.shadowRoot, name, text);
  }
}

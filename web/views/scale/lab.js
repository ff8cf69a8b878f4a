// What <attention-scale> shows: its controls, the n × n heat map with its readouts, the time
// plot (every grid measured, against n) and the thermostat plot with its table. The element
// (web/elements/scale.js) decides what to compute; this draws what comes back. Its words and numbers
// are written in the element's language (speak: the element's inLocale), again when it changes
// (relabel), the grid, the measurements and the settings kept.
import { TEMPLATE, writeWords } from './template.js';
import { RANGES } from './attributes.js';
import { readPalette } from './palette.js';
import { drawHeatMap, colourFloor, describeHeatMap } from './heatmap.js';
import { drawTimePlot } from './time-plot.js';
import { drawThermoPlot, describeThermostat, fillThermoTable } from './thermo-plot.js';
import { set as setReadout, showSizes, showTiming } from './readouts.js';
import { drawnSentence, formatCount, formatShare } from './format.js';
import { queueRender } from '../../shared/near.js';
import { t } from './words.js';

export class ScaleLab {
  #host;
  #root;
  #lab;                    // the shadow root's one box, filled by build()
  #built = false;
  #palette = null;         // read from the computed style when the first grid is drawn
  #grid = null;            // the grid on the canvas (or being painted there)
  #cancelPaint = null;     // stops the heat map being painted (drawHeatMap paints in slices)
  #timings = new Map();    // "dk/causal" -> Map(n -> ms): the time plot's dots
  #timesKey = null;        // the series the time plot shows
  #thermostat = null;
  #thermostatDk = null;    // the d_k marked on the thermostat plot
  #speak;                  // runs a function in the element's language
  #state = null;           // the settings last shown
  #said = {};              // what the readouts that are not numbers say now: { busy, timing, mode }

  /** An empty box in `host`'s shadow root, holding a screen's height until the lab is built and revealed. */
  constructor(host, speak = (fn) => fn()) {
    this.#host = host;
    this.#speak = speak;
    this.#root = host.shadowRoot;
    this.#lab = this.#root.appendChild(document.createElement('div'));
    this.#lab.className = 'lab revealing';
  }

  /** The lab's one box in the shadow root (it carries the lab's lang and dir). */
  get box() { return this.#lab; }

  /**
   * The lab's DOM: its controls, wired to the host's attributes, and its parts, most of them hidden
   * (data-later) until revealInParts. Parsing it (its form controls above all) is the heaviest part
   * of making the element, so a full lab does it in a task of its own, a figure of one part at once
   * (`whole`: shown whole, see showWhole).
   */
  build(whole) {
    if (this.#built) return;
    this.#built = true;
    const body = document.createElement('template');
    body.innerHTML = TEMPLATE; // static markup only
    this.#lab.appendChild(body.content);
    this.#speak(() => writeWords(this.#lab));
    this.#wireControls();
    if (whole) this.showWhole();
  }

  /** Which parts ('grid', 'thermostat') a figure shows; one part is a small box, shown whole at once. */
  showParts(parts, whole) {
    this.#lab.dataset.show = [...parts].join(' ');
    if (whole) this.showWhole();
  }

  // Held at a screen's height and then let go, a small box would move the page below it.
  showWhole() {
    this.#lab.classList.remove('revealing');
    for (const part of this.#lab.querySelectorAll('[data-later]')) part.removeAttribute('data-later');
  }

  /** The parts still hidden (data-later, see template.js), one per task after the frame that laid out the one before. */
  revealInParts() {
    for (const part of this.#lab.querySelectorAll('[data-later]')) queueRender(() => part.removeAttribute('data-later'));
    queueRender(() => this.#lab.classList.remove('revealing'));
  }

  /** The controls and the sizes follow the settings; the plots change only when their inputs do. */
  showSettings(state) {
    this.#state = state;
    this.#speak(() => this.#showSettings(state));
  }

  #showSettings(state) {
    const root = this.#root;
    for (const name of ['n', 'dk', 'seed']) {
      const control = root.getElementById(name);
      if (control.value !== String(state[name])) control.value = String(state[name]);
    }
    root.getElementById('scaled').checked = state.scaled;
    root.getElementById('causal').checked = state.causal;
    root.getElementById('input').value = state.input;
    this.text('n-value', formatCount(state.n));
    this.text('dk-value', String(state.dk));
    showSizes(root, state.n, state.dk);
    if (this.#timesKey !== seriesKey(state)) this.#drawTimes(state);
    if (this.#thermostat && this.#thermostatDk !== state.dk) this.#drawThermostat(state.dk);
  }

  /** "Computing n × n…" while the grid for the settings is on its way. */
  showComputing(n) {
    this.#said.timing = null;
    this.#said.busy = () => t('scale.computing', { n: formatCount(n) });
    this.#writeStatus();
  }

  /** The note that the page's own thread computes (and why), or none. */
  showMode(mode, reason) {
    this.#said.mode = mode === 'main' ? reason : null;
    this.#writeStatus();
  }

  /** No core at all: nothing to time. */
  showNoCore() {
    this.#said.timing = 'none';
    this.#said.busy = null;
    this.#writeStatus();
  }

  /** Nothing on its way any more (a compute failed). */
  stopBusy() {
    this.#said.busy = null;
    this.#writeStatus();
  }

  // The readouts that are words: the time (or none), "computing…", the main-thread note. The
  // reason is the compute client's words (a function) or the worker pool's text.
  #writeStatus() {
    this.#speak(() => {
      const { busy, timing, mode } = this.#said;
      if (timing === 'none') {
        this.text('time', t('scale.notAvailable'));
        this.text('gflops', '\u2014');
      } else {
        showTiming(this.#root, timing?.grid ?? null, timing?.mode);
      }
      this.text('busy', busy ? busy() : '');
      const note = this.#root.querySelector('.note');
      note.hidden = !mode;
      note.textContent = mode ? t('scale.mainThread', { reason: typeof mode === 'function' ? mode() : mode }) : '';
    });
  }

  /** The language changed or arrived: every word written again; the grid, the measurements and the settings kept. */
  relabel() {
    if (!this.#built) return;
    this.#speak(() => writeWords(this.#lab));
    if (this.#state) {
      this.#timesKey = null; // the time plot and its words again
      this.showSettings(this.#state);
    }
    this.#writeStatus();
    if (this.#thermostat) this.showThermostat(this.#thermostat, this.#thermostatDk);
    this.#speak(() => this.#writeGridWords());
  }

  /** A measured grid: its time is kept for the time plot (the series of the settings it was measured with). */
  addTiming({ n, dk, causal, ms }) {
    const key = seriesKey({ dk, causal });
    if (!this.#timings.has(key)) this.#timings.set(key, new Map());
    this.#timings.get(key).set(n, ms);
  }

  /** The time plot for the settings' d_k and mask: every grid measured with them, against n. */
  drawTimes(state) {
    this.#speak(() => this.#drawTimes(state));
  }

  #drawTimes(state) {
    const { dk, causal } = state;
    this.#timesKey = seriesKey(state);
    const points = [...(this.#timings.get(this.#timesKey) ?? new Map())].map(([n, ms]) => ({ n, ms }));
    drawTimePlot(this.#svg('time-plot'), { points, latestN: this.#grid?.n, maxN: RANGES.n.max, dk, causal });
  }

  /**
   * The grid on the canvas, its caption and its legend, all at once when all of it is painted; then
   * painted(). `current()`: whether its settings are still the ones asked for (else its time is not shown).
   */
  showGrid(grid, mode, current, painted) {
    this.#grid = grid;
    this.#drawGrid(() => {
      if (current()) {
        this.#said.timing = { grid, mode };
        this.#said.busy = null;
        this.#writeStatus();
      }
      painted();
    });
  }

  /** The grid on screen (its settings say whether a request is needed), or null. */
  get grid() { return this.#grid; }

  /** A new compute client: whatever is on screen is computed again. */
  forgetGrid() { this.#grid = null; }

  /** The colour scheme changed: the heat map is painted again in the new colours. */
  refreshPalette() {
    this.#palette = readPalette(this.#host);
    this.#drawGrid();
  }

  /** No slice of a heat map paints after this (the element was removed). */
  cancel() {
    this.#cancelPaint?.();
    this.#cancelPaint = null;
  }

  /** The thermostat's rows: its plot, its sentence, its caption and its table. */
  showThermostat(data, dk) {
    this.#thermostat = data;
    this.#speak(() => {
      this.#drawThermostat(dk);
      this.text('thermostat', describeThermostat(data));
      this.text('thermo-caption', t('scale.thermoCaption', { n: data.n, seed: data.seed }));
      fillThermoTable(this.#root.querySelector('.thermo-table tbody'), data);
    });
  }

  /** Sets the text of the readout `name` (its data-readout), only when it changed. */
  text(name, text) {
    setReadout(this.#root, name, text);
  }

  #drawGrid(painted = () => {}) {
    const grid = this.#grid;
    if (!grid) return;
    this.#palette ??= readPalette(this.#host);
    const canvas = this.#root.querySelector('canvas');
    this.#cancelPaint?.();
    this.#cancelPaint = drawHeatMap(canvas, grid, this.#palette, () => {
      this.#cancelPaint = null;
      canvas.dataset.n = grid.n;
      canvas.dataset.causal = grid.causal;
      this.#speak(() => this.#writeGridWords());
      this.#root.querySelector('.masked-key').hidden = !grid.causal;
      painted();
    });
  }

  // The painted grid's caption, legend and text alternative (the grid is on the canvas once painted).
  #writeGridWords() {
    const grid = this.#grid;
    if (!grid || this.#cancelPaint) return; // none yet, or still being painted: its words come with it
    const canvas = this.#root.querySelector('canvas');
    canvas.setAttribute('aria-label', describeHeatMap(grid));
    this.text('drawn', drawnSentence(grid.n, grid.pixels, grid.block));
    this.text('legend-min', `\u2264 ${formatShare(colourFloor(grid.max))}`);
    this.text('legend-max', formatShare(grid.max));
  }

  #drawThermostat(dk) {
    this.#thermostatDk = dk;
    drawThermoPlot(this.#svg('thermo-plot'), this.#thermostat, dk);
  }

  // The sliders as they move, the picker and the seed once changed, the switches: each writes the
  // host's attribute, so the attributes always say what the learner sees.
  #wireControls() {
    const root = this.#root;
    const host = this.#host;
    root.querySelector('form').addEventListener('submit', (e) => e.preventDefault());
    for (const [name, event] of [['n', 'input'], ['dk', 'input'], ['input', 'change'], ['seed', 'change']])
      root.getElementById(name).addEventListener(event, (e) => host.setAttribute(name, e.target.value));
    root.getElementById('scaled').addEventListener('change', (e) => {
      if (e.target.checked) host.removeAttribute('scaled'); // on is the default
      else host.setAttribute('scaled', 'false');
    });
    root.getElementById('causal').addEventListener('change', (e) => host.toggleAttribute('causal', e.target.checked));
  }

  #svg(name) {
    return this.#root.querySelector(`svg.${name}`);
  }
}

const seriesKey = ({ dk, causal }) => `${dk}/${causal}`;

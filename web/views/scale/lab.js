// What <attention-scale> shows: its controls, the n × n heat map with its readouts, the time
// plot (every grid measured, against n) and the thermostat plot with its table. The element
// (web/elements/scale.js) decides what to compute; this draws what comes back.
import { TEMPLATE } from './template.js';
import { RANGES } from './attributes.js';
import { readPalette } from './palette.js';
import { drawHeatMap, colourFloor } from './heatmap.js';
import { drawTimePlot } from './time-plot.js';
import { drawThermoPlot, describeThermostat, fillThermoTable } from './thermo-plot.js';
import { set as setReadout, showSizes, showTiming } from './readouts.js';
import { drawnSentence, formatCount, formatShare } from './format.js';
import { queueRender } from '../../shared/near.js';

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

  /** An empty box in `host`'s shadow root, holding a screen's height until the lab is built and revealed. */
  constructor(host) {
    this.#host = host;
    this.#root = host.shadowRoot;
    this.#lab = this.#root.appendChild(document.createElement('div'));
    this.#lab.className = 'lab revealing';
  }

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
    if (this.#timesKey !== seriesKey(state)) this.drawTimes(state);
    if (this.#thermostat && this.#thermostatDk !== state.dk) this.#drawThermostat(state.dk);
  }

  /** "Computing n × n…" while the grid for the settings is on its way. */
  showComputing(n) {
    showTiming(this.#root, null);
    this.text('busy', `Computing ${formatCount(n)} \u00d7 ${formatCount(n)}\u2026`);
  }

  /** The note that the page's own thread computes (and why), or none. */
  showMode(mode, reason) {
    const note = this.#root.querySelector('.note');
    note.hidden = mode !== 'main';
    note.textContent = mode === 'main'
      ? `Computing on the page's main thread, because ${reason}: the page may pause while a large grid computes.`
      : '';
  }

  /** No core at all: nothing to time. */
  showNoCore() {
    this.text('time', 'not available');
    this.text('gflops', '—');
    this.text('busy', '');
  }

  /** A measured grid: its time is kept for the time plot (the series of the settings it was measured with). */
  addTiming({ n, dk, causal, ms }) {
    const key = seriesKey({ dk, causal });
    if (!this.#timings.has(key)) this.#timings.set(key, new Map());
    this.#timings.get(key).set(n, ms);
  }

  /** The time plot for the settings' d_k and mask: every grid measured with them, against n. */
  drawTimes(state) {
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
        showTiming(this.#root, grid, mode);
        this.text('busy', '');
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
    this.#drawThermostat(dk);
    this.text('thermostat', describeThermostat(data));
    this.text('thermo-caption', `${data.n} random tokens, seed ${data.seed}, no mask`);
    fillThermoTable(this.#root.querySelector('.thermo-table tbody'), data);
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
      this.text('drawn', drawnSentence(grid.n, grid.pixels, grid.block));
      this.text('legend-min', `\u2264 ${formatShare(colourFloor(grid.max))}`);
      this.text('legend-max', formatShare(grid.max));
      this.#root.querySelector('.masked-key').hidden = !grid.causal;
      painted();
    });
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

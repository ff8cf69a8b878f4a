// The <attention-heads> element class: a tiny attention-only language model
// trained live (in a worker, through the heads lab's own wasm module), its
// heads side by side. Press Train and watch two heads that start near uniform
// become a previous-word head and a first-noun head, each labelled from
// held-out measurements. The package entry web/attention-heads.js registers it.
//
// Attributes are the API: seed, heads, no-worker. The controls write them.
import { ElementBase, defineElement } from '../shared/element.js';
import { AttentionErrorEvent } from '../shared/events.js';
import { el, svg } from '../shared/dom.js';
import { fixed2 } from '../shared/numbers.js';
import { parseBoolean } from '../shared/booleans.js';
import { cellColors, parseHex, rampColor } from '../shared/colour.js';
import { DEFAULTS, MAX_HEADS, parseHeads, parseSeed } from './attributes.js';
import { HeadsClient } from './client.js';
import { GUESSES, SENTENCE_WORDS, STEP_SIZE, STOP_AT } from './engine.js';
import { ablationText, headLabel, statusText } from './labels.js';
import { VIEW, curveScales, pathData, xOf, yOf } from './curve.js';
import { styleSheet } from '../attention-heads.css.js';

const RAMP = ['#f7fbff', '#c6dbef', '#6baed6', '#2171b5', '#08306b'].map(parseHex); // shares 0 -> 1

/**
 * Two heads learn two jobs: a tiny multi-head model trained live by the core (docs/heads.md).
 * @tagname attention-heads
 * @attr {number} seed - 0 … 4294967295 (absent: 1): the corpus split, the initial weights and the batch order.
 * @attr {number} heads - 1 … 4 (absent: 2): number of heads; changing it starts a new model.
 * @attr {boolean} no-worker - Train on the page's thread instead of a worker (absent: off).
 * @fires {AttentionErrorEvent} attention-error - Each message the element shows, with a stable code.
 */
export class AttentionHeadsElement extends ElementBase {
  static observedAttributes = ['seed', 'heads', 'no-worker'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-heads', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #state = { ...DEFAULTS };
  #messages = new Map();  // key -> { code, message } on the message line
  #client = null;
  #connection = null;     // AbortController for what connect adds
  #generation = 0;        // the model on screen (engine.js)
  #wanted = null;         // "seed/heads" the worker was last asked to build
  #running = false;
  #train = [];            // { steps, loss } training loss per chunk
  #heldOut = [];          // { steps, loss } held-out loss per measurement
  #measured = null;       // the newest measurement
  #announced = '';        // labels last read out to screen readers
  #index = 0;             // the sample sentence (held-out index)
  #pending = null;        // the newest progress message not yet painted
  #labelsDue = false;     // a measurement arrived since the last paint
  #parts;                 // the shadow DOM's named nodes

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [styleSheet()]; // built from attention-heads.css, once per page
    this.#parts = buildSkeleton(root);
    this.#buildHeads(this.#state.heads); // blank, sized like the first picture (see .loading in the CSS)
    this.#wireControls();
  }

  connectedCallback() {
    this.#connection?.abort();
    this.#connection = new AbortController();
    this.#startClient();
  }

  disconnectedCallback() {
    this.#connection?.abort();
    this.#connection = null;
    this.#client?.close();
    this.#client = null;
    this.#wanted = null;
    this.#setRunning(false);
  }

  attributeChangedCallback(name, oldValue, value) {
    if (oldValue === value) return;
    if (name === 'no-worker') {
      if (this.isConnected) this.#startClient();
      return;
    }
    const parsed = name === 'seed' ? parseSeed(value, this.#state.seed) : parseHeads(value, this.#state.heads);
    this.#state[name] = parsed.value;
    if (parsed.message) this.#setMessage(name, { code: 'bad_attribute', message: parsed.message });
    else this.#clearMessage(name);
    this.#syncControls();
    // Still the skeleton: its blank panels follow the attribute.
    if (name === 'heads' && this.#generation === 0 && this.#parts.grids.length !== this.#state.heads)
      this.#buildHeads(this.#state.heads);
    if (this.isConnected) queueMicrotask(() => this.#resetIfChanged());
  }

  /** 'worker' or 'main': where the model trains for this element. */
  get computeMode() {
    return this.#client?.mode ?? null;
  }

  // ---- the worker ------------------------------------------------------------

  #startClient() {
    this.#client?.close();
    const noWorker = parseBoolean('no-worker', this.getAttribute('no-worker'), false);
    if (noWorker.message) this.#setMessage('no-worker', { code: 'bad_attribute', message: noWorker.message });
    else this.#clearMessage('no-worker');
    this.#client = new HeadsClient({
      onMessage: (m) => this.#receive(m),
      forceMainThread: noWorker.value,
      onModeChange: (mode) => {
        this.#parts.mode.hidden = mode !== 'main';
        this.#wanted = null;
        queueMicrotask(() => this.#resetIfChanged());
      },
    });
    this.#wanted = null;
    this.#resetIfChanged();
  }

  #resetIfChanged() {
    const key = `${this.#state.seed}/${this.#state.heads}`;
    if (!this.#client || this.#wanted === key) return;
    this.#wanted = key;
    this.#client.send({ type: 'reset', config: { seed: this.#state.seed, heads: this.#state.heads } });
  }

  #receive(m) {
    if (m.type === 'error') return this.#showError(m);
    if (m.type === 'reset') {
      this.#generation = m.generation;
      this.#train = [];
      this.#heldOut = [];
      this.#measured = null;
      this.#pending = null;
      this.#labelsDue = false;
      this.#index = 0;
      this.#setRunning(false);
      this.#clearMessage('engine');
      this.#parts.lab.classList.add('loading'); // a new model: its texts keep their lines until its first picture
      this.#buildHeads(m.config.heads);
      return;
    }
    if (m.generation !== this.#generation) return; // news about a model already replaced
    if (m.type === 'running') return this.#setRunning(m.running, m.reason);
    if (m.type === 'view') return this.#showView(m.index, m.view);
    if (m.type === 'progress') this.#showProgress(m);
  }

  #showError({ code, message }) {
    this.#setMessage('engine', { code, message });
    this.#setRunning(false);
  }

  // ---- controls ----------------------------------------------------------------

  #wireControls() {
    const p = this.#parts;
    p.form.addEventListener('submit', (e) => e.preventDefault());
    p.train.addEventListener('click', () => this.#client?.send({ type: this.#running ? 'pause' : 'train' }));
    p.step.addEventListener('click', () => this.#client?.send({ type: 'step' }));
    p.reset.addEventListener('click', () => {
      this.#wanted = null; // the same seed again: a fresh start
      this.#resetIfChanged();
    });
    p.seed.addEventListener('change', () => this.#fromControl('seed', p.seed.value));
    p.headsSelect.addEventListener('change', () => this.#fromControl('heads', p.headsSelect.value));
    p.another.addEventListener('click', () => {
      const count = this.#measured?.heldOutSentences ?? 1;
      this.#client?.send({ type: 'sentence', index: (this.#index + 1) % count });
    });
  }

  // A control's value goes through its attribute, so the attributes always
  // say what the learner sees; a bad one is refused with a message, model kept.
  #fromControl(name, raw) {
    const parsed = name === 'seed' ? parseSeed(raw, this.#state.seed) : parseHeads(raw, this.#state.heads);
    if (parsed.message) {
      this.#setMessage(name, { code: 'bad_input', message: parsed.message.replace(/="(.*)"/, ' $1') });
      return;
    }
    this.#clearMessage(name);
    this.setAttribute(name, String(parsed.value));
  }

  #syncControls() {
    const p = this.#parts;
    if (p.seed.value !== String(this.#state.seed) && !this.#messages.has('seed')) p.seed.value = String(this.#state.seed);
    p.headsSelect.value = String(this.#state.heads);
  }

  #setRunning(running, reason) {
    this.#running = running;
    const p = this.#parts;
    p.train.textContent = running ? 'Pause' : 'Train';
    p.train.setAttribute('aria-pressed', String(running));
    if (reason === 'finished') p.finished.textContent = `Training paused itself at ${STOP_AT} steps: the heads have settled.`;
    else if (running) p.finished.textContent = '';
  }

  // ---- messages --------------------------------------------------------------------

  #setMessage(key, error) {
    if (this.#messages.get(key)?.message === error.message) return;
    this.#messages.set(key, error);
    this.#showMessages();
    this.dispatchEvent(new AttentionErrorEvent(error));
  }

  #clearMessage(key) {
    if (this.#messages.delete(key)) this.#showMessages();
  }

  #showMessages() {
    const text = [...this.#messages.values()].map((m) => m.message).join(' ');
    this.#parts.message.hidden = text === '';
    this.#parts.message.textContent = text;
  }

  // ---- pictures ----------------------------------------------------------------------

  // One panel per head, each with a blank grid of a sentence's size until a
  // view fills it: a new model keeps the room its pictures will take.
  #buildHeads(count) {
    const box = this.#parts.heads;
    box.replaceChildren();
    this.#parts.grids = [];
    for (let h = 0; h < count; h++) {
      const label = el('p', { class: 'label', text: headLabel(h, null) });
      const table = el('table', { class: 'grid' }, el('caption', { text: `Head ${h + 1} shares` }), blankGrid());
      const ablation = el('p', { class: 'ablation' });
      box.append(el('figure', { class: 'head' }, label,
        el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': `Head ${h + 1} shares, scrollable` }, table),
        ablation));
      this.#parts.grids.push({ label, table, ablation, words: null });
    }
  }

  // Progress is recorded as it arrives and painted once per frame: a worker
  // faster than the page never queues up repaints on the main thread.
  #showProgress(m) {
    if (Number.isFinite(m.trainLoss)) this.#train.push({ steps: m.steps, loss: m.trainLoss });
    if (m.measured) {
      this.#measured = m.measured;
      this.#heldOut.push({ steps: m.steps, loss: m.measured.heldOutLoss });
      this.#labelsDue = true;
    }
    const first = this.#pending === null;
    this.#pending = m;
    if (first) requestAnimationFrame(() => this.#paint());
  }

  #paint() {
    const m = this.#pending;
    this.#pending = null;
    if (!m || m.generation !== this.#generation) return;
    if (this.#labelsDue) {
      this.#labelsDue = false;
      this.#showLabels();
    }
    const last = this.#heldOut.at(-1);
    this.#parts.status.textContent = statusText({
      steps: m.steps, trainLoss: m.trainLoss, heldOutLoss: last?.loss,
      heldOutSentences: this.#measured?.heldOutSentences,
    });
    this.#drawCurve();
    this.#showView(m.index, m.view);
  }

  #showLabels() {
    const { heads, heldOutLoss } = this.#measured;
    const labels = heads.map((report, h) => headLabel(h, report));
    this.#parts.grids.forEach((g, h) => {
      if (!heads[h]) return;
      g.label.textContent = labels[h];
      g.label.classList.toggle('specialised', heads[h].job !== 'none');
      g.ablation.textContent = `${ablationText(h, heads[h], heldOutLoss)}.`;
    });
    // Read the labels out only when a job changes, not on every measurement.
    const jobs = heads.map((r) => r.job).join();
    if (jobs !== this.#announced) {
      this.#announced = jobs;
      this.#parts.live.textContent = labels.join('. ');
    }
  }

  #showView(index, view) {
    this.#index = index;
    this.#parts.lab.classList.remove('loading'); // the first picture has its own sizes
    const last = view.words.length - 1;
    this.#parts.sentence.textContent = view.words.join(' ');
    this.#parts.answer.textContent = `The word after the last comma is "${view.words[last]}"; the model's top guesses for it:`;
    const rows = view.guesses.map((g) => el('tr', {}, el('th', { scope: 'row', text: g.word }),
      el('td', { text: fixed2(g.probability) })));
    this.#parts.guesses.replaceChildren(...rows);
    view.weights.forEach((grid, h) => this.#fillGrid(this.#parts.grids[h], view, grid));
  }

  // The shares grid: askers down, keys across, two decimals in every visible cell.
  #fillGrid(g, view, grid) {
    if (!g) return;
    const key = view.words.join(' ');
    if (g.words !== key) {
      g.words = key;
      g.table.replaceChildren(g.table.caption, gridSkeleton(view));
    }
    const rows = g.table.tBodies[0].rows;
    grid.forEach((row, i) => row.forEach((w, j) => {
      if (j > i) return; // masked: future words, exactly 0, left blank
      const cell = rows[i].cells[j + 1]; // cells[0] is the asker's header
      const text = fixed2(w);
      if (cell.textContent !== text) {
        cell.textContent = text;
        const { background, color } = cellColors(rampColor(RAMP, w));
        cell.style.background = background;
        cell.style.color = color;
      }
    }));
  }

  #drawCurve() {
    const scales = curveScales([this.#train, this.#heldOut], STOP_AT / 6);
    const p = this.#parts;
    p.trainPath.setAttribute('d', pathData(this.#train, scales));
    p.heldPath.setAttribute('d', pathData(this.#heldOut, scales));
    const key = `${scales.maxSteps}/${scales.maxLoss}`;
    if (p.axes.dataset.key === key) return;
    p.axes.dataset.key = key;
    p.axes.replaceChildren(
      ...scales.lossTicks.map((t) => svg('g', {},
        svg('line', { x1: VIEW.left, x2: VIEW.width - VIEW.right, y1: yOf(t, scales), y2: yOf(t, scales), class: 'gridline' }),
        svg('text', { x: VIEW.left - 6, y: yOf(t, scales) + 4, 'text-anchor': 'end', text: fixed2(t) }))),
      ...scales.stepTicks.map((t) => svg('text', {
        x: xOf(t, scales), y: VIEW.height - VIEW.bottom + 20, 'text-anchor': 'middle', text: String(t) })),
    );
  }
}

// The table body for a sentence: a header row of keys, one row per asker.
function gridSkeleton(view) {
  const words = view.words;
  const head = el('thead', {}, el('tr', {}, el('td', { class: 'corner', text: 'asker \u2193 key \u2192' }),
    ...words.map((w, j) => el('th', { scope: 'col', class: j === view.firstNoun ? 'noun' : null, text: w }))));
  const body = el('tbody', {}, ...words.map((w, i) => el('tr', { class: i === view.jobRow ? 'job' : null },
    el('th', { scope: 'row', text: w }),
    ...words.map((_, j) => el('td', j > i ? { class: 'masked', 'aria-label': 'masked' } : {})))));
  const fragment = document.createDocumentFragment();
  fragment.append(head, body);
  return fragment;
}

// A grid of SENTENCE_WORDS blank words (no numbers), the shape every view's grid has,
// its outlined row included (the comma before the last word, as in every sentence).
function blankGrid() {
  return gridSkeleton({ words: Array(SENTENCE_WORDS).fill('\u00a0'), firstNoun: -1, jobRow: SENTENCE_WORDS - 2 });
}

// The element's static parts, built once; returns the nodes the code updates.
function buildSkeleton(root) {
  const b = (text, extra = {}) => el('button', { type: 'button', ...extra, text });
  const train = b('Train', { 'aria-pressed': 'false', class: 'primary' });
  const step = b('Step', { title: `Trains ${STEP_SIZE} steps` });
  const reset = b('Reset');
  const seed = el('input', { id: 'seed', type: 'text', inputmode: 'numeric', size: '6', value: String(DEFAULTS.seed) });
  const heads = el('select', { id: 'heads' },
    ...Array.from({ length: MAX_HEADS }, (_, i) => el('option', { value: String(i + 1), text: String(i + 1) })));
  heads.value = String(DEFAULTS.heads);
  const form = el('form', { class: 'controls' }, train, step, reset,
    el('label', { for: 'seed', text: 'Seed' }), seed, el('label', { for: 'heads', text: 'Heads' }), heads);
  const status = el('p', { class: 'status', text: 'Loading the model\u2026' });
  const message = el('p', { class: 'message', role: 'alert', hidden: true });
  const mode = el('p', { class: 'mode', hidden: true,
    text: 'This page cannot start a worker: training runs on the page itself, which may stutter.' });
  const finished = el('p', { class: 'finished', 'aria-live': 'polite' });
  const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const trainPath = svg('path', { class: 'train-line' });
  const heldPath = svg('path', { class: 'held-line' });
  const axes = svg('g', { class: 'axes' });
  const curve = el('figure', { class: 'curve' },
    svg('svg', { viewBox: `0 0 ${VIEW.width} ${VIEW.height}`, role: 'img',
      'aria-label': 'Loss in nats per word against training steps: training loss and held-out loss' },
    axes, trainPath, heldPath),
    el('figcaption', {}, el('span', { class: 'key train-key', text: 'training loss' }), ' ',
      el('span', { class: 'key held-key', text: 'held-out loss' }), ' (nats per word) against training steps'));
  const sentence = el('p', { class: 'words' });
  const answer = el('p', { class: 'answer' });
  // Blank rows until the first view: the table keeps the height its guesses will take.
  const guesses = el('tbody', {}, ...Array.from({ length: GUESSES },
    () => el('tr', {}, el('th', { scope: 'row', text: '\u00a0' }), el('td', { text: '\u00a0' }))));
  const another = b('Another sentence');
  const sample = el('section', { class: 'sample' },
    el('h3', { text: 'A held-out sentence' }), sentence, another, answer,
    el('table', { class: 'guesses' }, el('caption', { class: 'visually-hidden', text: 'Top next-word guesses' }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'next word' }), el('th', { scope: 'col', text: 'probability' }))),
      guesses));
  const headsBox = el('div', { class: 'heads' });
  const note = el('p', { class: 'note', text: 'Each grid shows, for the sentence above, how each word (row) shares its '
    + 'attention among the words so far (columns); the outlined row is the comma before the last word, the underlined column the first noun. The labels are '
    + `measured over the held-out sentences. Step trains ${STEP_SIZE} steps; training pauses itself at ${STOP_AT}. `
    + 'Reseeding may swap which head takes which job: nobody assigns them.' });
  // .loading: the texts the first picture brings keep their lines meanwhile (attention-heads.css).
  const lab = el('div', { class: 'lab loading' }, form, status, message, mode, finished, live, curve, sample, headsBox, note);
  root.append(lab);
  return { lab, form, train, step, reset, seed, headsSelect: heads, status, message, mode, finished, live, trainPath,
    heldPath, axes, sentence, answer, guesses, another, heads: headsBox, grids: [] };
}

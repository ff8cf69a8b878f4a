// What <attention-heads> shows: its controls, the loss curves, a held-out sentence with the
// model's guesses, and one "Head N shares" grid per head with its label. Built once (blank, sized
// like the first picture); the element (web/elements/heads.js) hands it the worker's news.
//
// Its words are the catalogue's (./words.js, web/shared/i18n/en-heads.js), written in the language
// the element passes (`speak`): every method speaks it, and relabel() writes everything on screen
// again, from what each method was last shown, when the language changes.
import { el, svg } from '../../shared/dom.js';
import { label as labelled, relabel as relabelKeys, text as worded } from '../../shared/i18n/registry.js';
import { t } from './words.js';
import { compact, fixed2 } from '../../shared/numbers.js';
import { cellColors, parseHex, rampColor } from '../../shared/colour.js';
import { WEIGHT_RAMP, heatTable } from '../common/heat-table.js';
import { PLOT, VIEW, drawLossCurves } from '../common/loss-curve.js';
import { DEFAULTS, MAX_HEADS } from './attributes.js';
import { GUESSES, PLATEAU, SENTENCE_WORDS, STEP_SIZE } from './engine.js';
import { NEEDED_LOSS, ablationText, count, headLabel, headsNamed, pausedText, statusText, zeroedText } from './labels.js';

const RAMP = WEIGHT_RAMP.split(' ').map(parseHex); // shares 0 -> 1

export class HeadsView {
  #parts;      // the static parts' named nodes
  #grids = []; // per head: { label, table, cells, rows, ablation, zero, words }
  #announced = ''; // labels last read out to screen readers
  #speak;      // runs a function in the element's language
  #shown = {}; // what each show method was last given: relabel() shows it again in another language

  /**
   * Builds the lab in `root` (an element or shadow root, whose children it replaces) with `heads`
   * blank grids. speak(fn): runs fn in the element's language (web/shared/controllers/voice.js).
   */
  constructor(root, heads, speak = (fn) => fn()) {
    this.#speak = speak;
    this.#parts = speak(() => buildSkeleton(root));
    this.buildHeads(heads);
  }

  /** The language changed: every word on screen written again, the numbers and pictures kept. */
  relabel() {
    this.#speak(() => {
      relabelKeys(this.#parts.lab);
      writeValued(this.#parts);
      this.#grids.forEach((g, h) => nameHead(g, h));
    });
    delete this.#parts.axes.dataset.key; // the axes' numbers in the new notation too (loss-curve.js draws them once per scale)
    const { running, mode, zeroed, labels, progress, view } = this.#shown;
    if (running) this.showRunning(...running);
    if (mode) this.showMode(...mode);
    if (labels) this.showLabels(...labels);
    if (progress) this.showProgress(...progress);
    else if (view) this.showView(...view);
    if (zeroed) this.showZeroed(...zeroed);
  }

  /** The named controls and boxes: { form, train, step, reset, seed, headsSelect, another, message, mode, heads, ... }. */
  get parts() { return this.#parts; }

  /** How many head panels are on screen. */
  get heads() { return this.#grids.length; }

  /**
   * One panel per head, each with a blank grid of a sentence's size until a view fills it: a new
   * model keeps the room its pictures will take. `loading`: its texts keep their lines meanwhile.
   */
  buildHeads(count, loading = false) {
    this.#speak(() => this.#buildHeads(count, loading));
  }

  #buildHeads(count, loading) {
    if (loading) this.#parts.lab.classList.add('loading');
    this.#parts.heads.replaceChildren();
    this.#grids = [];
    this.#shown.labels = null; // a new model: no measurement yet
    for (let h = 0; h < count; h++) {
      const label = el('p', { class: 'label' });
      const { table, cells, rows } = gridTable(h, blankView());
      const ablation = el('p', { class: 'ablation' });
      // A toggle: pressed, the head's output is zeroed in what the model shows (the element sends it).
      const zero = el('button', { type: 'button', class: 'zero', 'aria-pressed': 'false', 'data-head': String(h) });
      const region = el('div', { class: 'scroll', tabindex: '0', role: 'region' }, table);
      this.#parts.heads.append(el('figure', { class: 'head' }, label, region, el('div', { class: 'zeroing' }, zero, ablation)));
      const g = { label, table, cells, rows, ablation, zero, region, words: null };
      nameHead(g, h);
      this.#grids.push(g);
    }
  }

  /** Train / Pause, and the line that says why training paused itself (the engine's numbers). */
  showRunning(running, pause = {}) {
    this.#shown.running = [running, pause];
    const p = this.#parts;
    this.#speak(() => {
      p.train.textContent = t(running ? 'heads.pause' : 'heads.train');
      p.finished.textContent = running ? '' : pausedText(pause);
    });
    p.train.setAttribute('aria-pressed', String(running));
  }

  /** Where training runs: the note shows, with its reason (client.js `why`: { key, values }), when it is the page's own thread. */
  showMode(mode, why) {
    this.#shown.mode = [mode, why];
    const note = this.#parts.mode;
    note.hidden = mode !== 'main';
    note.textContent = mode === 'main' ? this.#speak(() => t('heads.mainThread', { reason: t(why.key, why.values) })) : '';
  }

  /** After the worker failed: only Reset (a new model) is left to press. */
  showFailed(failed) {
    const p = this.#parts;
    for (const control of [p.train, p.step, p.another, ...this.#grids.map((g) => g.zero)]) control.disabled = failed;
  }

  /** The Zero head N toggles, and the held-out loss of the model as shown. */
  showZeroed(zeroed, measured) {
    this.#shown.zeroed = [zeroed, measured];
    this.#grids.forEach((g, h) => g.zero.setAttribute('aria-pressed', String(zeroed.includes(h))));
    const line = this.#parts.zeroed;
    line.hidden = zeroed.length === 0 || !measured;
    line.textContent = line.hidden ? '' : this.#speak(() => zeroedText(zeroed, measured));
  }

  /** The controls follow the attributes (the seed field not while it shows a refused entry). */
  showSettings({ seed, heads }, keepSeedField) {
    const p = this.#parts;
    if (p.seed.value !== String(seed) && !keepSeedField) p.seed.value = String(seed);
    p.headsSelect.value = String(heads);
  }

  /** A progress report painted: the status line, the curves, the sample's view. */
  showProgress({ steps, view, zeroed }, { train, heldOut, measured }) {
    this.#shown.progress = [{ steps, view, zeroed }, { train, heldOut, measured }];
    // the newest of each loss: a picture that trained nothing (a head zeroed) keeps the last batch's
    this.#parts.status.textContent = this.#speak(() => statusText({ steps, trainLoss: train.at(-1)?.loss,
      heldOutLoss: heldOut.at(-1)?.loss, heldOutSentences: measured?.heldOutSentences }));
    this.#speak(() => this.#drawCurve(train, heldOut));
    this.showView(view, zeroed);
  }

  /** The head labels from a held-out measurement; read out only when a job changes. */
  showLabels({ heads, heldOutLoss }) {
    this.#shown.labels = [{ heads, heldOutLoss }];
    this.#speak(() => this.#writeLabels(heads, heldOutLoss));
  }

  #writeLabels(heads, heldOutLoss) {
    const labels = heads.map((report, h) => headLabel(h, report));
    this.#grids.forEach((g, h) => {
      if (!heads[h]) return;
      g.label.textContent = labels[h];
      g.label.classList.toggle('specialised', heads[h].job !== 'none' && heads[h].needed);
      g.label.classList.toggle('needed', heads[h].needed);
      g.ablation.textContent = t('heads.sentence', { text: ablationText(h, heads[h], heldOutLoss) });
    });
    const jobs = heads.map((r) => `${r.job}/${r.needed}`).join();
    if (jobs !== this.#announced) {
      this.#announced = jobs;
      this.#parts.live.textContent = labels.join('. ');
    }
  }

  /** A sentence's view: its words, the model's guesses for the last one (`zeroed` heads zeroed), each head's shares. */
  showView(view, zeroed = []) {
    this.#shown.view = [view, zeroed];
    this.#speak(() => this.#writeView(view, zeroed));
  }

  #writeView(view, zeroed) {
    const p = this.#parts;
    p.lab.classList.remove('loading'); // the first picture has its own sizes
    const word = view.words.at(-1);
    p.sentence.textContent = view.words.join(' ');
    p.answer.textContent = zeroed.length ? t('heads.answerZeroed', { word, heads: headsNamed(zeroed) }) : t('heads.answer', { word });
    p.guesses.replaceChildren(...view.guesses.map((g) => el('tr', {}, el('th', { scope: 'row', text: g.word }),
      el('td', { text: fixed2(g.probability) }))));
    view.weights.forEach((grid, h) => this.#fillGrid(h, view, grid));
  }

  // The shares grid: askers down, keys across, two decimals in every visible cell.
  #fillGrid(h, view, grid) {
    const g = this.#grids[h];
    if (!g) return;
    const key = view.words.join(' ');
    if (g.words !== key) {
      g.words = key;
      if (g.cells.length === view.words.length) relabel(g, view);
      else {
        const fresh = gridTable(h, view);
        g.table.replaceWith(fresh.table);
        Object.assign(g, fresh);
      }
    }
    grid.forEach((row, i) => row.forEach((w, j) => {
      if (j > i) return; // masked: future words, exactly 0, left blank
      const cell = g.cells[i][j];
      const text = fixed2(w);
      if (cell.textContent !== text) {
        cell.textContent = text;
        const { background, color } = cellColors(rampColor(RAMP, w));
        cell.style.background = background;
        cell.style.color = color;
      }
    }));
  }

  #drawCurve(train, heldOut) {
    const { clipped } = drawLossCurves(this.#parts, train, heldOut, CURVE_MIN_STEPS);
    const text = clipped === null ? '' : t('heads.clipped', { loss: fixed2(clipped) });
    if (this.#parts.clipped.textContent !== text) this.#parts.clipped.textContent = text;
  }

}

const CURVE_MIN_STEPS = 500; // the step axis's least extent, so the first steps do not fill it

// Head h's grid for a sentence's view: keys across (the first noun underlined), askers down (the
// comma before the last word outlined), the future's cells masked and blank.
function gridTable(h, view) {
  return heatTable({ caption: t('heads.gridCaption', { n: h + 1 }), className: 'grid', labels: view.words,
    colProps: (j) => ({ class: j === view.firstNoun ? 'noun' : null }),
    rowProps: (i) => ({ class: i === view.jobRow ? 'job' : null }),
    corner: worded('grids.corner'), // the widget's words: "asker ↓ key →"
    cell: (i, j) => el('td', j > i ? { class: 'masked', ...labelled('heads.masked') } : {}) });
}

// A head's own words (its number in each): the label before any measurement, Zero head N, the
// grid's caption and scrolling region. Written when built and again in another language.
function nameHead(g, h) {
  const n = h + 1;
  g.label.textContent = headLabel(h, null); // a measured label is written again by showLabels
  g.zero.textContent = t('heads.zero', { n });
  g.region.setAttribute('aria-label', t('heads.gridRegion', { n }));
  g.table.caption.textContent = t('heads.gridCaption', { n });
}

// A new sentence of the grid's length in the grid already built: its words in the headers, its
// first noun and job row marked; the cells stay and are filled as before. (Every sentence has
// SENTENCE_WORDS words: rebuilding the tables for each cost the lab's first picture its grids twice.)
function relabel({ table, rows }, view) {
  const keys = table.tHead.rows[0].cells; // the corner, then one key per column
  view.words.forEach((word, j) => {
    keys[j + 1].textContent = word;
    keys[j + 1].classList.toggle('noun', j === view.firstNoun);
  });
  rows.forEach((row, i) => {
    row.cells[0].textContent = view.words[i];
    row.classList.toggle('job', i === view.jobRow);
  });
}

// A sentence of SENTENCE_WORDS blank words (no numbers), the shape every view's grid has,
// its outlined row included (the comma before the last word, as in every sentence).
function blankView() {
  return { words: Array(SENTENCE_WORDS).fill('\u00a0'), firstNoun: -1, jobRow: SENTENCE_WORDS - 2 };
}

// The lab's static parts, built once; returns the nodes the code updates.
function buildSkeleton(root) {
  const b = (key, extra = {}) => el('button', { type: 'button', ...extra, ...worded(key) });
  const train = b('heads.train', { 'aria-pressed': 'false', class: 'primary' });
  const step = b('heads.stepButton');
  const reset = b('heads.reset');
  const seed = el('input', { id: 'seed', type: 'text', inputmode: 'numeric', size: '6', value: String(DEFAULTS.seed) });
  const heads = el('select', { id: 'heads' },
    ...Array.from({ length: MAX_HEADS }, (_, i) => el('option', { value: String(i + 1), text: String(i + 1) })));
  heads.value = String(DEFAULTS.heads);
  const form = el('form', { class: 'controls' }, train, step, reset,
    el('label', { for: 'seed', ...worded('heads.seed') }), seed, el('label', { for: 'heads', ...worded('heads.heads') }), heads);
  const status = el('p', { class: 'status', ...worded('heads.loading') });
  const message = el('p', { class: 'message', role: 'alert', hidden: true });
  const mode = el('p', { class: 'mode', hidden: true });
  const finished = el('p', { class: 'finished', 'aria-live': 'polite' });
  const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const trainPath = svg('path', { class: 'train-line' });
  const clipped = el('span', { class: 'clipped' });
  const heldPath = svg('path', { class: 'held-line' });
  const axes = svg('g', { class: 'axes' });
  const curve = el('figure', { class: 'curve' },
    svg('svg', { viewBox: `0 0 ${VIEW.width} ${VIEW.height}`, role: 'img', ...labelled('heads.curve') },
    // the plot's own box clips what runs off the fitted loss axis
    axes, svg('svg', { x: PLOT.left, y: PLOT.top, width: PLOT.width, height: PLOT.height,
      viewBox: `${PLOT.left} ${PLOT.top} ${PLOT.width} ${PLOT.height}` }, trainPath, heldPath)),
    el('figcaption', {}, el('span', { class: 'key train-key', ...worded('heads.curveTrain') }), ' ',
      el('span', { class: 'key held-key', ...worded('heads.curveHeldOut') }), el('span', worded('heads.curveCaption')),
      clipped));
  const sentence = el('p', { class: 'words' });
  const answer = el('p', { class: 'answer' });
  // Blank rows until the first view: the table keeps the height its guesses will take.
  const guesses = el('tbody', {}, ...Array.from({ length: GUESSES },
    () => el('tr', {}, el('th', { scope: 'row', text: '\u00a0' }), el('td', { text: '\u00a0' }))));
  const another = b('heads.another');
  const zeroed = el('p', { class: 'zeroed', hidden: true });
  const sample = el('section', { class: 'sample' },
    el('h3', worded('heads.sampleTitle')), sentence, another, answer,
    el('table', { class: 'guesses' }, el('caption', { class: 'visually-hidden', ...worded('heads.guessesCaption') }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', ...worded('heads.nextWord') }),
        el('th', { scope: 'col', ...worded('heads.probability') }))),
      guesses), zeroed);
  const headsBox = el('div', { class: 'heads' });
  const note = el('p', { class: 'note' });
  // .loading: the texts the first picture brings keep their lines meanwhile (attention-heads.css).
  const lab = el('div', { class: 'lab loading' }, form, status, message, mode, finished, live, curve, sample, headsBox, note);
  root.replaceChildren(lab);
  const parts = { lab, form, train, step, reset, seed, headsSelect: heads, status, message, mode, finished, live, trainPath,
    heldPath, axes, clipped, sentence, answer, guesses, another, zeroed, heads: headsBox, note };
  writeValued(parts);
  return parts;
}

// The static words that hold numbers (relabel() cannot rewrite them from a key alone).
function writeValued({ step, note }) {
  step.title = t('heads.stepTitle', { n: STEP_SIZE });
  note.textContent = t('heads.note', { needed: compact(NEEDED_LOSS), step: STEP_SIZE, window: count(PLATEAU.window),
    gain: compact(PLATEAU.gain) });
}

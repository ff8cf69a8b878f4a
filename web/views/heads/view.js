// What <attention-heads> shows: its controls, the loss curves, a held-out sentence with the
// model's guesses, and one "Head N shares" grid per head with its label. Built once (blank, sized
// like the first picture); the element (web/elements/heads.js) hands it the worker's news.
import { el, svg } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { formatCount } from '../scale/format.js'; // not toLocaleString: its first use loads the locale data
import { cellColors, parseHex, rampColor } from '../../shared/colour.js';
import { WEIGHT_RAMP, heatTable } from '../common/heat-table.js';
import { PLOT, VIEW, drawLossCurves } from '../common/loss-curve.js';
import { DEFAULTS, MAX_HEADS } from './attributes.js';
import { GUESSES, PLATEAU, SENTENCE_WORDS, STEP_SIZE } from './engine.js';
import { NEEDED_LOSS, ablationText, headLabel, headsNamed, pausedText, statusText, zeroedText } from './labels.js';

const RAMP = WEIGHT_RAMP.split(' ').map(parseHex); // shares 0 -> 1

export class HeadsView {
  #parts;      // the static parts' named nodes
  #grids = []; // per head: { label, table, cells, rows, ablation, zero, words }
  #announced = ''; // labels last read out to screen readers

  /** Builds the lab in `root` (a shadow root, whose children it replaces) with `heads` blank grids. */
  constructor(root, heads) {
    this.#parts = buildSkeleton(root);
    this.buildHeads(heads);
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
    if (loading) this.#parts.lab.classList.add('loading');
    this.#parts.heads.replaceChildren();
    this.#grids = [];
    for (let h = 0; h < count; h++) {
      const label = el('p', { class: 'label', text: headLabel(h, null) });
      const { table, cells, rows } = gridTable(h, blankView());
      const ablation = el('p', { class: 'ablation' });
      // A toggle: pressed, the head's output is zeroed in what the model shows (the element sends it).
      const zero = el('button', { type: 'button', class: 'zero', 'aria-pressed': 'false', 'data-head': String(h),
        text: `Zero head ${h + 1}` });
      this.#parts.heads.append(el('figure', { class: 'head' }, label,
        el('div', { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': `Head ${h + 1} shares, scrollable` }, table),
        el('div', { class: 'zeroing' }, zero, ablation)));
      this.#grids.push({ label, table, cells, rows, ablation, zero, words: null });
    }
  }

  /** Train / Pause, and the line that says why training paused itself (the engine's numbers). */
  showRunning(running, pause = {}) {
    const p = this.#parts;
    p.train.textContent = running ? 'Pause' : 'Train';
    p.train.setAttribute('aria-pressed', String(running));
    p.finished.textContent = running ? '' : pausedText(pause);
  }

  /** Where training runs: the note shows, with its reason, when it is the page's own thread. */
  showMode(mode, reason) {
    const note = this.#parts.mode;
    note.hidden = mode !== 'main';
    note.textContent = mode === 'main' ? `Training runs on the page itself (${reason}), which may stutter.` : '';
  }

  /** After the worker failed: only Reset (a new model) is left to press. */
  showFailed(failed) {
    const p = this.#parts;
    for (const control of [p.train, p.step, p.another, ...this.#grids.map((g) => g.zero)]) control.disabled = failed;
  }

  /** The Zero head N toggles, and the held-out loss of the model as shown. */
  showZeroed(zeroed, measured) {
    this.#grids.forEach((g, h) => g.zero.setAttribute('aria-pressed', String(zeroed.includes(h))));
    const line = this.#parts.zeroed;
    line.hidden = zeroed.length === 0 || !measured;
    line.textContent = line.hidden ? '' : zeroedText(zeroed, measured);
  }

  /** The controls follow the attributes (the seed field not while it shows a refused entry). */
  showSettings({ seed, heads }, keepSeedField) {
    const p = this.#parts;
    if (p.seed.value !== String(seed) && !keepSeedField) p.seed.value = String(seed);
    p.headsSelect.value = String(heads);
  }

  /** A progress report painted: the status line, the curves, the sample's view. */
  showProgress({ steps, view, zeroed }, { train, heldOut, measured }) {
    // the newest of each loss: a picture that trained nothing (a head zeroed) keeps the last batch's
    this.#parts.status.textContent = statusText({ steps, trainLoss: train.at(-1)?.loss, heldOutLoss: heldOut.at(-1)?.loss,
      heldOutSentences: measured?.heldOutSentences });
    this.#drawCurve(train, heldOut);
    this.showView(view, zeroed);
  }

  /** The head labels from a held-out measurement; read out only when a job changes. */
  showLabels({ heads, heldOutLoss }) {
    const labels = heads.map((report, h) => headLabel(h, report));
    this.#grids.forEach((g, h) => {
      if (!heads[h]) return;
      g.label.textContent = labels[h];
      g.label.classList.toggle('specialised', heads[h].job !== 'none' && heads[h].needed);
      g.label.classList.toggle('needed', heads[h].needed);
      g.ablation.textContent = `${ablationText(h, heads[h], heldOutLoss)}.`;
    });
    const jobs = heads.map((r) => `${r.job}/${r.needed}`).join();
    if (jobs !== this.#announced) {
      this.#announced = jobs;
      this.#parts.live.textContent = labels.join('. ');
    }
  }

  /** A sentence's view: its words, the model's guesses for the last one (`zeroed` heads zeroed), each head's shares. */
  showView(view, zeroed = []) {
    const p = this.#parts;
    p.lab.classList.remove('loading'); // the first picture has its own sizes
    const last = view.words.length - 1;
    p.sentence.textContent = view.words.join(' ');
    const model = zeroed.length ? `the model's top guesses for it with ${headsNamed(zeroed)} zeroed` : "the model's top guesses for it";
    p.answer.textContent = `The word after the last comma is "${view.words[last]}"; ${model}:`;
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
    const text = clipped === null ? '' : ` Earlier losses, up to ${fixed2(clipped)}, run off the top of the axis.`;
    if (this.#parts.clipped.textContent !== text) this.#parts.clipped.textContent = text;
  }

}

const CURVE_MIN_STEPS = 500; // the step axis's least extent, so the first steps do not fill it

// Head h's grid for a sentence's view: keys across (the first noun underlined), askers down (the
// comma before the last word outlined), the future's cells masked and blank.
function gridTable(h, view) {
  return heatTable({ caption: `Head ${h + 1} shares`, className: 'grid', labels: view.words,
    colProps: (j) => ({ class: j === view.firstNoun ? 'noun' : null }),
    rowProps: (i) => ({ class: i === view.jobRow ? 'job' : null }),
    cell: (i, j) => el('td', j > i ? { class: 'masked', 'aria-label': 'masked' } : {}) });
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
  const mode = el('p', { class: 'mode', hidden: true });
  const finished = el('p', { class: 'finished', 'aria-live': 'polite' });
  const live = el('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const trainPath = svg('path', { class: 'train-line' });
  const clipped = el('span', { class: 'clipped' });
  const heldPath = svg('path', { class: 'held-line' });
  const axes = svg('g', { class: 'axes' });
  const curve = el('figure', { class: 'curve' },
    svg('svg', { viewBox: `0 0 ${VIEW.width} ${VIEW.height}`, role: 'img',
      'aria-label': 'Loss in nats per word against training steps: training loss and held-out loss' },
    // the plot's own box clips what runs off the fitted loss axis
    axes, svg('svg', { x: PLOT.left, y: PLOT.top, width: PLOT.width, height: PLOT.height,
      viewBox: `${PLOT.left} ${PLOT.top} ${PLOT.width} ${PLOT.height}` }, trainPath, heldPath)),
    el('figcaption', {}, el('span', { class: 'key train-key', text: 'training loss' }), ' ',
      el('span', { class: 'key held-key', text: 'held-out loss' }), ' (nats per word) against training steps.',
      clipped));
  const sentence = el('p', { class: 'words' });
  const answer = el('p', { class: 'answer' });
  // Blank rows until the first view: the table keeps the height its guesses will take.
  const guesses = el('tbody', {}, ...Array.from({ length: GUESSES },
    () => el('tr', {}, el('th', { scope: 'row', text: '\u00a0' }), el('td', { text: '\u00a0' }))));
  const another = b('Another sentence');
  const zeroed = el('p', { class: 'zeroed', hidden: true });
  const sample = el('section', { class: 'sample' },
    el('h3', { text: 'A held-out sentence' }), sentence, another, answer,
    el('table', { class: 'guesses' }, el('caption', { class: 'visually-hidden', text: 'Top next-word guesses' }),
      el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: 'next word' }), el('th', { scope: 'col', text: 'probability' }))),
      guesses), zeroed);
  const headsBox = el('div', { class: 'heads' });
  const note = el('p', { class: 'note', text: 'Each grid shows, for the sentence above, how each word (row) shares its '
    + 'attention among the words so far (columns); the outlined row is the comma before the verb, the underlined column '
    + 'the first noun. The labels are measured over every held-out sentence, at every row a job applies to: the '
    + 'previous word at every row that has one (a label that holds only at some rows names them), the first noun at '
    + 'the comma before the verb, the one row whose next word agrees with it. A head is needed when zeroing it raises '
    + `the held-out loss by ${NEEDED_LOSS} or more. Zero head N zeroes that head's output in the guesses and the held-out loss `
    + `shown (training still trains it). Step trains ${STEP_SIZE} steps; training pauses itself once the held-out loss `
    + `has gone ${formatCount(PLATEAU.window)} steps without beating its best by more than ${PLATEAU.gain}. `
    + 'Reseeding may swap which head takes which job: nobody assigns them.' });
  // .loading: the texts the first picture brings keep their lines meanwhile (attention-heads.css).
  const lab = el('div', { class: 'lab loading' }, form, status, message, mode, finished, live, curve, sample, headsBox, note);
  root.replaceChildren(lab);
  return { lab, form, train, step, reset, seed, headsSelect: heads, status, message, mode, finished, live, trainPath,
    heldPath, axes, clipped, sentence, answer, guesses, another, zeroed, heads: headsBox };
}

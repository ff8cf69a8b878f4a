// Step 12, "Let training choose the grids": the train panel's first goal, "sat attends to the",
// run inside the tour on the chapter's cast, on one screen: the goal, Step and Train, W_Q and
// W_K at two decimals with ↑/↓ for the cells the last step moved, sat's three share bars, the
// loss, and a sentence per step written from the gradient (tour-train.js). It reuses the train
// panel's goal, run and trainer modules (web/views/train/) and the core's training build, loaded
// the first time the step is shown. Its run is its own: the widget's example is untouched.
import { loadAttention } from '../../../wasm/attention.js';
import { el } from '../../shared/dom.js';
import { fixed2, vector } from '../../shared/numbers.js';
import { inLocaleOf, label, relabel, text } from '../../shared/i18n/messages.js';
import { goalById } from '../train/goals.js';
import { checkSentence, lossSentence } from '../train/readout.js';
import { measure, startRun, trainOnce } from '../train/run.js';
import { Trainer } from '../train/trainer.js';
import { barChart } from './parts.js';
import { stepSentence } from './tour-train.js';
import { possessive } from './captions.js';
import { t } from './words.js';

const GOAL = 'sat-the';
const ASKER = 2, TARGET = 0; // sat and the, in the chapter's "the cat sat" (goals.js)
const ALL = { wq: true, wk: true, wv: true };

/**
 * @param {{ reducedMotion?: boolean, onOpenPanel?: () => void }} options
 *   onOpenPanel: shows the widget's own train panel (its four goals), leaving the tour.
 * @returns {{ element: HTMLElement, show(): void, pause(): void }}
 */
export function createTourTraining({ reducedMotion = false, onOpenPanel = () => {} } = {}) {
  const goal = goalById(GOAL);
  let core = null;
  let run = null;
  let state = null;
  let loss = NaN;
  let last = null; // { before, after, result } of the latest step
  let loading = null;

  const stepButton = button('train.step', () => { trainer.stepOnce(); });
  const trainButton = el('button', { type: 'button' });
  trainButton.addEventListener('click', () => trainer.toggle());
  trainButton.classList.add('g-train-go');
  const resetButton = button('train.reset', () => restart());
  const grids = el('div', { class: 'g-train-grids' });
  const bars = el('div', { class: 'g-train-bars' });
  const lossLine = el('strong', { class: 'g-train-loss' });
  const check = el('span', {});
  const checkBox = el('p', { class: 'g-train-check' }, lossLine, ' ', check);
  const legend = el('p', { class: 'g-note g-train-legend', ...text('tour.train.legend'), hidden: true });
  const said = el('p', { class: 'g-train-said', 'aria-live': 'polite' });
  const frozen = el('p', { class: 'g-note g-train-wv' });
  const open = button('tour.train.more', () => { trainer.pause(); onOpenPanel(); });
  const goalLine = el('span', {});
  const element = el('div', { class: 'g-train', 'aria-busy': 'true' },
    el('p', { class: 'g-train-goal' }, goalLine),
    el('div', { class: 'g-actions g-train-buttons', role: 'group', ...label('tour.train.group') }, stepButton, trainButton, resetButton),
    el('div', { class: 'g-train-board' }, grids, bars),
    legend, checkBox, said, frozen,
    el('p', { class: 'g-note g-train-on' }, open, el('span', text('tour.train.heads'))));

  const trainer = new Trainer({
    step: stepOnce, isMet: () => goal.progress(core, state).met, onChange: () => paintIn(),
    ...(reducedMotion && {
      scheduler: { schedule: (fn) => setTimeout(fn, 250), soon: (fn) => setTimeout(fn, 0), cancel: (h) => clearTimeout(h) },
      stepsPerTick: 12, tickBudget: 30,
    }),
  });

  function button(key, onClick) {
    const b = el('button', { type: 'button', ...text(key) });
    b.addEventListener('click', onClick);
    return b;
  }

  function restart() {
    trainer.pause();
    const fresh = startRun(core, goal, 0);
    run = fresh.run;
    state = fresh.state;
    last = null;
    loss = measure(core, run, state).loss;
    trainer.begin(loss);
  }

  function stepOnce() {
    const before = state;
    const result = core.attend(before);
    const r = trainOnce(core, run, before, { learningRate: goal.learningRate, train: ALL });
    if (r.stalled) return r;
    state = r.state;
    loss = r.loss;
    last = { before, after: state, result };
    return { loss: r.loss };
  }

  // The trainer repaints from its own timer, outside the tour's paint: in the tour's language then.
  function paintIn() {
    if (element.isConnected) inLocaleOf(element, paint);
    else paint();
  }

  function paint() {
    relabel(element);
    goalLine.replaceChildren(el('strong', { text: t('tour.train.goal') }), goal.target);
    if (!state) return;
    const moved = last && { wq: delta(last.before.wq, last.after.wq), wk: delta(last.before.wk, last.after.wk) };
    grids.replaceChildren(grid('W_Q', state.wq, moved?.wq), grid('W_K', state.wk, moved?.wk));
    legend.hidden = !moved;
    const w = core.attend(state).weights[ASKER];
    const chart = barChart(t('tour.train.shares', { owner: possessive(state.tokens[ASKER]) }), state.tokens.map((t, j) => ({
      key: j, label: t, value: w[j], text: fixed2(w[j]) })), { max: 1, cls: 'g-bar-share' });
    bars.replaceChildren(chart.element);
    const progress = goal.progress(core, state);
    lossLine.textContent = lossSentence(loss, trainer.steps);
    check.textContent = checkSentence(GOAL, progress);
    checkBox.classList.toggle('met', progress.met);
    said.textContent = last ? stepSentence({ ...last, asker: ASKER, target: TARGET, steps: trainer.steps })
      : t('tour.train.press');
    if (trainer.message) said.textContent += ` ${trainer.message}`;
    frozen.textContent = t('tour.train.frozen', { wv: state.wv.map((r) => vector(r, fixed2)).join(t('tour.train.separator')) });
    trainButton.textContent = t(trainer.playing ? 'train.pause' : 'train.train');
    stepButton.disabled = trainer.playing;
    element.setAttribute('aria-busy', 'false');
  }

  return {
    element,
    /** The step is on screen: load the training core once, then show the run where it was left. */
    show() {
      if (state) { paint(); return; }
      paint(); // the words, before the core has loaded
      loading ??= loadAttention({ training: true, path: 'teaching' }).then((c) => { core = c; restart(); },
        (err) => { said.textContent = inLocaleOf(element, () => t('tour.train.failed', { reason: err?.message ?? err })); });
    },
    pause() { trainer.pause(); },
  };
}

// Each cell's change in the last step: 1 rose, −1 fell, 0 moved less than 0.0005.
function delta(before, after) {
  return before.map((row, r) => row.map((x, c) => {
    const d = after[r][c] - x;
    return Math.abs(d) < 0.0005 ? 0 : Math.sign(d);
  }));
}

function grid(name, rows, moved) {
  const [letter, sub] = name.split('_');
  return el('table', { class: 'g-train-grid role-w', 'aria-label': name },
    el('caption', {}, letter, el('sub', { text: sub })),
    el('tbody', {}, rows.map((row, r) => el('tr', {}, row.map((x, c) => {
      const mark = moved?.[r][c] > 0 ? '↑' : moved?.[r][c] < 0 ? '↓' : '';
      return el('td', { 'data-cell': `${r},${c}` }, fixed2(x), mark ? el('span', { class: 'g-train-mark', text: mark }) : null);
    })))));
}

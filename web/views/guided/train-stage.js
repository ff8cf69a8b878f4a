// Step 12, "Let training choose the grids": the train panel's first goal, "sat attends to the",
// run inside the tour on the chapter's cast, on one screen: the goal, Step and Train, W_Q and
// W_K at two decimals with ↑/↓ for the cells the last step moved, sat's three share bars, the
// loss, and a sentence per step written from the gradient (tour-train.js). It reuses the train
// panel's goal, run and trainer modules (web/views/train/) and the core's training build, loaded
// the first time the step is shown. Its run is its own: the widget's example is untouched.
import { loadAttention } from '../../../wasm/attention.js';
import { el } from '../../shared/dom.js';
import { fixed2, vector } from '../../shared/numbers.js';
import { goalById } from '../train/goals.js';
import { checkSentence, lossSentence } from '../train/readout.js';
import { measure, startRun, trainOnce } from '../train/run.js';
import { Trainer } from '../train/trainer.js';
import { barChart } from './parts.js';
import { stepSentence } from './tour-train.js';

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

  const stepButton = button('Step', () => { trainer.stepOnce(); });
  const trainButton = button('Train', () => trainer.toggle());
  trainButton.classList.add('g-train-go');
  const resetButton = button('Reset training', () => restart());
  const grids = el('div', { class: 'g-train-grids' });
  const bars = el('div', { class: 'g-train-bars' });
  const lossLine = el('strong', { class: 'g-train-loss' });
  const check = el('span', {});
  const checkBox = el('p', { class: 'g-train-check' }, lossLine, ' ', check);
  const legend = el('p', { class: 'g-note g-train-legend', text: '↑ / ↓: the cell rose / fell in the last step.', hidden: true });
  const said = el('p', { class: 'g-train-said', 'aria-live': 'polite' });
  const frozen = el('p', { class: 'g-note g-train-wv' });
  const open = button('More goals: the train panel', () => { trainer.pause(); onOpenPanel(); });
  const element = el('div', { class: 'g-train', 'aria-busy': 'true' },
    el('p', { class: 'g-train-goal' }, el('strong', { text: 'Goal: ' }), goal.target),
    el('div', { class: 'g-actions g-train-buttons', role: 'group', 'aria-label': 'Training' }, stepButton, trainButton, resetButton),
    el('div', { class: 'g-train-board' }, grids, bars),
    legend, checkBox, said, frozen,
    el('p', { class: 'g-note g-train-on' }, open, ' Many heads at once: the heads lab, <attention-heads>.'));

  const trainer = new Trainer({
    step: stepOnce, isMet: () => goal.progress(core, state).met, onChange: paint,
    ...(reducedMotion && {
      scheduler: { schedule: (fn) => setTimeout(fn, 250), soon: (fn) => setTimeout(fn, 0), cancel: (h) => clearTimeout(h) },
      stepsPerTick: 12, tickBudget: 30,
    }),
  });

  function button(text, onClick) {
    const b = el('button', { type: 'button', text });
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

  function paint() {
    if (!state) return;
    const moved = last && { wq: delta(last.before.wq, last.after.wq), wk: delta(last.before.wk, last.after.wk) };
    grids.replaceChildren(grid('W_Q', state.wq, moved?.wq), grid('W_K', state.wk, moved?.wk));
    legend.hidden = !moved;
    const w = core.attend(state).weights[ASKER];
    const chart = barChart(`${state.tokens[ASKER]}'s shares`, state.tokens.map((t, j) => ({
      key: j, label: t, value: w[j], text: fixed2(w[j]) })), { max: 1, cls: 'g-bar-share' });
    bars.replaceChildren(chart.element);
    const progress = goal.progress(core, state);
    lossLine.textContent = lossSentence(loss, trainer.steps);
    check.textContent = checkSentence(GOAL, progress);
    checkBox.classList.toggle('met', progress.met);
    said.textContent = last ? stepSentence({ ...last, asker: ASKER, target: TARGET, steps: trainer.steps })
      : 'Press Step: one step of gradient descent nudges every violet cell a little downhill on the loss. '
        + 'This run is on the chapter’s cast; your example is not changed.';
    if (trainer.message) said.textContent += ` ${trainer.message}`;
    frozen.textContent = `W_V stays ${state.wv.map((r) => vector(r, fixed2)).join(', ')}: it is not in the loss.`;
    trainButton.textContent = trainer.playing ? 'Pause' : 'Train';
    stepButton.disabled = trainer.playing;
    element.setAttribute('aria-busy', 'false');
  }

  return {
    element,
    /** The step is on screen: load the training core once, then show the run where it was left. */
    show() {
      if (state) { paint(); return; }
      loading ??= loadAttention({ training: true, path: 'teaching' }).then((c) => { core = c; restart(); },
        (err) => { said.textContent = `Training could not load: ${err?.message ?? err}.`; });
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

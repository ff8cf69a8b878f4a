// The train panel of <attention-widget train>: pick a goal, try it by hand, then
// watch gradient descent do it. A view and its wiring only: the loop is
// trainer.js, the goals goals.js, the words readout.js, every number the core's
// (through run.js). The grids live in the widget's model: each step is one
// model.propose(next, 'train'), so every view of the example repaints with it.
import { el, setAttr, setText, uid } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { parseNumber } from '../../model/limits.js';
import { cloneState } from '../../model/state.js';
import { GOALS, goalById } from './goals.js';
import { smallCurve } from '../common/loss-curve.js';
import { checkSentence, heldOutSentence, lossSentence, readout } from './readout.js';
import { beginAt, measure, startRun, trainOnce } from './run.js';
import { Trainer } from './trainer.js';
import { styleSheet } from './train.css.js';

const CURVE = { width: 300, height: 90 };
const GRIDS = [['wq', 'W_Q'], ['wk', 'W_K'], ['wv', 'W_V']];

/**
 * @param {{ model, core, marks: { show(info | null): void }, pin: { show(point | null, onMove?): void },
 *           reducedMotion?: boolean, onError?: (error: { code: string, message: string }) => void }} options
 *   model: the widget's example model; core: loadAttention({ training: true })'s object; marks: the violet cells'
 *   gradient and moved marks (the cast); pin: the target pin in the arrows plot.
 */
export function createTrainPanel({ root, model, core, marks, pin, reducedMotion = false, onError = () => {} }) {
  const sheet = styleSheet(); // built from train.css, once per page
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const ui = buildView();
  let goal = GOALS[0];
  let run = null;
  let current = null;    // { loss, gradients, moved } at model.state, from the core; null: goal not measurable
  let progress = null;   // goal.progress at model.state, for the version it was read at
  let progressVersion = -1;
  let own = false;       // true while the panel itself proposes (its own repaint follows)
  const train = { wq: true, wk: true, wv: true };

  const trainer = new Trainer({
    step: stepOnce,
    isMet: () => progressNow()?.met ?? false,
    onChange: paintTrainer,
    // Reduced motion: a few repaints a second, several steps each, instead of one per frame.
    ...(reducedMotion && {
      scheduler: { schedule: (fn) => setTimeout(fn, 250), cancel: (h) => clearTimeout(h) }, stepsPerTick: 12,
    }),
  });

  // ---- actions ----

  // A goal's run: from its documented (or seeded) start, or from the state on screen when it fits.
  // `then` runs the run's first measurement and paint: at once, or later (start's first goal).
  function selectGoal(id, { keepState = false, then = (measureAndPaint) => measureAndPaint() } = {}) {
    trainer.pause();
    goal = goalById(id) ?? GOALS[0];
    ui.goal.value = goal.id;
    ui.rate.value = String(goal.learningRate);
    const seed = readSeed();
    const fresh = startRun(core, goal, seed);
    if (keepState && sameShape(model.state, fresh.state)) run = beginAt(core, goal, model.state, fresh.run.pin, seed);
    else {
      run = fresh.run;
      if (!propose(fresh.state)) return;
    }
    then(begin);
  }

  function begin() {
    progressVersion = -1; // a new run: progress is about its goal now
    current = tryMeasure();
    trainer.begin(current?.loss ?? NaN);
    paintGoal();
    paintModel();
  }

  // One step for the trainer: through the core, then into the model. Throws with the reason when refused.
  function stepOnce() {
    if (!current) throw new Error(ui.message.textContent || 'This goal cannot be trained on this example.');
    const rate = readRate();
    const r = trainOnce(core, run, model.state, { learningRate: rate, train: { ...train } });
    if (r.stalled) return r;
    if (!propose(r.state)) throw new Error(ui.message.textContent);
    current = r;
    paintModel();
    return { loss: r.loss };
  }

  function resetTraining() {
    trainer.pause();
    if (!propose(cloneState(run.origin))) return;
    current = tryMeasure();
    trainer.reset(current?.loss ?? NaN);
    paintModel();
  }

  function propose(state) {
    own = true;
    let outcome;
    try {
      outcome = model.propose(state, 'train');
    } finally {
      own = false;
    }
    if (!outcome.ok) showMessage(outcome.message, outcome.code);
    return outcome.ok;
  }

  // Any change the panel did not make (a typed cell, a drag, a switch, Reset): measure again and
  // mark it on the curve; training, if playing, carries on from the new numbers.
  function changedElsewhere() {
    if (own || !run) return;
    current = tryMeasure();
    if (current) trainer.noteEdit(current.loss);
    paintModel();
  }

  function movePin(point) {
    run.pin = point;
    run.originProgress = goal.progress(core, run.origin, point); // "was" is about this pin too
    progressVersion = -1; // the same numbers, a new target
    changedElsewhere();
  }

  // ---- reading the controls ----

  function readRate() {
    const parsed = parseNumber(ui.rate.value);
    if (!parsed.ok) throw Object.assign(new Error(`The learning rate ${parsed.message}.`), { code: 'bad_learning_rate' });
    return parsed.value; // the core refuses 0, negatives and above 100 with its own words
  }

  function readSeed() {
    const parsed = parseNumber(ui.seed.value);
    const ok = parsed.ok && Number.isInteger(parsed.value) && parsed.value >= 0 && parsed.value <= 999;
    setAttr(ui.seed, 'aria-invalid', String(!ok));
    if (!ok) showMessage('The seed must be a whole number from 0 to 999; using 0.', 'bad_seed');
    return ok ? parsed.value : 0;
  }

  function tryMeasure() {
    try {
      const m = measure(core, run, model.state);
      clearMessage();
      return m;
    } catch (err) {
      showMessage(`“${goal.name}” cannot be measured on these numbers: ${err.message}. `
        + 'Pick the goal again to load its sentence.', err.code ?? 'bad_goal');
      return null;
    }
  }

  function progressNow() {
    if (!run || !current) return null;
    if (progressVersion !== model.version) {
      progress = goal.progress(core, model.state, run.pin);
      progressVersion = model.version;
    }
    return progress;
  }

  // ---- painting ----

  function paintGoal() {
    setText(ui.target, `Goal: ${goal.target}`);
    setText(ui.loss, goal.loss);
    setText(ui.hint, goal.hint);
    const pronouns = goal.id === 'pronouns';
    ui.sentences.hidden = !pronouns;
    if (pronouns) ui.sentenceList.replaceChildren(...goal.training.map((s) =>
      el('li', { text: `${s.tokens.join(' ')} (${s.links.map((l) => `${s.tokens[l.asker]} → ${s.tokens[l.key]}`).join(', ')})` })));
  }

  // Everything that follows the model's numbers: the check, the readout, the marks, the pin.
  function paintModel() {
    const p = progressNow();
    ui.check.classList.toggle('met', Boolean(p?.met));
    setText(ui.checkIcon, p?.met ? '✓' : '✗');
    setText(ui.checkText, p ? checkSentence(goal.id, p) : 'No check: the goal cannot be measured on these numbers.');
    ui.heldOut.hidden = !p?.heldOut;
    if (p?.heldOut) {
      setText(ui.heldOut, heldOutSentence(p));
      ui.heldOut.classList.toggle('met', p.heldOutMet);
    }
    marks.show(current && { gradients: current.gradients, moved: current.moved, train: { ...train } });
    pin.show(goal.id === 'blend' && run ? run.pin : null, movePin);
    paintTrainer(trainer);
  }

  function paintTrainer(t) {
    setText(ui.play, t.playing ? 'Pause' : 'Train');
    // Sixty changes a second would flood a screen reader: the live lines speak when it pauses.
    for (const line of [ui.check, ui.readout]) setAttr(line, 'aria-live', t.playing ? 'off' : 'polite');
    const usable = Boolean(current);
    ui.play.disabled = !usable && !t.playing;
    ui.stepButton.disabled = !usable || t.playing;
    // The readout compares with the start once anything moved (a step, or an edit of your own).
    const p = progressNow();
    const atStart = t.steps === 0 && t.edits.length === 0;
    setText(ui.readout, p ? readout(goal.id, p, atStart ? undefined : run.originProgress) : '');
    const loss = t.losses.at(-1);
    setText(ui.stats, Number.isFinite(loss) ? lossSentence(loss, t.steps) : `Step ${t.steps}.`);
    // The goal met is news, not an error; a stop for any other reason is an error with its code.
    setText(ui.note, t.kind === 'met' ? t.message : '');
    if (t.message && t.kind !== 'met') showMessage(t.message, t.code);
    paintCurve(t);
  }

  function paintCurve(t) {
    const finite = t.losses.filter(Number.isFinite);
    const g = ui.paintCurve(finite, t.edits);
    setText(ui.yTop, fixed2(g.yMax));
    setText(ui.xRight, `${g.xMax} steps`);
    setAttr(ui.curve, 'aria-label', finite.length > 1
      ? `Loss curve: from ${fixed2(finite[0])} to ${fixed2(finite.at(-1))} over ${finite.length - 1} points`
      : 'Loss curve: no steps yet');
  }

  function showMessage(text, code) {
    if (ui.message.textContent === text) return;
    ui.message.textContent = text;
    ui.message.hidden = false;
    onError({ code, message: text });
  }

  function clearMessage() {
    ui.message.hidden = true;
    ui.message.textContent = '';
  }

  // ---- the view ----

  function buildView() {
    const goalId = uid('goal'), rateId = uid('rate'), seedId = uid('seed');
    const goalSelect = el('select', { id: goalId, name: 'goal' },
      GOALS.map((g) => el('option', { value: g.id, text: g.name })));
    const rate = el('input', { id: rateId, type: 'text', class: 'num', autocomplete: 'off', spellcheck: 'false' });
    const seed = el('input', { id: seedId, type: 'text', class: 'num', autocomplete: 'off', spellcheck: 'false', value: '0' });
    const play = el('button', { type: 'button', class: 'play', text: 'Train' });
    const stepButton = el('button', { type: 'button', text: 'Step' });
    const reset = el('button', { type: 'button', text: 'Reset training' });
    const freeze = GRIDS.map(([name, label]) => {
      const input = el('input', { type: 'checkbox', checked: true, name });
      return { name, input, wrap: el('label', { class: 'learns' }, input, ' ', el('span', { class: 'role-w', text: label })) };
    });
    const checkIcon = el('span', { class: 'icon', 'aria-hidden': 'true' });
    const checkText = el('span');
    const yTop = el('span', { class: 'y-top' }), xRight = el('span', { class: 'x-right' });
    const { element: curve, paint: paintCurve } = smallCurve(CURVE);
    const parts = {
      goal: goalSelect, rate, seed, play, stepButton, reset, freeze, checkIcon, checkText, curve, paintCurve,
      yTop, xRight,
      target: el('p', { class: 'target' }), loss: el('p', { class: 'how' }), hint: el('p', { class: 'hint' }),
      check: el('p', { class: 'check', role: 'status' }, checkIcon, ' ', checkText),
      heldOut: el('p', { class: 'held-out', hidden: true }),
      sentenceList: el('ol'),
      stats: el('p', { class: 'stats' }),
      note: el('p', { class: 'note', role: 'status' }),
      readout: el('p', { class: 'readout', 'aria-live': 'polite' }),
      message: el('p', { class: 'train-message', role: 'alert', hidden: true }),
    };
    parts.sentences = el('details', { class: 'sentences', hidden: true },
      el('summary', { text: 'The training sentences (the held-out one is on screen)' }), parts.sentenceList);
    parts.element = el('section', { class: 'panel train', 'aria-label': 'Train the violet grids' },
      el('h3', { text: 'Train the violet grids' }),
      el('p', { class: 'lead', text: 'The recipe (score, soften, mix) never changes. Gradient descent only nudges '
        + 'the entries of W_Q, W_K and W_V downhill on a goal’s loss. Try the goal by hand first, then press Train.' }),
      el('div', { class: 'row' },
        el('label', { for: goalId, text: 'Goal' }), goalSelect,
        el('label', { for: seedId, text: 'Seed' }), seed),
      parts.target, parts.loss, parts.hint, parts.check, parts.heldOut, parts.sentences,
      el('div', { class: 'row buttons' }, play, stepButton, reset,
        el('label', { for: rateId, text: 'Learning rate' }), rate),
      el('fieldset', { class: 'row freeze' }, el('legend', { text: 'Grids that learn (untick to freeze)' }),
        freeze.map((f) => f.wrap)),
      parts.stats, parts.note,
      el('figure', { class: 'curve-box' }, yTop, curve, xRight,
        el('figcaption', { text: 'Loss after each step (dots: your own edits)' })),
      parts.readout, parts.message);
    return parts;
  }

  function wire() {
    ui.goal.addEventListener('change', () => selectGoal(ui.goal.value));
    ui.seed.addEventListener('change', () => selectGoal(goal.id));
    ui.play.addEventListener('click', () => trainer.toggle());
    ui.stepButton.addEventListener('click', () => trainer.stepOnce());
    ui.reset.addEventListener('click', resetTraining);
    ui.rate.addEventListener('input', () => {
      const parsed = parseNumber(ui.rate.value);
      setAttr(ui.rate, 'aria-invalid', String(!parsed.ok));
      if (parsed.ok) clearMessage();
      else showMessage(`The learning rate ${parsed.message}.`, 'bad_learning_rate');
    });
    for (const f of ui.freeze) f.input.addEventListener('change', () => {
      train[f.name] = f.input.checked;
      paintModel();
    });
  }
  wire();

  return {
    element: ui.element,
    trainer,
    get goal() { return goal; },
    /**
     * Starts the panel on the widget's model: the first goal, from the state on screen when it fits.
     * `later(fn)` may run its first measurement and paint in a task of its own (a page's load).
     */
    start(later) {
      if (!run) selectGoal(goal.id, { keepState: true, then: later });
    },
    /** Follows the model while connected; the signal's abort unsubscribes and pauses. */
    connect(signal) {
      const stop = model.subscribe(changedElsewhere);
      signal.addEventListener('abort', () => {
        stop();
        trainer.pause();
      });
    },
  };
}

// The same sentence and grid shapes: a run can begin from this state as it is.
function sameShape(a, b) {
  const dims = (s) => JSON.stringify([s.tokens, s.embeddings.map((r) => r.length), s.wq.length, s.wv.length]);
  return dims(a) === dims(b);
}

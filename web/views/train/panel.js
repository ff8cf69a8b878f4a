// The train panel of <attention-widget train>: pick a goal, try it by hand, then
// watch gradient descent do it. A view and its wiring only: the loop is
// trainer.js, the goals goals.js, the words readout.js, every number the core's
// (through run.js). The grids live in the widget's model: each step is one
// model.propose(next, 'train'), so every view of the example repaints with it.
import { el, setAttr, setText, uid } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { quote } from '../../shared/text.js';
import { MAX_TOKENS, parseNumber } from '../../model/limits.js';
import { cloneState } from '../../model/state.js';
import { GOALS, goalById } from './goals.js';
import { smallCurve } from '../common/loss-curve.js';
import { readTyped } from './pronouns.js';
import {
  challengeSentence, checkSentence, coinTossSentence, heldOutSentence, layerSentences, lossSentence, readout,
} from './readout.js';
import { beginAt, measure, resetUpper, startRun, trainOnce } from './run.js';
import { Trainer } from './trainer.js';
import { inLocaleOf, label, relabel, text } from '../../shared/i18n/messages.js';
import { t } from './words.js';
import { styleSheet } from './train.css.js';

const CURVE = { width: 300, height: 90 };
const GRIDS = [['wq', 'W_Q'], ['wk', 'W_K'], ['wv', 'W_V']];
const PRONOUN_GOALS = new Set(['pronouns', 'it-two-layers']);
// Reduced motion: a repaint every 250 ms after 12 steps; a batch that takes longer than this goes on
// in tasks of their own.
const TICK_BUDGET_MS = 30;

/**
 * @param {{ model, core, marks: { show(info | null): void }, pin: { show(point | null, onMove?): void },
 *           reducedMotion?: boolean, freshen?: () => void, onError?: (error: { code: string, message: string }) => void,
 *           onGoal?: (goal: { goal: string, name: string, met: boolean }) => void }} options
 *   model: the widget's example model; core: loadAttention({ training: true })'s object; marks: the violet cells'
 *   gradient and moved marks (the cast); pin: the target pin in the arrows plot; freshen: paints what the
 *   widget left stale off screen while the run played (called as it pauses).
 */
export function createTrainPanel({ root, model, core, marks, pin, reducedMotion = false, freshen = () => {},
  onError = () => {}, onGoal = () => {} }) {
  const sheet = styleSheet(); // built from train.css, once per page
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const ui = buildView();
  // Everything the panel writes is in the widget's language, read from the nearest `lang` above it
  // (the widget writes its resolved language on its root): each way in (a click, a frame of the
  // trainer, a change of the model) runs inside it.
  const speak = (fn) => (...args) => inLocaleOf(ui.element, () => fn(...args));
  let goal = GOALS[0];
  let run = null;
  let current = null;    // { loss, gradients, moved } at the latest state, from the core; null: goal not measurable
  let progress = null;   // goal.progress at the latest state, for the key it was read at (progressNow)
  let progressVersion = -1;
  let own = false;       // true while the panel itself proposes (its own repaint follows)
  let pending = null;    // the state after the latest steps, not yet in the model (see flush)
  let seedNote = '';     // a seed that did not read: its message stays until the seed reads
  let metShown = false;  // what the last onGoal said of this run's goal (a new run starts not met)
  const train = { wq: true, wk: true, wv: true };

  const trainer = new Trainer({
    step: speak(stepOnce),
    isMet: () => progressNow()?.met ?? false,
    // The steps of a batch stay out of the model (`pending`): when the trainer says (after each
    // batch, and as it pauses) the last of them goes in, so the widget's views and this panel repaint
    // once per batch (each frame, or every twelve steps with reduced motion), not once per step.
    // While it plays, the widget repaints only the panels on screen (panels.js); paused (or after
    // one Step), every panel shows the latest numbers again, from the next frame.
    onChange: speak(() => {
      flush();
      paintModel();
      if (!trainer.playing) freshen();
    }),
    // Reduced motion: a few repaints a second, several steps each, instead of one per frame. With
    // motion a step per frame stays: two steps a repaint reached the goal sooner, but more printed
    // numbers changed per frame and its layout and paint grew past 50 ms more often.
    ...(reducedMotion && {
      scheduler: { schedule: (fn) => setTimeout(fn, 250), soon: (fn) => setTimeout(fn, 0), cancel: (h) => clearTimeout(h) },
      stepsPerTick: 12, tickBudget: TICK_BUDGET_MS,
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
    const seed = readSeed() ?? run?.seed ?? 0;
    const fresh = startRun(core, goal, seed);
    if (keepState && sameShape(model.state, fresh.state))
      run = beginAt(core, goal, model.state, fresh.run.pin, seed, fresh.run.upper);
    else {
      run = fresh.run;
      if (!propose(fresh.state)) return;
    }
    then(begin);
  }

  function begin() {
    progressVersion = -1; // a new run: progress is about its goal now
    metShown = false;
    current = tryMeasure();
    trainer.begin(current?.loss ?? NaN);
    paintGoal();
    paintModel();
  }

  // One step for the trainer, through the core, from the latest state (the model's, or the last
  // step's not yet in it). Throws with the reason when refused.
  function stepOnce() {
    if (!current) throw new Error(ui.message.textContent || t('train.cannotTrain'));
    const rate = readRate();
    const r = trainOnce(core, run, pending ?? model.state, { learningRate: rate, train: { ...train } });
    if (r.stalled) return r;
    pending = r.state;
    if (r.upper) run.upper = r.upper.layers;
    current = r;
    return { loss: r.loss };
  }

  // The steps' last state into the model: every view of the example repaints with it. A state the
  // model refuses pauses the run with its message (the steps before it stay).
  function flush() {
    if (!pending) return;
    const state = pending;
    pending = null;
    if (!propose(state)) trainer.pause();
  }

  function resetTraining() {
    trainer.pause();
    const upper = run.upper;
    resetUpper(run);
    if (!propose(cloneState(run.origin))) {
      run.upper = upper;
      return;
    }
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
    pending = null; // the learner's numbers, not steps taken before them, are where training goes on
    current = tryMeasure();
    if (current) trainer.noteEdit(current.loss);
    paintModel();
  }

  function movePin(point) {
    run.pin = point;
    run.originProgress = goal.progress(core, run.origin, point, run.originUpper); // "was" is about this pin too
    progressVersion = -1; // the same numbers, a new target
    changedElsewhere();
  }

  // ---- reading the controls ----

  function readRate() {
    const parsed = parseNumber(ui.rate.value);
    if (!parsed.ok) throw Object.assign(new Error(t('train.badRate', { problem: parsed.message })), { code: 'bad_learning_rate' });
    return parsed.value; // the core refuses 0, negatives and above 100 with its own words
  }

  // The seed typed, or null when it does not read: then its message stays on the panel (until a
  // seed reads) and nothing is reset: the run keeps its grids and its own seed.
  function readSeed() {
    const parsed = parseNumber(ui.seed.value);
    const ok = parsed.ok && Number.isInteger(parsed.value) && parsed.value >= 0 && parsed.value <= 999;
    setAttr(ui.seed, 'aria-invalid', String(!ok));
    seedNote = ok ? '' : run ? t('train.badSeedRun', { got: quote(ui.seed.value), seed: run.seed })
      : t('train.badSeed', { got: quote(ui.seed.value) });
    if (ok) clearMessage();
    else showMessage(seedNote, 'bad_seed');
    return ok ? parsed.value : null;
  }

  function changeSeed() {
    if (readSeed() !== null) selectGoal(goal.id);
  }

  // ---- your sentence (the pronoun goals) ----

  // The box's own message line ('' clears it): its words stay as typed while it shows.
  function showSentenceMessage(text) {
    setAttr(ui.yours, 'aria-invalid', String(text !== ''));
    setText(ui.yoursMessage, text);
    ui.yoursMessage.hidden = text === '';
  }

  // A sentence typed into "Your sentence": shown with the grids as they are (no training step),
  // "it" asking; words it does not know get a message and the sentence on screen stays.
  function typeSentence() {
    const read = readTyped(ui.yours.value, MAX_TOKENS);
    const news = !read.ok && ui.yoursMessage.textContent !== read.message; // each message once, as an event
    showSentenceMessage(read.ok ? '' : read.message);
    if (news) onError({ code: 'bad_sentence', message: read.message });
    if (!read.ok) return;
    if (read.tokens.join(' ') === model.state.tokens.join(' ')) return;
    const it = read.tokens.indexOf('it');
    const asker = it >= 0 ? it : Math.min(model.state.asker, read.tokens.length - 1);
    if (propose({ ...model.state, tokens: read.tokens, embeddings: read.embeddings, asker })) paintModel();
  }

  function tryMeasure() {
    try {
      const m = measure(core, run, model.state);
      clearMessage();
      return m;
    } catch (err) {
      showMessage(t('train.cannotMeasure', { goal: t('train.quote', { w: goal.name }), reason: err.message }),
        err.code ?? 'bad_goal');
      return null;
    }
  }

  // The goal's progress at the latest state: the model's, or the steps' not yet in it (`pending`,
  // its own key: the trainer asks after every step).
  function progressNow() {
    if (!run || !current) return null;
    const key = pending ?? model.version;
    if (progressVersion !== key) {
      progress = goal.progress(core, pending ?? model.state, run.pin, run.upper, current);
      progressVersion = key;
    }
    return progress;
  }

  // ---- painting ----

  function paintGoal() {
    setText(ui.target, t('train.target', { target: goal.target }));
    setText(ui.loss, goal.loss);
    setText(ui.hint, goal.hint);
    const pronouns = PRONOUN_GOALS.has(goal.id);
    ui.sentences.hidden = !pronouns;
    ui.yoursBox.hidden = !pronouns;
    showSentenceMessage(''); // a new goal's sentence replaces whatever the box held
    ui.upper.hidden = goal.layers !== 2;
    setText(ui.whole, pronouns ? t('train.whole') : '');
    ui.whole.hidden = !pronouns;
    if (pronouns) ui.sentenceList.replaceChildren(...goal.training.map((s) =>
      el('li', { text: `${s.tokens.join(' ')} (${s.links.map((l) => `${s.tokens[l.asker]} → ${s.tokens[l.key]}`).join(t('list.separator'))})` })));
  }

  // Everything that follows the model's numbers: the check, the readout, the marks, the pin.
  function paintModel() {
    const p = progressNow();
    if (Boolean(p?.met) !== metShown) {
      metShown = Boolean(p?.met);
      onGoal({ goal: goal.id, name: goal.name, met: metShown });
    }
    ui.check.classList.toggle('met', Boolean(p?.met));
    setText(ui.checkIcon, p?.met ? '✓' : '✗');
    setText(ui.checkText, p ? checkSentence(goal.id, p) : t('train.noCheck'));
    ui.heldOut.hidden = !p?.heldOut;
    if (p?.heldOut) {
      setText(ui.heldOut, heldOutSentence(p));
      ui.heldOut.classList.toggle('met', p.heldOut.resolved === p.heldOut.count);
    }
    paintSentence(p);
    paintUpper();
    marks.show(current && { gradients: current.gradients, moved: current.moved, train: { ...train } });
    pin.show(goal.id === 'blend' && run ? run.pin : null, movePin);
    paintTrainer(trainer);
  }

  // "Your sentence": the sentence on screen (unless the learner is typing or left it invalid), the
  // asker "it"'s shares in every layer, one sentence per layer, the challenge after one layer's training.
  function paintSentence(p) {
    const sentence = p?.sentence;
    if (!sentence) return;
    const text = sentence.tokens.join(' ');
    if (!ui.yours.matches(':focus') && ui.yours.getAttribute('aria-invalid') !== 'true' && ui.yours.value !== text)
      ui.yours.value = text;
    const { it } = sentence.expected;
    const asker = it ?? sentence.tokens.indexOf('it');
    const rows = asker >= 0 ? sentence.layers.map((layer) => layer[asker]) : [];
    // Built when the words or the layers change; otherwise only the numbers are written.
    const shape = JSON.stringify([sentence.tokens, rows.length]);
    if (ui.tables.dataset.shape !== shape) {
      ui.tables.dataset.shape = shape;
      ui.tables.replaceChildren(...rows.map((row, l) => sharesTable(
        rows.length > 1 ? t('train.layerShares', { n: l + 1 }) : t('train.onlyLayerShares'), sentence.tokens, row)));
    }
    rows.forEach((row, l) => ui.tables.children[l].querySelectorAll('table').forEach((table) =>
      table.querySelectorAll('td').forEach((td, j) => setText(td, fixed2(row[j])))));
    const lines = asker >= 0 ? layerSentences(sentence) : [t('train.noIt')];
    setLines(ui.layerLines, lines);
  }

  // What one layer's training shows (the goal "pronouns find their noun"): once trained, the
  // challenge on the sentence on screen; once the loss settled, why it settled where it did.
  function paintLessons(loop, p) {
    const challenge = goal.id === 'pronouns' && loop.steps > 0 && Boolean(p?.sentence);
    ui.challenge.hidden = !challenge;
    if (challenge) setText(ui.challenge, challengeSentence(p.sentence));
    const settled = goal.id === 'pronouns' && loop.kind === 'settled' && Boolean(p);
    ui.coinToss.hidden = !settled;
    if (settled) setText(ui.coinToss, coinTossSentence(p, loop.losses.at(-1)));
  }

  // Layer 2's grids (the goal of two layers): numbers only, written while they are open; the
  // cast is layer 1.
  function paintUpper() {
    if (goal.layers !== 2 || !run?.upper || !ui.upper.open) return;
    const layer = run.upper[0];
    if (ui.upperGrids.children.length !== GRIDS.length)
      ui.upperGrids.replaceChildren(...GRIDS.map(([name, label]) => gridTable(t('train.upperGrid', { name: label }), layer[name])));
    GRIDS.forEach(([name], k) => ui.upperGrids.children[k].querySelectorAll('tr').forEach((tr, r) =>
      tr.querySelectorAll('td').forEach((td, c) => setText(td, fixed2(layer[name][r][c])))));
  }

  function paintTrainer(loop) {
    setText(ui.play, t(loop.playing ? 'train.pause' : 'train.train'));
    // Sixty changes a second would flood a screen reader: the live lines speak when it pauses.
    for (const line of [ui.check, ui.readout]) setAttr(line, 'aria-live', loop.playing ? 'off' : 'polite');
    const usable = Boolean(current);
    ui.play.disabled = !usable && !loop.playing;
    ui.stepButton.disabled = !usable || loop.playing;
    // The readout compares with the start once anything moved (a step, or an edit of your own).
    const p = progressNow();
    const atStart = loop.steps === 0 && loop.edits.length === 0;
    setText(ui.readout, p ? readout(goal.id, p, atStart ? undefined : run.originProgress) : '');
    paintLessons(loop, p);
    const loss = loop.losses.at(-1);
    setText(ui.stats, Number.isFinite(loss) ? lossSentence(loss, loop.steps) : t('train.stepsSoFar', { n: loop.steps }));
    // The goal met or the loss settled is news, not an error; a stop for any other reason is an
    // error with its code.
    const news = loop.kind === 'met' || loop.kind === 'settled';
    setText(ui.note, news ? loop.message : '');
    if (loop.message && !news) showMessage(loop.message, loop.code);
    paintCurve(loop);
  }

  function paintCurve(loop) {
    const kept = loop.losses.flatMap((loss, k) => (Number.isFinite(loss) ? [k] : []));
    const finite = kept.map((k) => loop.losses[k]), steps = kept.map((k) => loop.stepOf[k]);
    const edits = loop.edits.filter((k) => Number.isFinite(loop.losses[k])).map((k) => ({ step: loop.stepOf[k], loss: loop.losses[k] }));
    const g = ui.paintCurve(finite, { steps, edits });
    setText(ui.yTop, fixed2(g.yMax));
    setText(ui.xRight, t('train.axisSteps', { n: g.xMax }));
    setAttr(ui.curve, 'aria-label', finite.length > 1
      ? t('train.curve', { from: fixed2(finite[0]), to: fixed2(finite.at(-1)), n: steps.at(-1) })
      : t('train.curveEmpty'));
  }

  function showMessage(text, code) {
    if (ui.message.textContent === text) return;
    ui.message.textContent = text;
    ui.message.hidden = false;
    onError({ code, message: text });
  }

  // Clears the panel's message, except a seed that did not read: that one stays until it does.
  function clearMessage() {
    if (seedNote) {
      showMessage(seedNote, 'bad_seed');
      return;
    }
    ui.message.hidden = true;
    ui.message.textContent = '';
  }

  // The language changed (or the panel was placed): the words built once are rewritten, the
  // tables built from words are built again, the goal's words and the readouts repainted.
  function relabelAll() {
    relabel(ui.element);
    setAttr(ui.element, 'aria-label', t('train.title')); // its own name: relabel() rewrites those below it
    delete ui.tables.dataset.shape;
    ui.upperGrids.replaceChildren();
    if (!run) return;
    paintGoal();
    paintModel();
  }

  // ---- the view ----

  function buildView() {
    const goalId = uid('goal'), rateId = uid('rate'), seedId = uid('seed');
    const goalSelect = el('select', { id: goalId, name: 'goal' },
      GOALS.map((g) => el('option', { value: g.id, ...text(`train.goal.${g.id}.name`) })));
    const rate = el('input', { id: rateId, type: 'text', class: 'num', autocomplete: 'off', spellcheck: 'false' });
    const seed = el('input', { id: seedId, type: 'text', class: 'num', autocomplete: 'off', spellcheck: 'false', value: '0' });
    const play = el('button', { type: 'button', class: 'play', ...text('train.train') });
    const stepButton = el('button', { type: 'button', ...text('train.step') });
    const reset = el('button', { type: 'button', ...text('train.reset') });
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
      whole: el('p', { class: 'how', hidden: true }),
      coinToss: el('p', { class: 'coin-toss', hidden: true }),
    };
    const yoursId = uid('yours');
    parts.yours = el('input', { id: yoursId, type: 'text', class: 'yours', autocomplete: 'off', spellcheck: 'false',
      autocapitalize: 'off' });
    parts.yoursMessage = el('p', { class: 'train-message', role: 'alert', hidden: true });
    parts.tables = el('div', { class: 'share-tables' });
    parts.layerLines = el('ul', { class: 'layer-lines' });
    parts.challenge = el('p', { class: 'challenge', hidden: true });
    parts.yoursBox = el('div', { class: 'yours-box', hidden: true },
      el('div', { class: 'row' }, el('label', { for: yoursId, ...text('train.yours') }), parts.yours),
      parts.yoursMessage, parts.tables, parts.layerLines, parts.challenge);
    parts.upperGrids = el('div', { class: 'upper-grids' });
    parts.upper = el('details', { class: 'upper', hidden: true },
      el('summary', text('train.upper')), parts.upperGrids);
    parts.sentences = el('details', { class: 'sentences', hidden: true },
      el('summary', text('train.sentences')), parts.sentenceList);
    parts.element = el('section', { class: 'panel train', ...label('train.title') },
      el('h3', text('train.title')),
      el('p', { class: 'lead', ...text('train.lead') }),
      el('div', { class: 'row' },
        el('label', { for: goalId, ...text('train.goal') }), goalSelect,
        el('label', { for: seedId, ...text('train.seed') }), seed),
      parts.target, parts.loss, parts.whole, parts.hint, parts.check, parts.heldOut, parts.sentences, parts.yoursBox,
      // Cause beside effect: train-mount.js places the panel just before the cast (the violet
      // grids). Side by side (a wide widget) the buttons sit here, level with the grids; stacked
      // (train.css) they move to the panel's end, right above them.
      el('div', { class: 'act' },
        el('div', { class: 'row buttons' }, play, stepButton, reset,
          el('label', { for: rateId, ...text('train.rate') }), rate),
        el('p', { class: 'marks-legend', ...text('train.marks') }),
        el('fieldset', { class: 'row freeze' }, el('legend', text('train.freeze')),
          freeze.map((f) => f.wrap))),
      parts.coinToss, parts.upper,
      parts.stats, parts.note,
      el('figure', { class: 'curve-box' }, yTop, curve, xRight,
        el('figcaption', text('train.curveCaption'))),
      parts.readout, parts.message);
    return parts;
  }

  function wire() {
    ui.goal.addEventListener('change', speak(() => selectGoal(ui.goal.value)));
    ui.seed.addEventListener('change', speak(changeSeed));
    ui.yours.addEventListener('input', speak(typeSentence));
    ui.upper.addEventListener('toggle', speak(paintUpper));
    ui.play.addEventListener('click', speak(() => trainer.toggle()));
    ui.stepButton.addEventListener('click', speak(() => trainer.stepOnce()));
    ui.reset.addEventListener('click', speak(resetTraining));
    ui.rate.addEventListener('input', speak(() => {
      const parsed = parseNumber(ui.rate.value);
      setAttr(ui.rate, 'aria-invalid', String(!parsed.ok));
      if (parsed.ok) clearMessage();
      else showMessage(t('train.badRate', { problem: parsed.message }), 'bad_learning_rate');
    }));
    for (const f of ui.freeze) f.input.addEventListener('change', speak(() => {
      train[f.name] = f.input.checked;
      paintModel();
    }));
  }
  wire();

  return {
    element: ui.element,
    trainer,
    get goal() { return goal; },
    /** Whether the model's change now being painted is one of this panel's steps (its run freshens what the steps leave stale). */
    get committing() { return own; },
    /**
     * Starts the panel on the widget's model: the first goal, from the state on screen when it fits.
     * `later(fn)` may run its first measurement and paint in a task of its own (a page's load).
     */
    start(later) {
      speak(relabelAll)(); // built before it was placed, so in English: now in the widget's language
      if (!run) speak(selectGoal)(goal.id, { keepState: true, then: (paint) => later(speak(paint)) });
    },
    /** Follows the model while connected; the signal's abort unsubscribes and pauses. */
    connect(signal) {
      const stop = model.subscribe(speak(changedElsewhere));
      // The widget writes its language on its root (web/shared/controllers/lang.js): a change
      // rewrites the panel's words in place, the run kept.
      const languages = new MutationObserver(speak(relabelAll));
      const holder = ui.element.parentNode?.closest?.('[lang]');
      if (holder) languages.observe(holder, { attributeFilter: ['lang'] });
      signal.addEventListener('abort', () => {
        stop();
        languages.disconnect();
        trainer.pause();
      });
    },
  };
}

// One <li> per line, each written only when it changed.
function setLines(list, lines) {
  while (list.children.length > lines.length) list.lastChild.remove();
  lines.forEach((text, k) => {
    if (!list.children[k]) list.append(el('li'));
    setText(list.children[k], text);
  });
}

// A table of one asker's shares, twice: the words across and the shares (two decimals) below, and
// for a narrow panel one word per row (train.css shows one of the two; the other is display: none,
// so assistive tech meets one table). Same caption, same order of numbers.
function sharesTable(caption, tokens, row) {
  const across = el('table', { class: 'shares-row' }, el('caption', { text: caption }),
    el('tbody', {},
      el('tr', {}, el('th', { scope: 'row', text: t('train.word') }), tokens.map((w) => el('th', { scope: 'col', text: w }))),
      el('tr', {}, el('th', { scope: 'row', text: t('train.quote', { w: 'it' }) }), row.map((x) => el('td', { text: fixed2(x) })))));
  const down = el('table', { class: 'shares-col' }, el('caption', { text: caption }),
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', text: t('train.word') }), el('th', { scope: 'col', text: t('train.quote', { w: 'it' }) }))),
    el('tbody', {}, tokens.map((w, j) => el('tr', {}, el('th', { scope: 'row', text: w }),
      el('td', { text: fixed2(row[j]) })))));
  return el('div', { class: 'shares-pair' }, across, down);
}

// A violet grid shown as numbers (two decimals).
function gridTable(caption, grid) {
  return el('table', { class: 'matrix role-w' }, el('caption', { text: caption }),
    el('tbody', {}, grid.map((r) => el('tr', {}, r.map((x) => el('td', { text: fixed2(x) }))))));
}

// The same sentence and grid shapes: a run can begin from this state as it is.
function sameShape(a, b) {
  const dims = (s) => JSON.stringify([s.tokens, s.embeddings.map((r) => r.length), s.wq.length, s.wv.length]);
  return dims(a) === dims(b);
}

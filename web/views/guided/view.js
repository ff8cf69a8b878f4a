// The guided tour inside <attention-widget guided>: one step on screen at a time,
// in the chapter's order, with Previous step / Play / Next step, a step indicator,
// a way to jump to any step, and the step's caption as a polite live region.
// With `predict`, six reveals first ask a misconception probe (probes.js) and four wait
// for a guess; each can be skipped.
// The widget hands it the core's result after every successful recompute (update);
// an edit re-plays the step on screen with the new numbers.
import { el, uid } from '../../shared/dom.js';
import { STEPS, STEP_COUNT, resultsFor, stepLabel, stepTitle } from './steps.js';
import { bundleFor, currentBundle, inLocale, inLocaleOf, label, relabel, text } from '../../shared/i18n/messages.js';
import { t } from './words.js';
import { captionFor } from './captions.js';
import { canGuess, scoreGuess } from './guess.js';
import { canProbe, probeFor, scoreProbe } from './probes.js';
import { probeView, markProbe } from './probe-view.js';
import { createTourTraining } from './train-stage.js';
import { parseSteps } from './range.js';
import { createPlayer } from './player.js';
import { createMotion, prefersReducedMotion } from './motion.js';
import { buildStage } from './stages.js';
import { AttentionGuessEvent, AttentionTourStepEvent } from './events.js';
import { styleSheet } from './guided.css.js';

/**
 * @param {{ host: Element, attend: (state) => object, onAsker: (i: number) => void,
 *           extras?: Node[] }} options
 *   attend: the core (loadAttention({ path: 'teaching' }).attend), for the steps that compare a switch off and on;
 *   extras: nodes for the "Change the numbers" disclosure (the widget's cast editor).
 */
export function createGuided({ host, attend, onAsker, onPredict = () => {}, extras = [] }) {
  const root = host.shadowRoot;
  const sheet = styleSheet(); // built from guided.css, once per page
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  const motion = createMotion();
  const guesses = new Map(); // step id -> { guess } committed, or { skipped: true }
  const answers = new Map(); // probe kind -> { answer } (a choice id, or null when skipped)
  let state = null;
  let now = null;
  let predict = false;
  let training = null; // step 12's own run, made the first time it is shown
  let announced = -1;   // the step the last attention-tour-step named: a repaint of it fires none

  const ui = buildFrame();
  let framedIn = 'en';   // the language the frame's words (text(key), label(key)) are written in
  let askersIn = null;  // the language the asker options are written in
  const player = createPlayer({
    onStep: () => render(),
    waiting: (index) => predict && state && pendingAsk(STEPS[index]) !== null,
  });

  function buildFrame() {
    const headingId = uid('guided');
    const count = el('span', { class: 'g-count' });
    const title = el('span', { class: 'g-title' });
    const heading = el('h3', { id: headingId, class: 'g-heading' }, count, ': ', title);
    const previous = button('tour.previous', () => player.previous());
    const play = button('tour.play', () => player.toggle());
    play.classList.add('g-play');
    const next = button('tour.next', () => player.next());
    // The options' words are written by render(), in the language in force.
    const jump = el('select', { class: 'g-jump', ...label('tour.jump') },
      STEPS.map((s, k) => el('option', { value: k })));
    jump.addEventListener('change', () => player.goTo(Number(jump.value)));
    const asker = el('select', { class: 'g-asker-select', ...label('tour.asker') });
    asker.addEventListener('change', () => onAsker(Number(asker.value)));
    const guessFirst = el('input', { type: 'checkbox', role: 'switch' });
    guessFirst.addEventListener('change', () => onPredict(guessFirst.checked));
    const caption = el('p', { class: 'g-caption', role: 'status', 'aria-live': 'polite' });
    const stage = el('div', { class: 'g-stage', tabindex: '-1' });
    const edit = el('details', { class: 'g-edit' }, el('summary', text('tour.edit')), ...extras);
    const element = el('section', { class: 'guided', 'aria-labelledby': headingId },
      heading,
      el('div', { class: 'g-nav', role: 'group', ...label('tour.steps') }, previous, play, next,
        el('label', { class: 'g-pick-label' }, el('span', text('tour.goTo')), jump),
        el('label', { class: 'g-pick-label' }, el('span', text('asker.label')), asker),
        el('label', { class: 'g-pick-label switch' }, guessFirst, el('span', text('tour.guessFirst')))),
      caption, stage, edit);
    return { element, count, title, previous, play, next, jump, asker, guessFirst, caption, stage };
  }

  // What the step still asks before its reveal: its probe first, then its guess (null: nothing).
  function pendingAsk(step) {
    if (canProbe(step.probe, state) && !answers.has(step.probe)) return 'probe';
    if (canGuess(step.guess, state) && !guesses.has(step.id)) return 'guess';
    return null;
  }

  function button(key, onClick) {
    const b = el('button', { type: 'button', ...text(key) });
    b.addEventListener('click', onClick);
    return b;
  }

  // Draws the current step from the current numbers and plays its transition, in the widget's
  // language: the nearest `lang` once placed (a click, Play's timer), else the language the
  // panels paint in (they call update inside it).
  function render() {
    if (ui.element.isConnected) inLocaleOf(ui.element, renderStep);
    else renderStep();
  }

  function renderStep() {
    if (!state) return;
    // The frame's words were built before the tour knew its language: rewritten when it changes.
    if (currentBundle().lang !== framedIn) {
      framedIn = currentBundle().lang;
      relabel(ui.element);
    }
    const index = player.index;
    const step = STEPS[index];
    const results = resultsFor(index, state, now, attend);
    ui.count.textContent = stepLabel(index);
    ui.title.textContent = stepTitle(step);
    [...ui.jump.options].forEach((option, k) => { option.textContent = `${k + 1}. ${stepTitle(STEPS[k])}`; });
    ui.jump.value = String(index);
    ui.previous.disabled = index === player.from;
    ui.next.disabled = index === player.to;
    [...ui.jump.options].forEach((option, k) => { option.hidden = option.disabled = k < player.from || k > player.to; });
    ui.play.textContent = t(player.playing ? 'tour.pause' : 'tour.play');
    const guessable = canGuess(step.guess, state);
    const stored = guesses.get(step.id);
    const guess = stored && (stored.skipped ? { skipped: true }
      : { guess: stored.guess, scored: scoreGuess(step.guess, stored.guess, state, results) });
    const ask = predict ? pendingAsk(step) : null;
    // The probe is written from the numbers now: after an edit it asks (and answers) about them.
    const probe = predict && canProbe(step.probe, state) ? probeFor(step.probe, state, results) : null;
    ui.caption.textContent = ask ? t('tour.askFirst') : captionFor(index, state, results);
    motion.cancel();
    if (step.id !== 'train') training?.pause();
    else training ??= createTourTraining({ reducedMotion: prefersReducedMotion(),
      onOpenPanel: () => { host.removeAttribute('guided'); host.setAttribute('train', ''); } });
    const stage = ask === 'probe'
      ? probeView(probe, (answer) => answerProbe(step, probe, answer, results))
      : buildStage(step.id, {
        // style: read only by the steps with heat grids (reading it forces a style pass).
        state, results, predict, guessable, guess, kind: step.guess, style: () => getComputedStyle(ui.element), training,
        onGuess: (raw) => commit(step, raw, results),
      });
    if (!ask && probe && answers.has(probe.kind)) markProbe(stage.element, probe, scoreProbe(probe, answers.get(probe.kind).answer));
    ui.stage.replaceChildren(stage.element);
    ui.stage.style.setProperty('--_n', state.tokens.length);
    stage.play(motion);
    announceStep(index, step);
  }

  function announceStep(index, step) {
    if (index === announced) return;
    announced = index;
    host.dispatchEvent(new AttentionTourStepEvent({ step: step.id, index: index + 1, of: STEP_COUNT, title: step.title,
      last: index === player.to }));
  }

  // The events are language-neutral: their text is the English one, whatever the tour speaks.
  const inEnglish = (fn) => inLocale(bundleFor('en'), fn);

  function answerProbe(step, probe, answer, results) {
    answers.set(probe.kind, { answer });
    const scored = inEnglish(() => scoreProbe(probeFor(probe.kind, state, results), answer));
    host.dispatchEvent(new AttentionGuessEvent({ step: step.id, ...scored }));
    afterAnswer();
  }

  // Focus follows the learner: to the step's next question if it has one, else on to Next.
  function afterAnswer() {
    render();
    const more = pendingAsk(STEPS[player.index]) !== null;
    if (more) ui.stage.querySelector('button, input, [tabindex="0"]')?.focus();
    else if (ui.next.disabled) ui.previous.focus();
    else ui.next.focus();
    player.resume();
  }

  function commit(step, raw, results) {
    if (raw === null) guesses.set(step.id, { skipped: true });
    else guesses.set(step.id, { guess: raw });
    const scored = raw === null ? null : inEnglish(() => scoreGuess(step.guess, raw, state, results));
    host.dispatchEvent(new AttentionGuessEvent({
      step: step.id, kind: step.guess, guess: raw, truth: scored?.truth ?? null,
      error: scored?.error ?? null, text: scored?.text ?? 'skipped',
    }));
    afterAnswer();
  }

  return {
    element: ui.element,
    /** The widget recomputed: show the current step again with these numbers. */
    update(nextState, result) {
      const shapeChanged = !state || state.tokens.join('\u0000') !== nextState.tokens.join('\u0000');
      state = nextState;
      now = result;
      if (shapeChanged || askersIn !== currentBundle().lang) {
        askersIn = currentBundle().lang;
        // Duplicate words get their position so the choice is unambiguous: "the (word 6)".
        const name = (token, i) => (state.tokens.indexOf(token) === state.tokens.lastIndexOf(token) ? token
          : t('asker.option', { token, n: i + 1 }));
        ui.asker.replaceChildren(...state.tokens.map((token, i) => el('option', { value: i, text: name(token, i) })));
      }
      ui.asker.value = String(state.asker);
      render();
    },
    /** predict on: six reveals ask a probe, four wait for a guess. Turning it on again keeps earlier answers. */
    setPredict(on) {
      ui.guessFirst.checked = on;
      if (predict === on) return;
      predict = on;
      if (state) render();
    },
    /** The `steps` attribute's text (null: absent): the tour locked to that range. Returns { from, to, message }. */
    setSteps(raw) {
      const range = parseSteps(raw, STEP_COUNT);
      if (range.from !== player.from || range.to !== player.to) player.setRange(range.from, range.to);
      return range;
    },
    get step() { return player.index; },
    /** Stops Play (the widget calls it when the tour leaves the page or is switched off). */
    pause() { if (player.playing) player.pause(); training?.pause(); },
    goTo(index) { player.goTo(index); },
    dispose() { player.dispose(); motion.cancel(); training?.pause(); },
  };
}

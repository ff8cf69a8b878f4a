// The guided tour inside <attention-widget guided>: one step on screen at a time,
// in the chapter's order, with Previous step / Play / Next step, a step indicator,
// a way to jump to any step, and the step's caption as a polite live region.
// With `predict`, the four reveals wait for a guess (or a skip) first.
// The widget hands it the core's result after every successful recompute (update);
// an edit re-plays the step on screen with the new numbers.
import { el, uid } from '../../shared/dom.js';
import { STEPS, STEP_COUNT, resultsFor, stepLabel } from './steps.js';
import { captionFor } from './captions.js';
import { canGuess, scoreGuess } from './guess.js';
import { createPlayer } from './player.js';
import { createMotion } from './motion.js';
import { buildStage } from './stages.js';
import { AttentionGuessEvent } from './events.js';
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
  let state = null;
  let now = null;
  let predict = false;

  const ui = buildFrame();
  const player = createPlayer({
    onStep: () => render(),
    waiting: (index) => predict && state && canGuess(STEPS[index].guess, state) && !guesses.has(STEPS[index].id),
  });

  function buildFrame() {
    const headingId = uid('guided');
    const count = el('span', { class: 'g-count' });
    const title = el('span', { class: 'g-title' });
    const heading = el('h3', { id: headingId, class: 'g-heading' }, count, ': ', title);
    const previous = button('Previous step', () => player.previous());
    const play = button('Play', () => player.toggle());
    play.classList.add('g-play');
    const next = button('Next step', () => player.next());
    const jump = el('select', { class: 'g-jump', 'aria-label': 'Jump to step' },
      STEPS.map((s, k) => el('option', { value: k, text: `${k + 1}. ${s.title}` })));
    jump.addEventListener('change', () => player.goTo(Number(jump.value)));
    const asker = el('select', { class: 'g-asker-select', 'aria-label': 'Asker' });
    asker.addEventListener('change', () => onAsker(Number(asker.value)));
    const guessFirst = el('input', { type: 'checkbox', role: 'switch' });
    guessFirst.addEventListener('change', () => onPredict(guessFirst.checked));
    const caption = el('p', { class: 'g-caption', role: 'status', 'aria-live': 'polite' });
    const stage = el('div', { class: 'g-stage', tabindex: '-1' });
    const edit = el('details', { class: 'g-edit' }, el('summary', { text: 'Change the numbers' }), ...extras);
    const element = el('section', { class: 'guided', 'aria-labelledby': headingId },
      heading,
      el('div', { class: 'g-nav', role: 'group', 'aria-label': 'Steps' }, previous, play, next,
        el('label', { class: 'g-pick-label' }, 'Go to ', jump), el('label', { class: 'g-pick-label' }, 'Asker ', asker),
        el('label', { class: 'g-pick-label switch' }, guessFirst, 'Guess first')),
      caption, stage, edit);
    return { element, count, title, previous, play, next, jump, asker, guessFirst, caption, stage };
  }

  function button(text, onClick) {
    const b = el('button', { type: 'button', text });
    b.addEventListener('click', onClick);
    return b;
  }

  // Draws the current step from the current numbers and plays its transition.
  function render() {
    if (!state) return;
    const index = player.index;
    const step = STEPS[index];
    const results = resultsFor(index, state, now, attend);
    ui.count.textContent = stepLabel(index);
    ui.title.textContent = step.title;
    ui.jump.value = String(index);
    ui.previous.disabled = index === 0;
    ui.next.disabled = index === STEP_COUNT - 1;
    ui.play.textContent = player.playing ? 'Pause' : 'Play';
    const guessable = canGuess(step.guess, state);
    const stored = guesses.get(step.id);
    const guess = stored && (stored.skipped ? { skipped: true }
      : { guess: stored.guess, scored: scoreGuess(step.guess, stored.guess, state, results) });
    const waiting = predict && guessable && !stored;
    ui.caption.textContent = waiting ? 'Make your guess, or skip it, to see this step.' : captionFor(index, state, results);
    motion.cancel();
    const stage = buildStage(step.id, {
      // style: read only by the steps with heat grids (reading it forces a style pass).
      state, results, predict, guessable, guess, kind: step.guess, style: () => getComputedStyle(ui.element),
      onGuess: (raw) => commit(step, raw, results),
    });
    ui.stage.replaceChildren(stage.element);
    ui.stage.style.setProperty('--_n', state.tokens.length);
    stage.play(motion);
  }

  function commit(step, raw, results) {
    if (raw === null) guesses.set(step.id, { skipped: true });
    else guesses.set(step.id, { guess: raw });
    const scored = raw === null ? null : scoreGuess(step.guess, raw, state, results);
    host.dispatchEvent(new AttentionGuessEvent({
      step: step.id, kind: step.guess, guess: raw, truth: scored?.truth ?? null,
      error: scored?.error ?? null, text: scored?.text ?? 'skipped',
    }));
    render();
    ui.next.disabled ? ui.previous.focus() : ui.next.focus();
    player.resume();
  }

  return {
    element: ui.element,
    /** The widget recomputed: show the current step again with these numbers. */
    update(nextState, result) {
      const shapeChanged = !state || state.tokens.join('\u0000') !== nextState.tokens.join('\u0000');
      state = nextState;
      now = result;
      if (shapeChanged) {
        // Duplicate words get their position so the choice is unambiguous: "the (word 6)".
        const name = (t, i) => (state.tokens.indexOf(t) === state.tokens.lastIndexOf(t) ? t : `${t} (word ${i + 1})`);
        ui.asker.replaceChildren(...state.tokens.map((t, i) => el('option', { value: i, text: name(t, i) })));
      }
      ui.asker.value = String(state.asker);
      render();
    },
    /** predict on: the four reveals wait for a guess. Turning it on again keeps earlier guesses. */
    setPredict(on) {
      ui.guessFirst.checked = on;
      if (predict === on) return;
      predict = on;
      if (state) render();
    },
    get step() { return player.index; },
    /** Stops Play (the widget calls it when the tour leaves the page or is switched off). */
    pause() { if (player.playing) player.pause(); },
    goTo(index) { player.goTo(index); },
    dispose() { player.dispose(); motion.cancel(); },
  };
}

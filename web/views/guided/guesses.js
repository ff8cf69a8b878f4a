// Guess, then see: what a guess step shows before its reveal (predict mode).
// The share bars (three sliders that always total 1), a pin to drop where the
// blend will land, the cells the mask will blank, and rise/fall for the top share.
// Every guess can be skipped; everything works by keyboard. ctx.onGuess(guess)
// commits a guess (ctx.onGuess(null) skips); the view scores it against the core.
// Built in the language in force; what a drag or a key changes later is written in the language
// of the element it is in (inLocaleOf), since those handlers run outside a paint.
import { el } from '../../shared/dom.js';
import { fixed2, vector } from '../../shared/numbers.js';
import { evenShares, keyStep, setShare, shareAt, TRENDS } from './guess.js';
import { arrowPicture, pinMark, tok } from './parts.js';
import { possessive, topKey, word } from './captions.js';
import { inLocaleOf } from '../../shared/i18n/messages.js';
import { t } from './words.js';

export function guessView(id, ctx) {
  return VIEWS[id](ctx);
}

function actions(ctx, commit, { ready = true } = {}) {
  const lock = el('button', { type: 'button', class: 'g-lock', text: t('tour.guess.lock') });
  lock.disabled = !ready;
  lock.addEventListener('click', () => commit());
  const skip = el('button', { type: 'button', class: 'g-skip', text: t('tour.skip') });
  skip.addEventListener('click', () => ctx.onGuess(null));
  return { element: el('div', { class: 'g-actions' }, lock, skip), lock };
}

const prompt = (text) => el('p', { class: 'g-prompt', text });

const VIEWS = {
  // Three (n) bars to drag, pointer or keyboard: each a role="slider" with its value in aria.
  shares(ctx) {
    const { state } = ctx;
    const i = state.asker;
    let shares = evenShares(state.tokens.length);
    const bars = [];
    const outputs = [];
    const rows = state.tokens.map((token, j) => {
      const fill = el('span', { class: 'g-drag-fill' });
      const handle = el('span', { class: 'g-drag-handle' });
      const bar = el('span', { class: 'g-drag', role: 'slider', tabindex: '0', 'aria-valuemin': '0', 'aria-valuemax': '1',
        'aria-label': t('tour.guess.shareLabel', { owner: possessive(token) }) }, fill, handle);
      const set = (x) => { shares = setShare(shares, j, x); inLocaleOf(bar, show); };
      bar.addEventListener('pointerdown', (event) => {
        bar.setPointerCapture?.(event.pointerId);
        bar.focus();
        const box = bar.getBoundingClientRect();
        set(shareAt(event.clientX, box.left, box.width));
      });
      bar.addEventListener('pointermove', (event) => {
        if (!bar.hasPointerCapture?.(event.pointerId)) return;
        const box = bar.getBoundingClientRect();
        set(shareAt(event.clientX, box.left, box.width));
      });
      bar.addEventListener('keydown', (event) => {
        const next = keyStep(shares[j], event.key);
        if (next === null) return;
        event.preventDefault();
        set(next);
      });
      const out = el('span', { class: 'g-value', 'aria-hidden': 'true' }); // the slider's valuetext says it
      bars.push({ bar, fill, handle });
      outputs.push(out);
      return el('li', { class: 'g-bar-row' }, el('span', { class: 'token' }, tok(token)), bar, out);
    });
    const total = el('p', { class: 'g-total' });
    function show() {
      shares.forEach((x, j) => {
        const { bar, fill, handle } = bars[j];
        bar.setAttribute('aria-valuenow', x.toFixed(2));
        bar.setAttribute('aria-valuetext', fixed2(x));
        fill.style.width = `${x * 100}%`;
        handle.style.left = `${x * 100}%`;
        outputs[j].textContent = fixed2(x);
      });
      total.textContent = t('tour.guess.total', { total: fixed2(shares.reduce((a, b) => a + b, 0)) });
    }
    show();
    const { element: buttons } = actions(ctx, () => ctx.onGuess(shares));
    const element = el('div', { class: 'g-guess' },
      prompt(t('tour.guess.sharesPrompt', { asker: word(state.tokens[i]) })),
      el('ul', { class: 'g-bars g-guess-bars', 'aria-label': t('tour.guess.sharesLabel') }, rows), total, buttons);
    return { element, play: (m) => m.enter(rows) };
  },

  pin(ctx) {
    const { state } = ctx;
    let pin = null;
    const picture = arrowPicture({ ...ctx, guess: null }, { laid: false, pin: [0, 0] });
    const { plot, size } = picture;
    plot.setAttribute('tabindex', '0');
    plot.setAttribute('role', 'application');
    plot.setAttribute('aria-label', t('tour.guess.pinLabel', { asker: state.tokens[state.asker] }));
    const where = el('p', { class: 'g-note', 'aria-live': 'polite', text: t('tour.guess.noPin') });
    const { element: buttons, lock } = actions(ctx, () => ctx.onGuess(pin), { ready: false });
    let mark = null;
    function place(p) {
      pin = p.map((v) => Number(v.toFixed(2)));
      mark?.remove();
      mark = pinMark(pin, size);
      plot.append(mark);
      where.textContent = inLocaleOf(plot, () => t('tour.guess.yourPin', { pin: vector(pin, fixed2) }));
      lock.disabled = false;
    }
    plot.addEventListener('click', (event) => {
      const ctm = plot.getScreenCTM();
      if (!ctm) return;
      const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
      place([p.x, -p.y]);
    });
    plot.addEventListener('keydown', (event) => {
      const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[event.key];
      if (event.key === 'Enter' && pin) { event.preventDefault(); ctx.onGuess(pin); return; }
      if (!dir) return;
      event.preventDefault();
      const step = event.shiftKey ? 0.5 : 0.1;
      const at = pin ?? [0, 0];
      place([at[0] + dir[0] * step, at[1] + dir[1] * step]);
    });
    const element = el('div', { class: 'g-guess' },
      prompt(t('tour.guess.pinPrompt')),
      picture.element, where, buttons);
    return { element, play: (m) => m.enter([picture.element]) };
  },

  mask(ctx) {
    const { state } = ctx;
    const picked = new Set();
    const n = state.tokens.length;
    const cells = state.tokens.map((row, i) => state.tokens.map((col, j) => {
      const b = el('button', { type: 'button', class: 'g-pick', 'aria-pressed': 'false',
        'aria-label': t('tour.guess.cell', { asker: row, key: col }), text: '·' });
      b.addEventListener('click', () => {
        const key = `${i},${j}`;
        if (picked.has(key)) picked.delete(key); else picked.add(key);
        b.setAttribute('aria-pressed', String(picked.has(key)));
        b.textContent = picked.has(key) ? '—' : '·';
      });
      return b;
    }));
    const table = el('table', { class: 'heat-table g-heat g-picker', 'aria-label': t('tour.guess.maskLabel') },
      el('thead', {}, el('tr', {}, el('td', { class: 'corner', text: t('grids.corner') }),
        state.tokens.map((token) => el('th', { scope: 'col' }, tok(token))))),
      el('tbody', {}, state.tokens.map((token, i) => el('tr', {}, el('th', { scope: 'row' }, tok(token)),
        cells[i].map((b) => el('td', {}, b))))));
    table.style.setProperty('--_n', n);
    const { element: buttons } = actions(ctx, () => ctx.onGuess([...picked]));
    const element = el('div', { class: 'g-guess' },
      prompt(t('tour.guess.maskPrompt')),
      el('div', { class: 'g-scroll' }, table), buttons);
    return { element, play: (m) => m.enter([table]) };
  },

  trend(ctx) {
    const { state, results: { hot } } = ctx;
    const i = state.asker;
    const top = topKey(hot, i);
    const who = top === i ? t('tour.guess.ownShare') : t('tour.guess.shareOf', { owner: possessive(state.tokens[top]) });
    const choices = TRENDS.map((trend) => {
      const b = el('button', { type: 'button', class: 'g-choice', text: t(`tour.guess.it.${trend}`) });
      b.addEventListener('click', () => ctx.onGuess(trend));
      return b;
    });
    const skip = el('button', { type: 'button', class: 'g-skip', text: t('tour.skip') });
    skip.addEventListener('click', () => ctx.onGuess(null));
    const element = el('div', { class: 'g-guess' },
      prompt(t('tour.guess.trendPrompt', { owner: possessive(state.tokens[i]), who, share: fixed2(hot.weights[i][top]) })),
      el('div', { class: 'g-actions', role: 'group', 'aria-label': t('tour.guess.label') }, choices, skip));
    return { element, play: (m) => m.enter(choices) };
  },
};

/**
 * Fired (bubbling, composed) when a learner commits or skips a guess in predict mode, so a
 * course can record it. step: the step's id; kind: a guess ('shares' | 'pin' | 'mask' | 'trend') or a
 * misconception probe ('rescaled' | 'values' | 'outside' | 'symmetric' | 'renormalise' | 'ranking');
 * guess and truth: plain values (a probe: choice ids; null guess: skipped);
 * error: how far off (0 = exact); text: the "you said …, it is …" line the learner sees.
 */
export class AttentionGuessEvent extends Event {
  constructor({ step, kind, guess, truth, error, text }) {
    super('attention-guess', { bubbles: true, composed: true });
    Object.assign(this, { step, kind, guess, truth, error, text });
  }
}

/**
 * Fired (bubbling, composed) each time the tour shows another step: once when it first shows one,
 * then once per move (Next, Previous, Play, Go to); a repaint of the same step fires none. step: its
 * id; index: its number, 1 … of; of: the tour's steps (12); title: its heading; last: it is the last
 * step the tour shows (the end of `steps`, if set).
 */
export class AttentionTourStepEvent extends (globalThis.Event ?? class {}) {
  constructor({ step, index, of, title, last }) {
    super('attention-tour-step', { bubbles: true, composed: true });
    Object.assign(this, { step, index, of, title, last });
  }
}

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

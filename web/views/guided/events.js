/**
 * Fired (bubbling, composed) when a learner commits or skips a guess in predict mode, so a
 * course can record it. step: the step's id ('shares', 'blend', 'mask', 'thermostat');
 * kind: 'shares' | 'pin' | 'mask' | 'trend'; guess and truth: plain values (null guess: skipped);
 * error: how far off (0 = exact); text: the "you said …, it is …" line the learner sees.
 */
export class AttentionGuessEvent extends Event {
  constructor({ step, kind, guess, truth, error, text }) {
    super('attention-guess', { bubbles: true, composed: true });
    Object.assign(this, { step, kind, guess, truth, error, text });
  }
}

// The heads lab's own event (its attention-error is web/shared/events.js's).

/**
 * Fired (bubbling, composed) when training stops with steps trained since the last one: the learner
 * paused it, it paused itself (held-out loss on a plateau, or its run's limit), or a Step finished.
 * reason: 'paused' | 'plateau' | 'limit' | 'step'; steps: the model's steps so far; heads: how many;
 * heldOutLoss: the newest held-out measurement (null before the first); jobs: each head's job from
 * that measurement ('previous-word' | 'first-noun' | 'none'; [] before the first).
 */
export class AttentionHeadsTrainedEvent extends (globalThis.Event ?? class {}) {
  constructor({ reason, steps, heads, heldOutLoss, jobs }) {
    super('attention-heads-trained', { bubbles: true, composed: true });
    Object.assign(this, { reason, steps, heads, heldOutLoss, jobs });
  }
}

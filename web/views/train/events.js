// The train panel's own event (its attention-error is web/shared/events.js's).

/**
 * Fired (bubbling, composed) when the goal on screen becomes met (met: true), by training or by
 * hand, and when it stops being met (met: false); numbers that leave it as it was fire none, and a
 * goal picked afresh starts as not met. goal: its id ('sat-the', 'blend', 'pronouns',
 * 'it-two-layers'); name: its name on screen.
 */
export class AttentionGoalEvent extends (globalThis.Event ?? class {}) {
  constructor({ goal, name, met }) {
    super('attention-goal', { bubbles: true, composed: true });
    Object.assign(this, { goal, name, met });
  }
}

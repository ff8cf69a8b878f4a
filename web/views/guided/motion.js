// Short transitions for the guided steps: every step's motion fits in 400 ms and
// then holds still (never slow continuous motion). Under prefers-reduced-motion
// nothing animates at all: the step appears in its final state at once.
// Only transform and opacity move, so transitions run on the compositor.

export const MAX_MS = 400;     // a whole step's motion, first start to last end
export const ITEM_MS = 220;    // one item's fade or glide

const EASE = 'cubic-bezier(0.2, 0.7, 0.2, 1)';

export function prefersReducedMotion() {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
}

/**
 * A motion context for one step: it starts items one after another (stagger spread
 * over the step's budget) and can cancel everything it started (a new step, an edit).
 */
export function createMotion() {
  let running = [];
  const reduced = () => prefersReducedMotion();

  function play(node, keyframes, delay, duration = ITEM_MS) {
    if (reduced() || !node?.animate) return null;
    const anim = node.animate(keyframes, { duration, delay, easing: EASE, fill: 'backwards' });
    running.push(anim);
    anim.finished.then(() => { running = running.filter((a) => a !== anim); }, () => {});
    return anim;
  }

  // Delay of item k of count, so the last one ends within MAX_MS.
  const delayOf = (k, count, duration = ITEM_MS) => (count > 1 ? (k * (MAX_MS - duration)) / (count - 1) : 0);

  return {
    get reduced() { return reduced(); },
    /** Fade and rise each node in, one after another. */
    enter(nodes) {
      const list = [...nodes].filter(Boolean);
      list.forEach((node, k) => play(node, [{ opacity: 0, transform: 'translateY(6px)' }, { opacity: 1, transform: 'none' }],
        delayOf(k, list.length)));
    },
    /** Moves a node from a transform to where it now is (its own transform: none). */
    glide(node, from, k = 0, count = 1) {
      play(node, [{ transform: from }, { transform: 'none' }], delayOf(k, count, 300), 300);
    },
    /** Grows a bar from a horizontal scale to its full width (transform-origin set in CSS). */
    grow(node, fromScale, k = 0, count = 1) {
      const s = Number.isFinite(fromScale) ? fromScale : 0;
      play(node, [{ transform: `scaleX(${s})` }, { transform: 'scaleX(1)' }], delayOf(k, count, 300), 300);
    },
    /** Fades one node in after a delay (ms), e.g. the output once the glides have ended. */
    appear(node, delay = 0) {
      play(node, [{ opacity: 0 }, { opacity: 1 }], Math.min(delay, MAX_MS - ITEM_MS));
    },
    /** A brief highlight of a changed number (opacity pulse on a backdrop). */
    flash(node) {
      play(node, [{ opacity: 1 }, { opacity: 0 }], 0, 380);
    },
    cancel() {
      for (const a of running) a.cancel();
      running = [];
    },
  };
}

// First renders wait for the viewport. Building an element's DOM and its first style
// and layout is the heaviest thing it does; a page of several would otherwise do all
// of them in one long task at load (Lighthouse counted 770 ms on the demo page). So an
// element renders when it comes within MARGIN of the viewport, each in a task of its own
// (queueRender), and one that never comes near is never built: a reader of the page's top
// pays nothing for the widgets further down. Printing renders them all, at once (onPrint).

const MARGIN = '50% 0px'; // half a viewport ahead: rendered before a scroll reaches it

// One observer and one print listener for every element waiting: one each cost every element an
// IntersectionObserver made as it connected, in the page's first task. Neither keeps an element
// alive: one removed before it came near goes with its renders (the observer holds its targets
// weakly too).
const waiting = new WeakMap(); // element -> finish(near) while it waits
const printable = new Set();   // a WeakRef to each waiting element, for a print
const printHooks = new Set();  // work a print must do now: onPrint below
let observer = null;

/**
 * Resolves, in a task of its own, when `element` comes near the viewport or the page is printed.
 * `options.printNow`, if given, is called at once inside the page's beforeprint for an element still
 * waiting: the print lays the page out as soon as beforeprint returns (even before promises
 * settle, when a script called print()), so what the printout needs is built there.
 */
export function whenNear(element, { printNow = null } = {}) {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    if (!observer) {
      observer = new IntersectionObserver(onIntersect, { rootMargin: MARGIN });
      addEventListener('beforeprint', onPrint);
    }
    const ref = new WeakRef(element);
    const previous = waiting.get(element); // asked again (a lab connected twice before it came near)
    waiting.set(element, (near) => {
      previous?.(near);
      waiting.delete(element);
      printable.delete(ref);
      observer.unobserve(element);
      if (!near) {
        printNow?.();
        setTimeout(resolve, 0);
        return;
      }
      // Came near: its render is queued a task from now. A print in between builds it at once.
      const cancel = printNow ? whilePrintable(printNow) : () => {};
      setTimeout(() => {
        cancel();
        resolve();
      }, 0);
    });
    printable.add(ref);
    observer.observe(element);
  });
}

function onIntersect(entries) {
  for (const entry of entries) if (entry.isIntersecting) waiting.get(entry.target)?.(true);
}

// A print renders those off screen, at once: each waiting element's onPrint builds what it can
// now, and every render queued so far (first renders, reveals a few boxes per frame) runs before
// beforeprint returns, so the printout has them all. Rendering them once the page was idle
// instead cost a phone long tasks at load, and the browser's autofill then forced their skipped
// layout (docs/embedding.md).
function onPrint() {
  for (const ref of [...printable]) {
    const element = ref.deref();
    if (element) isolated(() => waiting.get(element)?.(false));
    else printable.delete(ref);
  }
  renderAllNow();
  // A render run here may start an element whose own build waits for a promise (its figure code):
  // its hook, added meanwhile, builds it now. Bounded, as renderAllNow, should hooks add hooks.
  for (let round = 0; printHooks.size && round < PRINT_RENDER_LIMIT; round += 1) {
    for (const hook of [...printHooks]) {
      printHooks.delete(hook);
      isolated(hook);
    }
    renderAllNow();
  }
}

/**
 * Calls `printNow` inside the page's beforeprint, once, unless the returned function was called
 * first: for work a print must do now, such as an element on its way to its first render (it came
 * near, its code is still arriving), or panels a training run left stale off screen.
 */
export function whilePrintable(printNow) {
  addEventListener('beforeprint', onPrint); // the same listener again is not added twice
  printHooks.add(printNow);
  return () => printHooks.delete(printNow);
}

const PRINT_RENDER_LIMIT = 10_000; // renders that queue renders forever (none should) still end

// Every queued render, in order, now: the ones they queue too.
function renderAllNow() {
  let more = true;
  for (let i = 0; more && i < PRINT_RENDER_LIMIT; i += 1) isolated(() => { more = runNext(); });
}

// One element's failure must not stop the others from printing: reported like an uncaught error.
function isolated(work) {
  try {
    work();
  } catch (err) {
    (globalThis.reportError ?? ((e) => setTimeout(() => { throw e; }, 0)))(err);
  }
}

// First renders, one per task, each after the frame that styled and laid out the one before.
// Elements whose core arrived at the same moment would otherwise all render in one microtask
// checkpoint (one long task), and a render that reads its theme right after another element's
// build pays for that element's style and layout inside its own task. (A print runs them all at
// once, so what off-screen elements queue for it never waits here behind a reader's widget.)
const queue = [];
let draining = false;
const FRAME_FALLBACK_MS = 50; // no animation frames in a hidden tab: do not wait for one

/** Runs `render` in a task of its own, after the renders queued before it and their frame. */
export function queueRender(render) {
  queue.push(render);
  if (draining) return;
  draining = true;
  setTimeout(renderNext, 0);
}

/**
 * Runs `render`, the next part of a render under way (a widget shown a few boxes per frame), in a
 * task after this frame and before the renders queued earlier; `behind`: after them (a render of
 * something off screen, which must not keep the one a reader looks at waiting). Through the queue,
 * not a frame callback of its own: two chains woken by the same frame would run back to back, and
 * the second would pay for the first one's style and layout inside its own task.
 */
export function continueRender(render, { behind = false } = {}) {
  if (behind) queue.push(render);
  else queue.unshift(render);
  if (draining) return;
  draining = true;
  afterNextFrame(renderNext);
}

function renderNext() {
  try {
    runNext();
  } finally {
    if (queue.length === 0) draining = false;
    else afterNextFrame(renderNext);
  }
}

// Runs the next render, if there is one (a print may have run them all); false when none was left.
function runNext() {
  const render = queue.shift();
  if (!render) return false;
  render();
  return true;
}

/** Runs `callback` in a task after the next frame (or after a short wait where frames stop). */
export function afterNextFrame(callback) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    setTimeout(callback, 0);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(once);
  setTimeout(once, FRAME_FALLBACK_MS);
}

// The one start-up policy of every element: its work (building, workers, a first render) starts
// when it first comes near the viewport (../near.js: within half a screen), in a render task of
// its own, or at once inside the page's beforeprint (start(true, true): build what the printout
// needs now); it stops when the element is disconnected, and starts again at once when it is
// connected again. The wait begins a task after connecting: a page's first task is its modules'
// evaluation with every element's upgrade in it, and on a phone it was long.
import { queueRender, whenNear } from '../near.js';

/**
 * A controller the element adds to itself (ElementBase.addController).
 * @param {HTMLElement} host the element
 * @param {{ start: (first: boolean, printing: boolean) => void, stop?: () => void }} work
 *   start(first, printing): first is true the first time (the element came near, or the page is
 *   printed: then printing is true and start must build what the printout needs before it returns),
 *   false on a later connect
 * @returns {{ near: boolean, hostConnected(): void, hostDisconnected(): void }} near: whether the
 *   element has come near the viewport (and its work started)
 */
export function startWhenNear(host, { start, stop = () => {} }) {
  let near = false;    // came near once: from now on a connect starts at once
  let waiting = false; // a wait for nearness is under way
  let running = false; // started, and not stopped since
  const run = (first, printing = false) => {
    running = true;
    start(first, printing);
  };
  // Near, or printed: the first start, once (removed meanwhile: the next connect waits again).
  const begin = (printing) => {
    waiting = false;
    if (near || !host.isConnected) return;
    near = true;
    run(true, printing);
  };
  const controller = {
    get near() { return near; },
    hostConnected() {
      if (near) return run(false);
      if (waiting) return; // connected again before it came near: the first wait still stands
      waiting = true;
      setTimeout(() => whenNear(host, { printNow: () => begin(true) }).then(() => queueRender(() => begin(false))), 0);
    },
    hostDisconnected() {
      if (!running) return;
      running = false;
      stop();
    },
  };
  host.addController(controller);
  return controller;
}

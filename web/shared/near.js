// First renders wait for the viewport. Building an element's DOM and its first style
// and layout is the heaviest thing it does; a page of several would otherwise do all
// of them in one long task at load (Lighthouse counted 770 ms on the demo page). So an
// element renders when it comes within MARGIN of the viewport, or once the page has
// loaded and is idle, whichever is first, and each in a task of its own.

const MARGIN = '50% 0px'; // half a viewport ahead: rendered before a scroll reaches it
const IDLE_TIMEOUT_MS = 2000;

/** Resolves, in a task of its own, when `element` is near the viewport or the page is idle. */
export function whenNear(element) {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    let done = false;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) finish();
    }, { rootMargin: MARGIN });
    function finish() {
      if (done) return;
      done = true;
      observer.disconnect();
      setTimeout(resolve, 0);
    }
    observer.observe(element);
    afterLoadWhenIdle(finish);
  });
}

// Off-screen elements still render without a scroll (a find-in-page, a test, a print),
// but only after the load and the visible elements' work.
function afterLoadWhenIdle(callback) {
  const idle = () => (typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS })
    : setTimeout(callback, 200));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

// Waits that are states and events, never lengths of time: a test that sleeps for 500 ms is
// flaky on a busy machine and slow on a quiet one. How long any wait may take is set once, in
// playwright.config.js. For "nothing happens" checks, wait for the event after which it would
// have happened (the frames a shift is reported in, the animations' ends, the page's clock run
// past a timer: page.clock), then look.

/** `count` frames painted on the page: what an input changed has been laid out, and its layout shift recorded. */
export function frames(page, count = 2) {
  return page.evaluate(async (n) => {
    for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  }, count);
}

/** Every animation in `host`'s shadow root (a Locator) has finished: a flash, a step's motion. */
export function animationsDone(host) {
  return host.evaluate((el) => Promise.all(el.shadowRoot.getAnimations().map((a) => a.finished.catch(() => {}))));
}

/**
 * Records every layout shift not caused by input, from the page's first frame, in window.shifts.
 * Call before page.goto; read them with layoutShifts.
 */
export function recordShifts(page) {
  return page.addInitScript(() => {
    window.shifts = [];
    const keep = (entries) => {
      for (const entry of entries) if (!entry.hadRecentInput) window.shifts.push(entry.value);
    };
    window.shiftObserver = new PerformanceObserver((list) => keep(list.getEntries()));
    window.shiftObserver.observe({ type: 'layout-shift', buffered: true });
    window.takeShifts = () => keep(window.shiftObserver.takeRecords());
  });
}

/**
 * The layout shifts recorded so far: two frames after now (a shift is an entry of the frame that
 * laid it out), with the entries the observer has not yet delivered taken at once (takeRecords),
 * so none is missed however late its callback would run.
 */
export async function layoutShifts(page) {
  await frames(page);
  return page.evaluate(() => {
    window.takeShifts();
    return window.shifts;
  });
}

/**
 * The one longer deadline, for a wait on a computation that runs for a while by design (a training
 * run to its goal or its plateau): three of the config's expect deadlines (TEST_SLOWDOWN scales both).
 */
export const LONG_RUN = { timeout: 90_000 * Number(process.env.TEST_SLOWDOWN ?? 1) };

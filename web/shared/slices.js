// A long loop cut into tasks: a loop over many rows (the scale lab's heat map, up to 512 rows
// of 512 pixels) runs a slice per task, each of about SLICE_MS at most, so no task grows long
// on a slow phone (a long task is 50 ms; Lighthouse's phone runs the CPU 4x slower).

/** How long one slice may run, measured on the device itself (a slow one does fewer steps per slice). */
export const SLICE_MS = 6;

/**
 * Runs step(0) … step(count − 1) in order, in slices of about budgetMs at most, each in a task of
 * its own (the caller's task only starts them), then done() at the end of the last slice.
 * Returns cancel(): after it (even from inside a step), no further step runs and done never does. `now` and `later` are
 * for tests.
 */
export function inSlices(count, step, done, { budgetMs = SLICE_MS, now = () => performance.now(),
  later = (next) => setTimeout(next, 0) } = {}) {
  let next = 0;
  let cancelled = false;
  const slice = () => {
    const start = now();
    while (next < count && !cancelled) {
      step(next++);
      if (next < count && now() - start >= budgetMs) return later(slice);
    }
    if (!cancelled) done();
  };
  later(slice);
  return () => { cancelled = true; };
}

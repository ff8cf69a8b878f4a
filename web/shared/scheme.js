// The page's colour scheme, one query shared by every element: a MediaQueryList of its own cost
// each element a media query parsed and evaluated as it connected, in the page's first task.
let query = null;
const darkQuery = () => (query ??= matchMedia('(prefers-color-scheme: dark)'));

/** Whether the reader's system asks for dark (prefers-color-scheme). */
export const prefersDark = () => darkQuery().matches;

/** Calls `callback` each time the colour scheme (light or dark) changes, until `signal` aborts. */
export function onSchemeChange(callback, signal) {
  darkQuery().addEventListener('change', callback, { signal });
}

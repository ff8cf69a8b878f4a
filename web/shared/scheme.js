// The page's colour scheme, one query shared by every element: a MediaQueryList of its own cost
// each element a media query parsed and evaluated as it connected, in the page's first task.
let query = null;

/** Calls `callback` each time the colour scheme (light or dark) changes, until `signal` aborts. */
export function onSchemeChange(callback, signal) {
  query ??= matchMedia('(prefers-color-scheme: dark)');
  query.addEventListener('change', callback, { signal });
}

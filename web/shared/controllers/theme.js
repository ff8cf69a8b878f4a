// Light or dark, for every element: the element's own `theme` attribute (light, dark; auto or
// none: follow the page), else the page's own toggle, else the reader's system setting
// (prefers-color-scheme). Dark adopts the dark tokens (web/shared/tokens-dark.css, and an
// element's own dark defaults) after the light ones in the element's shadow root; light takes
// them away. No author CSS is needed.
//
// The page's toggle is read from <html> and <body>, where the common site generators keep it:
//   VitePress (and Tailwind's class mode)  <html class="dark">
//   Docusaurus                             <html data-theme="dark|light">
//   MkDocs Material                        <body data-md-color-scheme="slate|default">
//   Sphinx with Furo                       <body data-theme="dark|light|auto">
// (the first of these present decides), and a page that declares one scheme (color-scheme: dark,
// or light, on its root) is that scheme.
// One MutationObserver per page watches those two elements' attributes, and one media query the
// system setting (../scheme.js), for every element on the page: an element joins as it connects
// and leaves as it disconnects (like relative-time-element's one observer).
import { prefersDark, onSchemeChange } from '../scheme.js';
import { styleSheet as darkSheet } from '../tokens-dark.css.js';
import { clip } from '../text.js';

// What each toggle's value means; any other value (Furo's auto, a site's own scheme name): the
// page says nothing, the system setting decides.
const SCHEMES = { dark: 'dark', light: 'light', slate: 'dark', default: 'light' };

/** 'dark', 'light', or null (the page says nothing: follow the system), from the page's markup. */
export function pageScheme(doc) {
  return toggleScheme(doc) ?? SCHEMES[getComputedStyle(doc.documentElement).colorScheme.trim()] ?? null;
}

// The toggles' attributes alone (no style read): 'dark', 'light', null (a toggle that names neither),
// or undefined when there is no toggle and the root's color-scheme decides.
function toggleScheme({ documentElement: html, body }) {
  const toggle = body?.dataset.theme ?? html.dataset.theme ?? body?.dataset.mdColorScheme ?? html.dataset.mdColorScheme
    ?? (html.classList.contains('dark') ? 'dark' : undefined);
  return toggle === undefined ? undefined : SCHEMES[toggle.trim()] ?? null;
}

// The page's scheme, read once per task: several elements connect in one task (the labs as the module
// that defines them upgrades them, the elements whose frame reads them below), and each read is a style
// recalculation of the page, since each connect changed the DOM. A later change of the toggle is
// seen: the cache is gone before the watch's refresh runs (a later microtask).
let schemeNow = null;
function cachedPageScheme() {
  if (!schemeNow) {
    schemeNow = { value: pageScheme(document) };
    queueMicrotask(() => { schemeNow = null; });
  }
  return schemeNow.value;
}

// Elements that connected with no toggle on the page: the root's color-scheme is read for them all
// in the next frame's callbacks, not as they connect. Read there, its style recalculation is the one
// the frame does anyway (at connect it forced one in every task that set an element up), and a dark
// scheme is adopted before that frame paints.
const unread = new Set();
function refreshInFrame(member) {
  if (unread.size === 0) requestAnimationFrame(() => {
    const now = [...unread];
    unread.clear();
    now.forEach((m) => members.has(m) && m.refresh());
  });
  unread.add(member);
}

// The page's one watch: every connected element that follows a theme, told when the page's
// toggle or the system setting changes. Started by the first element; it stays for the page's life
// (it watches two elements' attributes: nothing to save by stopping it).
const members = new Set();
let watching = false;

function join(member) {
  members.add(member);
  if (watching) return;
  watching = true;
  const refresh = () => members.forEach((m) => m.refresh());
  const observer = new MutationObserver(refresh);
  for (const node of [document.documentElement, document.body])
    if (node) observer.observe(node, { attributeFilter: ['class', 'data-theme', 'data-md-color-scheme', 'style'] });
  onSchemeChange(refresh);
}

/**
 * A controller the element adds to itself (ElementBase.addController).
 * @param {HTMLElement} host the element; its `theme` attribute is read
 * @param {{ root: ShadowRoot, dark?: CSSStyleSheet[], onChange?: (scheme: 'light'|'dark') => void,
 *   report?: (problems: { code: string, message: string }[]) => void }} options
 *   root: the shadow root that adopts the dark tokens; dark: the element's own dark defaults, adopted
 *   with the shared ones (the widget's math roles); onChange: after the scheme changed (colours
 *   read by script, such as a canvas's, are read again); report: the theme attribute's problem
 *   for the element's message line ([] when there is none)
 * @returns {{ scheme: 'light'|'dark', attributeChanged(): void, hostConnected(): void, hostDisconnected(): void }}
 */
export function followTheme(host, { root, dark: ownDark = [], onChange = () => {}, report = () => {} }) {
  let scheme = 'light'; // the scheme applied now
  let own = 'auto';     // the theme attribute, last good value

  function apply(next) {
    if (next === scheme) return;
    scheme = next;
    const dark = [darkSheet(), ...ownDark];
    const sheets = root.adoptedStyleSheets.filter((s) => !dark.includes(s));
    root.adoptedStyleSheets = next === 'dark' ? [...sheets, ...dark] : sheets;
    onChange(next);
  }

  const member = {
    refresh() {
      if (own !== 'auto') return apply(own);
      apply(cachedPageScheme() ?? (prefersDark() ? 'dark' : 'light'));
    },
  };

  const controller = {
    get scheme() { return scheme; },
    /** The theme attribute changed: read it (a bad value keeps the last good one, with a message). */
    attributeChanged() {
      const value = host.getAttribute('theme');
      const word = value === null ? 'auto' : value.trim().toLowerCase();
      if (/^(light|dark|auto)$/.test(word)) {
        own = word;
        report([]);
      } else {
        // English here (the scale lab carries no catalogue); words: the same message for one that does.
        const values = { value: clip(value, 20), kept: own };
        report([{ code: 'bad_attribute', message: `theme="${values.value}" is not light, dark or auto (kept ${own}).`,
          words: { key: 'attribute.theme', values } }]);
      }
      if (members.has(member)) member.refresh();
    },
    hostConnected() {
      join(member);
      if (own !== 'auto' || toggleScheme(document) !== undefined || typeof requestAnimationFrame !== 'function') member.refresh();
      else refreshInFrame(member);
    },
    hostDisconnected() {
      members.delete(member);
      unread.delete(member);
    },
  };
  host.addController(controller);
  return controller;
}

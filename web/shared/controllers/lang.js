// The language of an element: its own `lang`, else the nearest ancestor's (across shadow roots, so a
// figure inside another component follows that component's page), else the document's, else
// English. One MutationObserver per page watches `lang` everywhere in the document (and in the
// shadow roots that hold elements): a change re-renders every element whose language changed, in
// place, with its state kept. A catalogue that arrives or is registered does the same.
import { bundleFor, catalogueName, ensure, isReady, onCatalogueChange } from '../i18n/registry.js';

/** The `lang` in force at `node`: the nearest one up through shadow roots, else '' (English). */
export function langOf(node) {
  for (let at = node; at; at = at.getRootNode?.().host) {
    const found = at.closest?.('[lang]');
    if (found) return found.getAttribute('lang');
  }
  return '';
}

/**
 * The bundle of the language in force at `node` if its catalogue is in, else English: for words
 * written before an element follows its language (a followLang onChange writes them again).
 */
export function bundleNow(node) {
  const name = catalogueName(langOf(node));
  return bundleFor(isReady(name) ? name : 'en');
}

const members = new Set();
let observer = null;
const watched = new WeakSet();

function refreshAll() {
  members.forEach((member) => member.refresh());
}

// The document once, and each shadow root an element lives in (the document's observer does not see inside them).
function watch(root) {
  if (!observer) {
    observer = new MutationObserver(refreshAll);
    onCatalogueChange(refreshAll);
  }
  if (watched.has(root)) return;
  watched.add(root);
  observer.observe(root, { subtree: true, attributeFilter: ['lang'] });
}

/**
 * A controller the element adds to itself (ElementBase.addController).
 * @param {HTMLElement} host
 * @param {{ root: HTMLElement, onChange: (bundle: object) => void }} options root: the element's
 *   outer box in its shadow tree, which gets the resolved `lang` and `dir` (rtl in Arabic: the layout
 *   mirrors); onChange: re-render in the new language (not called for the first one)
 * @returns {{ bundle: object, hostConnected(): void, hostDisconnected(): void }}
 */
export function followLang(host, { root, onChange }) {
  let bundle = bundleFor('en');
  let wanted = 'en';

  function use(next) {
    if (next === bundle) return;
    bundle = next;
    root.setAttribute('lang', next.lang);
    root.setAttribute('dir', next.dir);
    onChange(next);
  }

  const member = {
    refresh() {
      wanted = catalogueName(langOf(host));
      if (isReady(wanted)) return use(bundleFor(wanted));
      const name = wanted;
      // English meanwhile (a first render does not wait); the language when its module is in.
      ensure(name).then(() => { if (wanted === name) use(bundleFor(name)); }, () => {});
    },
  };

  const controller = {
    get bundle() { return bundle; },
    hostConnected() {
      members.add(member);
      watch(document);
      const root = host.getRootNode();
      if (root !== document && root.nodeType === 11) watch(root);
      member.refresh();
    },
    hostDisconnected() {
      members.delete(member);
    },
  };
  root.setAttribute('lang', 'en');
  root.setAttribute('dir', 'ltr');
  host.addController(controller);
  return controller;
}

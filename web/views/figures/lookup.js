// How a view finds the <attention-example> its `example` attribute names, and keeps
// finding it: the example may come later in the page, be defined later, be removed and
// put back, or change its id. Examples announce these with three document-level events, so
// views never poll and never observe the whole document.
import { clip } from '../../shared/text.js';
import { said } from '../../shared/i18n/say.js';

export const EXAMPLE_TAG = 'attention-example';
export const EXAMPLE_CONNECTED = 'attention-example-connected';
export const EXAMPLE_DISCONNECTED = 'attention-example-disconnected';
export const EXAMPLE_RENAMED = 'attention-example-renamed';

/**
 * The element `name` names for `host`: { example } when it is an upgraded <attention-example>,
 * else { example: null, message } (message null while the element waits for its definition): a
 * message to say (../../shared/i18n/say.js), written in the language of whoever shows it.
 */
export function findExample(host, name) {
  const root = host.getRootNode?.() ?? null;
  const found = root?.getElementById?.(name) ?? globalThis.document?.getElementById(name) ?? null;
  if (!found)
    return { example: null, message: said('figure.exampleNone', { name: clip(name, 40), tag: EXAMPLE_TAG }) };
  if (found.localName !== EXAMPLE_TAG)
    return { example: null, message: said('figure.exampleOther', { name: clip(name, 40), found: found.localName, tag: EXAMPLE_TAG }) };
  if (typeof found.subscribe !== 'function') return { example: null, message: null }; // not upgraded yet
  return { example: found, message: null };
}

// Every view waiting on an example name, told by one listener per document event: one set per
// view cost each of a chapter page's dozens of numbers three listeners and a definition wait,
// made in the page's first task (the module that defines the elements upgrades them all there).
const watchers = new Set();
let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  const doc = globalThis.document;
  const checkAll = () => [...watchers].forEach((check) => check());
  doc.addEventListener(EXAMPLE_CONNECTED, checkAll);
  doc.addEventListener(EXAMPLE_RENAMED, checkAll); // the old name finds nothing now, the new one finds it
  doc.addEventListener(EXAMPLE_DISCONNECTED, () => queueMicrotask(checkAll)); // after it has left
  // No wait for the definition: an example it upgrades connects, and says so with the first event.
}

/**
 * Calls onFound({ example, message }) now and whenever what `name` resolves to may have
 * changed, until `signal` aborts. onFound is called only when the example changed.
 */
export function watchExample(host, name, onFound, signal) {
  let current;
  const check = () => {
    if (signal.aborted) return;
    const found = findExample(host, name);
    if (found.example === current && found.example !== null) return;
    current = found.example;
    onFound(found);
  };
  listen();
  watchers.add(check);
  signal.addEventListener('abort', () => watchers.delete(check), { once: true });
  check();
}

/**
 * The example a figure's prose element (<attention-value>, <attention-if>) reads, followed while the
 * element is connected: `render()` runs when it connects, when the example it finds changes, and on
 * every change of that example's numbers. A controller (ElementBase.addController); call
 * `connect()` again when the element's `example` attribute changes.
 * @returns {{ example: HTMLElement | null, message: string | null, connect(): void }} example: the
 *   <attention-example> found, or null with `message` saying why (null while it waits for its definition)
 */
export function followExample(host, render) {
  let connection = null;
  let unsubscribe = null;
  const found = { example: null, message: null };
  const follow = (example, message = null) => {
    unsubscribe?.();
    unsubscribe = example ? example.subscribe(render) : null;
    Object.assign(found, { example, message });
    if (host.isConnected) render();
  };
  const controller = {
    get example() { return found.example; },
    get message() { return found.message?.() ?? null; }, // in the language in force
    connect() {
      connection?.abort();
      connection = new AbortController();
      const name = host.getAttribute('example');
      if (name === null || name.trim() === '') return follow(null, said('figure.exampleMissing', { tag: EXAMPLE_TAG }));
      return watchExample(host, name.trim(), (next) => follow(next.example, next.message), connection.signal);
    },
    hostConnected() { controller.connect(); },
    hostDisconnected() {
      connection?.abort();
      connection = null;
      follow(null);
    },
  };
  host.addController(controller);
  return controller;
}

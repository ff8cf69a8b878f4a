// Following the page's link: a course page's "open this example" link, or a pasted share link,
// changes only the fragment (no reload). When it comes to carry a new payload for this element
// (its key: ../link.js), the element is told; a link for another element, or the same payload
// again, is not news.
import { linkPayload } from '../link.js';

/**
 * A controller the element adds to itself (ElementBase.addController).
 * @param {HTMLElement} host the element
 * @param {{ onLink: (payload: string) => void, enabled?: () => boolean }} options enabled: whether
 *   the element has a place in a link now (an <attention-example> only with an id)
 * @returns {{ read(): string | null, hostConnected(): void, hostDisconnected(): void }} read(): the
 *   payload the link carries for the element now (null: none), remembered as seen
 */
export function followLink(host, { onLink, enabled = () => true }) {
  let last = null;        // the payload last read or followed
  let connection = null;  // AbortController of the hashchange listener
  const payload = () => (enabled() ? linkPayload(host) : null);
  const check = () => {
    const now = payload();
    if (now === null || now === last) return;
    last = now;
    onLink(now);
  };
  const controller = {
    read: () => (last = payload()),
    hostConnected() {
      connection = new AbortController();
      addEventListener('hashchange', check, { signal: connection.signal });
    },
    hostDisconnected() {
      connection?.abort();
      connection = null;
    },
  };
  host.addController(controller);
  return controller;
}

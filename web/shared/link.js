// Where a page's link keeps each element's shared state: in the fragment, as URLSearchParams,
// one key per element (the payload's format is the model's: web/model/share.js):
//   aw.<id>   the element with that id                   (#aw.demo=1.eyJ0...)
//   aw        the first <attention-widget> on the page    (#aw=1.eyJ0...)
//   aw<n>     the n-th one (n >= 2), counted in document order, widgets inside shadow roots
//             included where their component stands (ids must then be unique page-wide)
// The fragment never reaches a server, and the page's own query string is left alone.

/** The fragment key that targets this element (see the header). */
export function linkKey(host) {
  if (host.id) return `aw.${host.id}`;
  const n = pageWidgets(host).indexOf(host) + 1;
  return n <= 1 ? 'aw' : `aw${n}`;
}

/**
 * Every <attention-widget> of host's page in document order, shadow roots included: a widget
 * inside a component counts where the component stands (its shadow root is read right after
 * it). Open shadow roots are walked, and of closed ones those host itself sits in (it can
 * reach its own); widgets in other closed roots cannot be seen and need an id.
 */
function pageWidgets(host) {
  const own = new Set(); // the shadow roots host sits in, innermost first
  for (let root = host.getRootNode?.(); root?.host; root = root.host.getRootNode?.()) own.add(root);
  const found = [];
  const walk = (root) => {
    for (const node of root.querySelectorAll('*')) {
      if (node.localName === 'attention-widget') found.push(node); // its own shadow root holds none
      else {
        const shadow = node.shadowRoot ?? [...own].find((r) => r.host === node);
        if (shadow) walk(shadow);
      }
    }
  };
  walk(host.ownerDocument ?? document);
  return found;
}

/** The raw text a link carries for this element (its fragment key's value), or null. */
export function linkPayload(host, hash = location.hash) {
  if (!hash.includes('aw')) return null; // cheap exit for the usual page
  try {
    return new URLSearchParams(hash.slice(1)).get(linkKey(host));
  } catch {
    return null;
  }
}

/** `href` with `payload` under this element's key; other elements' keys in the fragment are kept. */
export function linkWith(host, payload, href = location.href) {
  const url = new URL(href);
  const params = new URLSearchParams(url.hash.slice(1));
  params.set(linkKey(host), payload);
  url.hash = params.toString();
  return url.href;
}

// The en-XA pseudo-locale check for an element's shadow root (the widget's, the labs'): what it
// shows and names, and the words outside every ⟦…⟧ (each one written in code, not taken from a
// catalogue).

/**
 * Run in the page (`lab.evaluate(shownText, skip)`): the visible text of the element's shadow root
 * and its accessible names. `skip`: a selector for text that stays as it is (a sentence's tokens,
 * the widget's MathML).
 */
export function shownText(el, skip = 'style') {
  const root = el.shadowRoot;
  const pieces = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest(skip) || !node.data.trim()) continue;
    if (!parent.checkVisibility() && !parent.closest('svg, option')) continue;
    pieces.push(node.data);
  }
  // What names or describes a node to assistive technology is read too (written here: this function
  // runs in the page, without this module's scope).
  const naming = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'aria-description', 'title'];
  const names = [...root.querySelectorAll('*')].flatMap((node) =>
    naming.map((name) => node.getAttribute(name)).filter(Boolean));
  return { text: pieces.join(' '), names };
}

/**
 * Words of two letters or more outside ⟦…⟧; numbers, signs and single letters are not words.
 * `example`: a global pattern for what the element shows from its example, not in the page's
 * language (the widget's tokens and symbols: the, cat, W_Q), taken away first. (An options object,
 * so `names.flatMap(strayWords)`, which passes an index second, reads as no option.)
 */
export function strayWords(text, { example = null } = {}) {
  let rest = text;
  for (let before = ''; before !== rest;) { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' '); }
  if (example) rest = rest.replace(example, ' ');
  return rest.match(/\p{L}{2,}/gu) ?? [];
}

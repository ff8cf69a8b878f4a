// The en-XA pseudo-locale check for a lab's shadow root: what it shows and names, and the words
// outside every ⟦…⟧ (each one written in code, not taken from a catalogue).

/**
 * Run in the page (`lab.evaluate(shownText, skip)`): the visible text of the element's shadow root
 * and its accessible names. `skip`: a selector for text that stays as it is (a sentence's tokens).
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
  const names = [...root.querySelectorAll('*')].flatMap((node) =>
    ['aria-label', 'title'].map((name) => node.getAttribute(name)).filter(Boolean));
  return { text: pieces.join(' '), names };
}

/** Words of two letters or more outside ⟦…⟧; numbers, signs and single letters are not words. */
export function strayWords(text) {
  let rest = text;
  for (let before = ''; before !== rest;) { before = rest; rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' '); }
  return rest.match(/\p{L}{2,}/gu) ?? [];
}

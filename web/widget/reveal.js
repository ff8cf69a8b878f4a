// A full widget shown a few boxes per frame, top to bottom: the switches, the asker's panel, the
// arrows, the cast, everyone at once, the share buttons. A panel too big for one frame comes in
// parts (its heading and blocks, a table whole). The body keeps a screen's height meanwhile (the
// `revealing` class, attention-widget.css), so the page below does not move as panels arrive.
import { continueRender } from '../shared/near.js';

// About how many elements one frame shows. The first style, layout and paint of a widget's
// boxes on a phone-sized page cost some 70 µs an element on a 2-core VM (text shaped for the first
// time is most of it): 160 is about a quarter of a 50 ms long task under Lighthouse's 4x slowdown.
export const FRAME_BUDGET = 160;
// Boxes that may be shown apart from their siblings: block containers of the widget's own making.
// Anything else (a table, a list, an SVG, inline text) is shown whole.
const SPLITTABLE = new Set(['DIV', 'SECTION', 'FIGURE']);
const INPUT_WEIGHT = 4; // an input lays out its own inner editor
// The first formula on a page loads the math font (some 10 ms on that VM): it gets a frame of its own.
const MATH_WEIGHT = FRAME_BUDGET;

/**
 * Shows `body` (a widget's .body, laid out by element.js #layout) a few boxes per frame.
 * `beforeShow(name)` runs just before a group's first box appears ('asker', 'cast', 'everyone'), so
 * the element can paint the group there rather than in the first task. The first task shows only
 * the switches (and a train panel), so the core's first check is not followed by every panel's paint.
 * Returns `groups`, the names of the groups still to come (all of them), and `finish()`.
 */
export function revealInFrames(body, beforeShow = () => {}, host = undefined) {
  const panels = body.querySelector(':scope > .panels');
  if (!panels) return { groups: [], finish: () => [] };
  const [asker, arrows, cast, ...rest] = panels.children;
  const share = body.lastElementChild === panels ? null : body.lastElementChild;
  return showInFrames(body, { asker: [asker, arrows], cast: [cast], everyone: [...rest, share] }, beforeShow, host);
}

/**
 * Shows the boxes of `groups` ({ name: [node, ...] }, in the order they are on screen), all inside
 * `body`, a few per frame; `body` holds a screen's height meanwhile. `host`, the element, picks the
 * render lane (near.js). See revealInFrames.
 */
export function showInFrames(body, groups, beforeShow = () => {}, host = undefined) {
  const split = []; // the boxes shown in parts: each waits for its first part
  const parts = Object.entries(groups).flatMap(([name, nodes]) =>
    nodes.filter(Boolean).flatMap((node) => partsOf(node, split)).map((node) => ({ name, node })));
  const frames = packFrames(parts.map(({ node }) => weightOf(node)), FRAME_BUDGET).map((indices) => indices.map((i) => parts[i]));
  const started = new Set();
  for (const node of [...split, ...parts.map((part) => part.node)]) node.setAttribute('data-later', '');
  body.classList.add('revealing');
  // A box a rebuild took out of the page has no way up to `body`: nothing to unhide.
  const unhide = (node) => { for (let box = node; box && box !== body; box = box.parentNode) box.removeAttribute('data-later'); };
  const show = (frame) => {
    for (const { name, node } of frame) {
      if (!started.has(name)) {
        started.add(name);
        beforeShow(name);
      }
      unhide(node);
    }
  };
  // The end, or a finish(): every box still marked, including a box whose parts a rebuild replaced
  // (no shown part leads up to it any more), is unhidden.
  const end = () => {
    for (const node of [...split, ...parts.map((part) => part.node)]) node.removeAttribute('data-later');
    body.classList.remove('revealing');
  };
  const next = () => {
    if (frames.length) show(frames.shift());
    if (frames.length) continueRender(next, host);
    else end();
  };
  if (frames.length) continueRender(next, host);
  else end();
  return {
    groups: [...new Set(parts.map(({ name }) => name))],
    // Everything at once, now, unpainted: before a rebuild replaces boxes still waiting for their
    // frame. Returns the groups that had not started; the element paints them after its rebuild.
    finish() {
      const waiting = frames.splice(0).flat();
      end();
      return [...new Set(waiting.map(({ name }) => name).filter((name) => !started.has(name)))];
    },
  };
}

/**
 * Splits items of the given weights, in order, into frames of at most `budget` each (an item
 * heavier than that gets a frame of its own). Returns each frame's item indices.
 */
export function packFrames(weights, budget) {
  const frames = [];
  let load = Infinity;
  weights.forEach((weight, i) => {
    if (load + weight > budget) {
      frames.push([]);
      load = 0;
    }
    frames.at(-1).push(i);
    load += weight;
  });
  return frames;
}

// The boxes `node` is shown in: itself when it fits a frame or cannot be split, else its children's
// (and `node` joins `split`).
function partsOf(node, split) {
  if (weightOf(node) <= FRAME_BUDGET || !SPLITTABLE.has(node.tagName) || !splitsCleanly(node)) return [node];
  split.push(node);
  return [...node.children].flatMap((child) => partsOf(child, split));
}

// Only element children, no text of its own: hiding some of them leaves no stray words.
function splitsCleanly(node) {
  return node.children.length > 0
    && [...node.childNodes].every((child) => child.nodeType === 1 || (child.nodeType === 3 && !child.textContent.trim()));
}

function weightOf(node) {
  const count = (tag) => node.getElementsByTagName(tag).length + (node.localName === tag ? 1 : 0);
  return 1 + node.getElementsByTagName('*').length + (INPUT_WEIGHT - 1) * count('input') + MATH_WEIGHT * count('math');
}

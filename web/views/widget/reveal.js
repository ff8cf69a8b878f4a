// A full widget shown a few boxes per frame, top to bottom: the switches, the asker's panel, the
// arrows, the cast, everyone at once, the share buttons. A panel too big for one frame comes in
// parts (its heading and blocks, a table whole). The body keeps a screen's height meanwhile (the
// `revealing` class, attention-widget.css), so the page below does not move as panels arrive.
import { continueRender } from '../../shared/near.js';

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
// The first box of a kind (its tag and classes) on a page costs more than the next ones: its text is
// in a font size or weight not laid out before, which the renderer loads then (1 to 2 ms each on
// that VM: most of a first widget's frames). A widget like one shown before reveals faster.
const NEW_KIND_WEIGHT = 8;
const shownKinds = new Set(); // the kinds of box revealed on this page so far

/**
 * Shows `body` (a widget's .body, laid out by panels.js) a few boxes per frame.
 * `beforeShow(name)` runs in the task before a group's first box appears ('asker', 'arrows', 'cast',
 * 'everyone'), so
 * the element can paint the group there rather than in the first task. The first task shows only
 * the switches (and a train panel), so the core's first check is not followed by every panel's paint.
 * Returns `groups`, the names of the groups still to come (all of them), and `finish()`.
 */
export function revealInFrames(body, beforeShow) {
  const panels = body.querySelector(':scope > .panels');
  if (!panels) return { groups: [], finish: () => [] };
  const [asker, arrows, cast, ...rest] = panels.children;
  const share = body.lastElementChild === panels ? null : body.lastElementChild;
  return showInFrames(body, { asker: [asker], arrows: [arrows], cast: [cast], everyone: [...rest, share] }, beforeShow);
}

/**
 * Shows the boxes of `groups` ({ name: [node, ...] }, in the order they are on screen), all inside
 * `body`, a few per frame; `body` holds a screen's height meanwhile. See revealInFrames.
 */
export function showInFrames(body, groups, beforeShow) {
  const split = []; // the boxes shown in parts: each waits for its first part
  const roots = Object.values(groups).flat().filter(Boolean);
  const tally = tallyOf(roots);
  const parts = Object.entries(groups).flatMap(([name, nodes]) =>
    nodes.filter(Boolean).flatMap((node) => partsOf(node, split, tally)).map((node) => ({ name, node })));
  const frames = packFrames(weighInOrder(parts.map(({ node }) => node), tally), FRAME_BUDGET).map((indices) => indices.map((i) => parts[i]));
  const started = new Set();
  for (const node of [...split, ...parts.map((part) => part.node)]) node.setAttribute('data-later', '');
  body.classList.add('revealing');
  // A box a rebuild took out of the page has no way up to `body`: nothing to unhide.
  const unhide = (node) => { for (let box = node; box && box !== body; box = box.parentNode) box.removeAttribute('data-later'); };
  // The end, or a finish(): every box still marked, including a box whose parts a rebuild replaced
  // (no shown part leads up to it any more), is unhidden.
  const end = () => {
    for (const node of [...split, ...parts.map((part) => part.node)]) node.removeAttribute('data-later');
    body.classList.remove('revealing');
  };
  // A group is painted (beforeShow) in a task of its own, while its boxes are still hidden, and shown
  // in the next: a group's first paint and the style and layout of the boxes it shows were one
  // task of some 13 ms (first-time work: the paint's code compiled, the core's numbers formatted).
  const paintNext = (frame) => {
    const fresh = frame.find(({ name }) => !started.has(name));
    if (!fresh) return false;
    started.add(fresh.name);
    if (!beforeShow) return paintNext(frame); // nothing to paint: no task for it
    beforeShow(fresh.name);
    return true;
  };
  const next = () => {
    // Off screen (a page opened at a link below it, #train, built it as the page laid out): the
    // rest waits behind the renders queued meanwhile, such as those of the widget the link shows.
    // Read first, before this task changes anything: no layout forced.
    const behind = offScreen(body);
    if (frames.length && !paintNext(frames[0])) for (const { node } of frames.shift()) unhide(node);
    if (frames.length) continueRender(next, { behind });
    else end();
  };
  if (frames.length) continueRender(next);
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

function offScreen(box) {
  const { top, bottom } = box.getBoundingClientRect();
  return bottom <= 0 || top >= innerHeight;
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
function partsOf(node, split, tally) {
  if (weightOf(node, tally) <= FRAME_BUDGET || !SPLITTABLE.has(node.tagName) || !splitsCleanly(node)) return [node];
  split.push(node);
  return [...node.children].flatMap((child) => partsOf(child, split, tally));
}

// Only element children, no text of its own: hiding some of them leaves no stray words.
function splitsCleanly(node) {
  return node.children.length > 0
    && [...node.childNodes].every((child) => child.nodeType === 1 || (child.nodeType === 3 && !child.textContent.trim()));
}

/**
 * What weightOf needs of every box under `roots`, counted in one walk: { boxes, inputs, maths } of
 * each box's subtree, itself included. Counting each box's subtree again at every level that
 * partsOf looks at was some 10 ms of a first widget's reveal on a phone-sized 2-core VM.
 */
function tallyOf(roots) {
  const tally = new Map();
  const walk = (node) => {
    const own = { boxes: 1, inputs: node.localName === 'input' ? 1 : 0, maths: node.localName === 'math' ? 1 : 0 };
    for (const child of node.children) {
      const sub = walk(child);
      own.boxes += sub.boxes;
      own.inputs += sub.inputs;
      own.maths += sub.maths;
    }
    tally.set(node, own);
    return own;
  };
  for (const root of roots) walk(root);
  return tally;
}

/** The weights of boxes shown in this order: a kind is new only in the first box (on the page) that has it. */
export function weighInOrder(nodes, tally = tallyOf(nodes)) {
  // Each kind counts once, in the box it is first seen in (`add` returns the set: truthy).
  return nodes.map((node) => weightOf(node, tally) + NEW_KIND_WEIGHT * [node, ...node.getElementsByTagName('*')]
    .map((box) => `${box.localName}.${box.getAttribute('class')}`)
    .filter((kind) => !shownKinds.has(kind) && shownKinds.add(kind)).length);
}

// The box and everything in it, an input counting INPUT_WEIGHT and a formula MATH_WEIGHT.
function weightOf(node, tally) {
  const { boxes, inputs, maths } = tally.get(node);
  return boxes + (INPUT_WEIGHT - 1) * inputs + MATH_WEIGHT * maths;
}

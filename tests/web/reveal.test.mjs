// web/views/widget/reveal.js: a widget's boxes, in order, into frames of at most the budget (packFrames),
// shown a frame at a time (showInFrames), nothing left hidden at the end or after finish().
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FRAME_BUDGET, packFrames, showInFrames, weighInOrder } from '../../web/views/widget/reveal.js';
import { queueRender } from '../../web/shared/near.js';

const weightsOf = (frames, weights) => frames.map((frame) => frame.reduce((sum, i) => sum + weights[i], 0));

test('every box once, in order, no frame over the budget', () => {
  const weights = [30, 50, 80, 10, 160, 1, 1, 159, 2];
  const frames = packFrames(weights, 160);
  assert.deepEqual(frames.flat(), weights.map((_, i) => i));
  for (const load of weightsOf(frames, weights)) assert.ok(load <= 160, `a frame of ${load}`);
  assert.deepEqual(frames, [[0, 1, 2], [3], [4], [5, 6], [7], [8]]);
});

test('a box heavier than the budget gets a frame of its own, and the next box a new frame', () => {
  assert.deepEqual(packFrames([5, 500, 5], 160), [[0], [1], [2]]);
});

test('frames are as full as the order allows: no two neighbours would fit in one', () => {
  const weights = Array.from({ length: 60 }, (_, i) => 1 + ((i * 37) % 90));
  const loads = weightsOf(packFrames(weights, FRAME_BUDGET), weights);
  const frames = packFrames(weights, FRAME_BUDGET);
  for (let f = 1; f < frames.length; f++) assert.ok(loads[f - 1] + weights[frames[f][0]] > FRAME_BUDGET);
});

test('nothing to show: no frames', () => {
  assert.deepEqual(packFrames([], 160), []);
});

// A small stand-in for the DOM parts showInFrames uses: elements, their attributes and classes.
class Box {
  constructor(tagName, children = []) {
    this.tagName = tagName.toUpperCase();
    this.localName = tagName;
    this.nodeType = 1;
    this.attributes = new Set();
    this.classes = new Set();
    this.classList = { add: (c) => this.classes.add(c), remove: (c) => this.classes.delete(c) };
    this.parentNode = null;
    this.childNodes = [];
    this.top = 0; // where it is on a screen 800 high (innerHeight below)
    for (const child of children) this.append(child);
  }
  get children() { return this.childNodes; }
  append(child) { child.parentNode = this; this.childNodes.push(child); }
  replaceChildren(...kids) { for (const kid of this.childNodes) kid.parentNode = null; this.childNodes = []; for (const kid of kids) this.append(kid); }
  setAttribute(name) { this.attributes.add(name); }
  removeAttribute(name) { this.attributes.delete(name); }
  hasAttribute(name) { return this.attributes.has(name); }
  getBoundingClientRect() { return { top: this.top, bottom: this.top + 400 }; }
  getAttribute(name) { return name === 'class' && this.classes.size ? [...this.classes].join(' ') : null; }
  getElementsByTagName(tag) {
    const all = this.childNodes.flatMap((c) => [c, ...c.getElementsByTagName('*')]);
    return tag === '*' ? all : all.filter((c) => c.localName === tag);
  }
}
const rows = (n) => Array.from({ length: n }, () => new Box('p'));
const hiddenIn = (root) => root.getElementsByTagName('*').filter((b) => b.hasAttribute('data-later')).length;
globalThis.innerHeight = 800;
const frames = () => new Promise((resolve) => setTimeout(resolve, 60)); // near.js: no frames in node, a 50 ms wait

test('showInFrames: a big panel comes in parts, each group announced once before its first part, nothing left hidden', async () => {
  const big = new Box('section', [new Box('div', rows(120)), new Box('div', rows(120)), new Box('table', rows(10))]);
  const small = new Box('div', rows(5));
  const body = new Box('div', [big, small]);
  const announced = [];
  const { groups } = showInFrames(body, { one: [big], two: [small] }, (name) => announced.push(name));
  assert.deepEqual(groups, ['one', 'two']);
  assert.ok(body.classes.has('revealing'));
  assert.equal(big.hasAttribute('data-later'), true); // split: waits for its first part
  for (let i = 0; i < 8 && body.classes.has('revealing'); i++) await frames();
  assert.deepEqual(announced, ['one', 'two']);
  assert.equal(hiddenIn(body), 0);
  assert.ok(!body.classes.has('revealing'));
});

test('showInFrames: boxes a rebuild replaced mid-reveal leave no box hidden at the end', async () => {
  const inner = new Box('div', [new Box('div', rows(120)), new Box('div', rows(120))]);
  const body = new Box('div', [new Box('section', [inner, new Box('div', rows(150))])]);
  showInFrames(body, { one: [body.children[0]] });
  inner.replaceChildren(new Box('div', rows(3))); // a step of the tour drew itself anew
  for (let i = 0; i < 8 && body.classes.has('revealing'); i++) await frames();
  assert.equal(hiddenIn(body), 0);
});

test('showInFrames: finish() shows every box now and names the groups not started', () => {
  const body = new Box('div', [new Box('div', rows(150)), new Box('div', rows(150))]);
  const reveal = showInFrames(body, { one: [body.children[0]], two: [body.children[1]] });
  assert.deepEqual(reveal.finish(), ['one', 'two']);
  assert.equal(hiddenIn(body), 0);
  assert.ok(!body.classes.has('revealing'));
});

// A box of a kind (tag and first class) never shown on the page brings text in a font size or weight
// the renderer has not loaded yet: it weighs more than the same box shown again.
test('weighInOrder: the first box of its kinds on a page weighs more than a box of the same kinds after it', () => {
  const kinds = (tag, cls, kids = []) => { const box = new Box(tag, kids); box.classList.add(cls); return box; };
  const card = () => kinds('div', 'kind-test-card', [kinds('p', 'kind-test-title'), kinds('span', 'kind-test-value')]);
  const [first, again, third] = weighInOrder([card(), card(), card()]);
  assert.ok(first > again, `first ${first}, again ${again}`);
  assert.equal(again, 3); // the box and its two children, nothing new
  assert.equal(third, again);
});

// A group's first paint (beforeShow) has a task of its own: its boxes still hidden then, shown in a later task.
test('showInFrames: each group is painted while its boxes are hidden, and shown in a later task', async () => {
  const body = new Box('div', [new Box('div', rows(5)), new Box('div', rows(5))]);
  const [one, two] = body.children;
  const seen = [];
  showInFrames(body, { one: [one], two: [two] }, (name) => {
    const box = name === 'one' ? one : two;
    seen.push([name, box.hasAttribute('data-later')]);
    queueMicrotask(() => seen.push([`${name} after`, box.hasAttribute('data-later')]));
  });
  for (let i = 0; i < 8 && body.classes.has('revealing'); i++) await frames();
  assert.deepEqual(seen, [['one', true], ['one after', true], ['two', true], ['two after', true]]);
  assert.equal(hiddenIn(body), 0);
});

// A box weighs itself and everything in it, an input INPUT_WEIGHT (4) and a formula a frame of its own.
test('weighInOrder: a box counts its whole subtree, an input 4', () => {
  const box = () => new Box('div', [new Box('input'), new Box('span', [new Box('input')])]);
  weighInOrder([box()]); // its kinds are shown now: the next one weighs what it holds only
  assert.deepEqual(weighInOrder([box()]), [4 + 3 * 2]);
  const formula = new Box('math');
  assert.ok(weighInOrder([formula])[0] > FRAME_BUDGET);
});

// Splitting a big panel looks at each level of it: its subtree's size is counted once for the
// whole reveal (one walk), not again at each level (getElementsByTagName per box looked at).
test('showInFrames: counts every subtree in one walk, however deep the panel', () => {
  const deep = (depth) => (depth === 0 ? new Box('div', rows(60)) : new Box('div', [deep(depth - 1), deep(depth - 1)]));
  const body = new Box('div', [deep(4)]);
  let queries = 0, inside = 0; // the stand-in answers a query by asking its children: count the outer ones
  const count = (node) => {
    const own = node.getElementsByTagName.bind(node);
    node.getElementsByTagName = (tag) => {
      if (inside === 0) queries++;
      inside++;
      try { return own(tag); } finally { inside--; }
    };
    node.childNodes.forEach(count);
  };
  count(body);
  const reveal = showInFrames(body, { one: [body.children[0]] });
  const parts = 16; // the 16 leaves of 61 boxes each fit a frame; the 15 boxes above them are split
  assert.ok(queries <= parts + 1, `${queries} subtree queries for ${parts} parts`);
  reveal.finish();
});

// A page opened at a link (#train) lays out the widgets above it first, and one it then scrolls
// past may already be revealing: the rest of that reveal waits behind the renders queued meanwhile
// (the widget on screen), while one on screen goes on first, as before.
for (const [where, top, expected] of [['off screen', -1200, 'queued meanwhile first'], ['on screen', 100, 'its reveal first']]) {
  test(`showInFrames: a widget ${where} goes on ${expected === 'its reveal first' ? 'before' : 'behind'} a render queued meanwhile`, async () => {
    const body = new Box('div', [new Box('div', rows(150)), new Box('div', rows(150)), new Box('div', rows(150))]);
    body.top = top;
    const order = [];
    showInFrames(body, { one: [body.children[0]], two: [body.children[1]], three: [body.children[2]] },
      (name) => order.push(name));
    queueRender(() => order.push('queued'));
    for (let i = 0; i < 12 && (body.classes.has('revealing') || !order.includes('queued')); i++) await frames();
    assert.equal(hiddenIn(body), 0);
    const queuedAt = order.indexOf('queued');
    if (expected === 'its reveal first') assert.equal(queuedAt, order.length - 1, order.join(', '));
    else assert.ok(queuedAt < order.length - 1, `the queued render waited for the whole reveal: ${order.join(', ')}`);
  });
}

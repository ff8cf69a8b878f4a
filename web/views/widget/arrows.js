// "The blend, as arrows": each value vector from the origin, each one scaled by
// the asker's share and laid tip-to-tail, and the output arrow where the chain
// ends. Value tips can be dragged (or moved with arrow keys when focused);
// the widget turns a move into an edit of W_V (web/model/drag.js).
// Positions are layout math on the core's numbers (../common/blend.js); every printed number is the core's.
import { el, svg, setAttr, setText, uid } from '../../shared/dom.js';
import { fixed2, vector } from '../../shared/numbers.js';
import { niceStep } from '../../shared/axes.js';
import { chain as tipToTail, first2, samePoint } from '../common/blend.js';
import { liveRegion, setTokenText } from './dom.js';
import { isolate } from '../../shared/text.js';
import { placeOutputLabel } from './label-place.js';
import { label, t, text } from '../../shared/i18n/messages.js';

/** @param {{ onMove: (j: number, target: number[], phase: 'move'|'end'|'key') => void }} options */
export function createArrowPlot({ onMove }) {
  // The summary describes the plot in words; it is not a live region (drags would flood it).
  // Hidden: aria-describedby still reads it, and rewriting it costs no layout.
  const summary = el('p', { id: uid('plot'), hidden: true });
  const plot = svg('svg', { class: 'plot', role: 'group', ...label('blend.plot'),
    'aria-describedby': summary.id, preserveAspectRatio: 'xMidYMid meet' });
  const dimsNote = el('p', { class: 'note', hidden: true });
  const dragNote = el('div', { class: 'how' }, el('span', text('blend.how')),
    el('details', { class: 'why' }, el('summary', text('blend.why')), el('span', text('blend.whyText'))));
  const element = el('section', { class: 'panel blend-panel', ...label('blend.title') },
    el('h3', text('blend.title')),
    el('p', { class: 'lead legend' },
      el('span', { class: 'key-v', ...text('blend.legendValues') }), el('span', text('blend.legendFrom')),
      el('span', { class: 'key-chain', ...text('blend.legendChain') }), '; ',
      el('span', { class: 'key-o', ...text('blend.legendOutput') }), el('span', text('blend.legendEnd'))),
    // The plot and its words change with every edit: one live region (see liveRegion).
    liveRegion('blend-live', plot, summary, dimsNote, dragNote));
  let view = null;
  let frozenBox = null; // the viewBox is held still while a drag is in progress
  const pin = createPin(plot, (target) => onPinMove?.(target), (box) => { frozenBox = box; });
  let onPinMove = null;
  let last = null;      // { state, result } of the last paint (also to refit when the pin moves)
  let paints = 0;

  function build(state) {
    const grid = svg('g', { class: 'grid-lines' });
    const chain = svg('g', { class: 'chain' });
    const values = state.tokens.map((token, j) => buildValueArrow(j));
    const output = { line: svg('line', { class: 'arrow-o' }), head: svg('polygon', { class: 'head-o' }),
      label: svg('text', { class: 'label-o' }) };
    // Layers, bottom to top: grid, value arrows, the chain, the output, all labels, the drag handles.
    plot.replaceChildren(grid, svg('g', {}, values.map((v) => v.group)), chain,
      svg('g', {}, output.line, output.head), svg('g', {}, values.map((v) => v.label), output.label),
      svg('g', {}, values.map((v) => v.handle)), pin.group);
    view = { grid, chain, values, output, links: [] };
    frozenBox = null;
  }

  function buildValueArrow(j) {
    const line = svg('line', { class: 'arrow-v' });
    const head = svg('polygon', { class: 'head-v' });
    const label = svg('text', { class: 'label-v' });
    const handle = svg('circle', { class: 'handle', tabindex: 0, role: 'button',
      'aria-roledescription': t('blend.tip') });
    wireDrag(handle, j);
    return { group: svg('g', {}, line, head), line, head, label, handle };
  }

  function wireDrag(handle, j) {
    let dragging = false;
    handle.addEventListener('pointerdown', (event) => {
      if (handle.getAttribute('aria-disabled') === 'true') return;
      dragging = true;
      frozenBox = plot.getAttribute('viewBox');
      handle.setPointerCapture(event.pointerId);
      event.preventDefault();
    });
    handle.addEventListener('pointermove', (event) => {
      if (dragging) onMove(j, toData(event), 'move');
    });
    const end = (event) => {
      if (!dragging) return;
      dragging = false;
      handle.releasePointerCapture?.(event.pointerId);
      // Unfreeze before the last move repaints, so that repaint refits the plot around where the
      // tip ended (released outside, the old frame would leave the arrow and its handle clipped).
      // A release that changes nothing repaints nothing: refit from the last numbers then.
      frozenBox = null;
      const painted = paints;
      onMove(j, toData(event), 'end');
      if (paints === painted && last) update(last.state, last.result);
    };
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
    handle.addEventListener('keydown', (event) => {
      const dir = Object.hasOwn(ARROW_KEYS, event.key) ? ARROW_KEYS[event.key] : null;
      if (!dir || handle.getAttribute('aria-disabled') === 'true') return;
      event.preventDefault();
      const step = event.shiftKey ? 0.1 : 1;
      const tip = view.values[j].tip;
      onMove(j, [tip[0] + dir[0] * step, tip[1] + dir[1] * step], 'key');
    });
  }

  // Screen point -> data coordinates (the plot's y axis points up).
  function toData(event) {
    const ctm = plot.getScreenCTM();
    if (!ctm) return [0, 0];
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return [Number(p.x.toFixed(2)), Number((-p.y).toFixed(2))];
  }

  // shape: where to draw (default: the result itself). The widget's glide (../guided/feedback.js)
  // passes in-between positions for a few frames after an edit; text always comes from result.
  function update(state, result, shape = result) {
    paints += 1;
    const i = state.asker;
    const tips = shape.values.map(first2);
    const out = first2(shape.outputs[i]);
    const weights = shape.weights[i];
    const links = tipToTail(tips, weights, 0.005); // links too short to see are left out
    last = { state, result };
    const box = frozenBox ?? fitBox([[0, 0], ...tips, out, ...links.map((l) => l.to), ...pin.points()]);
    const size = Number(box.split(' ')[2]);
    setAttr(plot, 'viewBox', box);
    drawGrid(view.grid, box);
    const tokens = state.tokens.map(isolate); // for labels and sentences (see isolate)
    const labels = sharedLabels(tips, tokens);
    tips.forEach((tip, j) => paintValue(view.values[j], tip, j, state, result, box, labels[j]));
    paintChain(view.chain, links, size);
    drawArrow(view.output, [0, 0], out, size, 1.4);
    placeOutput(view.output.label, out, box, [...links, ...tips.map((tip) => ({ from: [0, 0], to: tip }))],
      `o(${state.tokens[i]})`.length);
    pin.paint(box, placeLabel);
    setTokenText(view.output.label, `o(${tokens[i]})`);
    // Read by screen readers in logical order: the plain token text, no isolates.
    setText(summary, t('blend.summary', { token: state.tokens[i], output: vector(result.outputs[i], fixed2),
      values: state.tokens.map((token, j) => `${token} ${vector(result.values[j])}`).join('; ') })
      + pin.points().map((p) => t('blend.pinAt', { at: vector(p, fixed2) })).join(''));
    if (dimsNote.hidden !== (result.dV === 2)) dimsNote.hidden = result.dV === 2;
    setText(dimsNote, t('blend.dims', { n: result.dV }));
  }

  function paintValue(v, tip, j, state, result, box, label) {
    const fixed = state.embeddings[j].every((x) => x === 0);
    // Most edits leave most values where they were: then there is nothing to redraw.
    const key = `${tip}|${result.values[j]}|${box}|${label}|${fixed}|${state.tokens[j]}`;
    if (v.key === key) return;
    v.key = key;
    const size = Number(box.split(' ')[2]);
    v.tip = tip;
    drawArrow(v, [0, 0], tip, size, 1);
    placeLabel(v.label, tip, box, 1);
    setTokenText(v.label, label);
    setAttr(v.handle, 'cx', tip[0]);
    setAttr(v.handle, 'cy', -tip[1]);
    setAttr(v.handle, 'r', size * 0.022);
    setAttr(v.handle, 'aria-disabled', String(fixed));
    setAttr(v.handle, 'aria-label', fixed
      ? t('blend.valueFixed', { token: state.tokens[j] })
      : t('blend.value', { token: state.tokens[j], value: vector(result.values[j]) }));
  }

  /** The training goal's target pin: a point [x, y] (null: none); onMove(target) when the learner moves it. */
  function setPin(point, onMove) {
    onPinMove = onMove ?? null;
    if (!pin.set(point) || !last) return;
    update(last.state, last.result);
  }

  return { element, build, update, setPin };
}

// The target pin of the "match a target blend" goal: a ring with a cross, dragged or moved
// with the arrow keys (1 a step, Shift 0.1), or dropped where the learner clicks on the plot.
function createPin(plot, onMove, setFrozen) {
  const mark = svg('path', { class: 'pin-mark' });
  const label = svg('text', { class: 'label-pin', ...text('blend.pin') });
  const handle = svg('circle', { class: 'pin-handle', tabindex: 0, role: 'button',
    'aria-roledescription': t('blend.pinRole') });
  const group = svg('g', { class: 'pin', display: 'none' }, mark, label, handle);
  let at = null;
  let dragging = false;
  const toData = (event) => {
    const ctm = plot.getScreenCTM();
    if (!ctm) return at;
    const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(ctm.inverse());
    return [Number(p.x.toFixed(2)), Number((-p.y).toFixed(2))];
  };
  handle.addEventListener('pointerdown', (event) => {
    dragging = true;
    setFrozen(plot.getAttribute('viewBox'));
    handle.setPointerCapture(event.pointerId);
    event.preventDefault();
    event.stopPropagation();
  });
  handle.addEventListener('pointermove', (event) => { if (dragging) onMove(toData(event)); });
  const end = (event) => {
    if (!dragging) return;
    dragging = false;
    setFrozen(null);
    onMove(toData(event));
  };
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
  handle.addEventListener('keydown', (event) => {
    const dir = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[event.key];
    if (!dir || !at) return;
    event.preventDefault();
    const step = event.shiftKey ? 0.1 : 1;
    onMove([Number((at[0] + dir[0] * step).toFixed(2)), Number((at[1] + dir[1] * step).toFixed(2))]);
  });
  // A click on the plot itself (not on a handle) drops the pin there.
  plot.addEventListener('click', (event) => {
    if (at && !event.target.closest?.('.handle, .pin-handle')) onMove(toData(event));
  });
  return {
    group,
    points: () => (at ? [at] : []),
    /** Returns true when the pin changed. */
    set(point) {
      const next = point ? [point[0], point[1]] : null;
      if (String(next) === String(at)) return false;
      at = next;
      group.setAttribute('display', at ? 'inline' : 'none');
      return true;
    },
    paint(box, placeLabel) {
      if (!at) return;
      const size = Number(box.split(' ')[2]);
      const r = size * 0.03;
      const [x, y] = [at[0], -at[1]];
      mark.setAttribute('d', `M${x - r} ${y}h${2 * r}M${x} ${y - r}v${2 * r}`);
      mark.setAttribute('stroke-width', size * 0.006);
      handle.setAttribute('cx', x);
      handle.setAttribute('cy', y);
      handle.setAttribute('r', r);
      handle.setAttribute('stroke-width', size * 0.006);
      handle.setAttribute('aria-label', t('blend.pinLabel', { at: vector(at, fixed2) }));
      placeLabel(label, at, box, 1);
    },
  };
}

const ARROW_KEYS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };


function paintChain(group, links, size) {
  while (group.children.length < links.length * 2)
    group.append(svg('line', { class: 'arrow-chain' }), svg('polygon', { class: 'head-chain' }));
  [...group.children].forEach((node, k) => {
    const display = k < links.length * 2 ? '' : 'none';
    if (node.__display !== display) node.style.display = node.__display = display; // unchanged: no style write
  });
  links.forEach((link, k) => {
    drawArrow({ line: group.children[2 * k], head: group.children[2 * k + 1] }, link.from, link.to, size, 0.8);
  });
}

// Geometry goes in through the SVG DOM (x1.baseVal, the polygon's point list), not as
// attribute strings: no number printing and parsing per coordinate on every repaint, and an
// unchanged coordinate is not written at all.
function drawArrow({ line, head }, from, to, size, weight) {
  setLength(line, 'x1', from[0]); setLength(line, 'y1', -from[1]);
  setLength(line, 'x2', to[0]); setLength(line, 'y2', -to[1]);
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const len = Math.hypot(dx, dy);
  if (len < 1e-9) { setPoints(head, null); return; }
  const h = Math.min(len * 0.5, size * 0.04 * weight);
  const ux = dx / len; const uy = dy / len;
  const bx = to[0] - ux * h; const by = to[1] - uy * h;
  setPoints(head, [to[0], -to[1], bx - uy * h * 0.5, -(by + ux * h * 0.5), bx + uy * h * 0.5, -(by - ux * h * 0.5)]);
}

function setLength(node, name, value) {
  const seen = (node.__lengths ??= {});
  if (seen[name] === value) return;
  seen[name] = value;
  node[name].baseVal.value = value;
}

// xy: [x0, y0, x1, y1, x2, y2] (a triangle), or null for no head.
function setPoints(polygon, xy) {
  const points = polygon.points;
  if (!xy) {
    if (points.numberOfItems) points.clear();
    return;
  }
  while (points.numberOfItems < 3) points.appendItem(polygon.ownerSVGElement.createSVGPoint());
  for (let k = 0; k < 3; k++) {
    const p = points.getItem(k);
    if (p.x !== xy[2 * k]) p.x = xy[2 * k];
    if (p.y !== xy[2 * k + 1]) p.y = xy[2 * k + 1];
  }
}

// Labels read inward (toward the middle of the plot) so they are never cut at an edge:
// value labels above their tip (the output's has its own rule: placeOutput).
function placeLabel(label, tip, box, side) {
  const [x0, , w] = box.split(' ').map(Number);
  const off = w * 0.045;
  const atOrigin = tip[0] === 0 && tip[1] === 0;
  const inwardLeft = !atOrigin && tip[0] > x0 + w / 2;
  setAttr(label, 'x', tip[0] + (inwardLeft ? -off * 0.4 : off * 0.4));
  setAttr(label, 'y', -tip[1] + (side > 0 && !atOrigin ? -off * 0.5 : off * 1.3));
  setAttr(label, 'text-anchor', inwardLeft ? 'end' : 'start');
  setAttr(label, 'font-size', w * 0.042);
}

// The output's label beside its tip, clear of its own shaft and of the other arrows (label-place.js).
function placeOutput(label, tip, box, links, chars) {
  const [x0, top, w, h] = box.split(' ').map(Number); // SVG's y runs down: the box's top is -maxY
  const size = w * 0.042;
  const segments = [[[0, 0], tip], ...links.map((l) => [l.from, l.to])];
  const place = placeOutputLabel(tip, segments, { x0, y0: -(top + h), w, h },
    { width: chars * size * 0.6, height: size, gap: w * 0.03 });
  setAttr(label, 'x', place.x);
  setAttr(label, 'y', -(place.y + size * 0.2)); // the baseline, a descender's depth above the box's bottom
  setAttr(label, 'text-anchor', place.anchor);
  setAttr(label, 'font-size', size);
}

// Tokens whose values land on the same point share one label ("we, from, the").
function sharedLabels(tips, tokens) {
  const labels = tokens.map(() => '');
  for (const members of samePoint(tips)) {
    const names = [...new Set(members.map((j) => tokens[j]))];
    labels[members[0]] = names.length > 4 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`
      : names.join(', ');
  }
  return labels;
}


function drawGrid(group, box) {
  if (group.__box === box) return;
  group.__box = box;
  const [x0, y0, w, h] = box.split(' ').map(Number);
  const step = gridStep(Math.max(w, h));
  const lines = [];
  for (let x = Math.ceil(x0 / step) * step; x <= x0 + w; x += step)
    lines.push(svg('line', { class: x === 0 ? 'axis' : 'tick', x1: x, x2: x, y1: y0, y2: y0 + h }));
  for (let y = Math.ceil(y0 / step) * step; y <= y0 + h; y += step)
    lines.push(svg('line', { class: Math.abs(y) < 1e-9 ? 'axis' : 'tick', x1: x0, x2: x0 + w, y1: y, y2: y }));
  group.replaceChildren(...lines);
}

// viewBox covering the points with padding, aspect (height / width) kept between 0.6 and 1.
function fitBox(points) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of points) {
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    minX = Math.min(minX, x); maxX = Math.max(maxX, x);
    minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  let w = Math.max(maxX - minX, 1); let h = Math.max(maxY - minY, 1);
  if (h < 0.6 * w) { const grow = (0.6 * w - h) / 2; minY -= grow; h = 0.6 * w; }
  if (h > w) { const grow = (h - w) / 2; minX -= grow; w = h; }
  // Snap outward to a coarse step so small edits leave the frame (and the grid lines) still.
  const pad = Math.max(w, h) * 0.14;
  const step = gridStep(Math.max(w, h)) / 2;
  const x0 = Math.floor((minX - pad) / step) * step;
  const y1 = Math.ceil((minY + h + pad) / step) * step;
  const x1 = Math.ceil((minX + w + pad) / step) * step;
  const y0 = Math.floor((minY - pad) / step) * step;
  const f = (x) => Number(x.toFixed(3));
  return `${f(x0)} ${f(-y1)} ${f(x1 - x0)} ${f(y1 - y0)}`;
}

// About eight grid lines across the plot's longer side.
function gridStep(span) {
  return niceStep(span / 8);
}

// A full widget shown in three frames: first the switches, the asker's panel and the arrows, then
// the cast, then everyone at once and the share buttons. The body keeps a screen's height meanwhile
// (the `revealing` class, attention-widget.css), so the page below does not move as panels arrive.
import { afterNextFrame } from '../shared/near.js';

/** Shows `body` (a widget's .body, laid out by element.js #layout) a group of panels per frame. */
export function revealInFrames(body) {
  const panels = body.querySelector(':scope > .panels');
  if (!panels) return;
  const [, , cast, ...rest] = panels.children;
  const share = body.lastElementChild === panels ? null : body.lastElementChild;
  const groups = [[cast], [...rest, share]].map((group) => group.filter(Boolean));
  for (const node of groups.flat()) node.setAttribute('data-later', '');
  body.classList.add('revealing');
  const next = () => {
    for (const node of groups.shift()) node.removeAttribute('data-later');
    if (groups.length) afterNextFrame(next);
    else body.classList.remove('revealing');
  };
  afterNextFrame(next);
}

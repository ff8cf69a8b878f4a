// A full widget shown in three frames: first the switches, the asker's panel and the arrows, then
// the cast, then everyone at once and the share buttons. The body keeps a screen's height meanwhile
// (the `revealing` class, attention-widget.css), so the page below does not move as panels arrive.
import { continueRender } from '../shared/near.js';

/**
 * Shows `body` (a widget's .body, laid out by element.js #layout) a group of panels per frame.
 * `beforeShow(name)` runs just before a later group appears ('cast', then 'everyone'), so the
 * element can paint it there rather than in the first task. Returns the names of the later groups.
 */
export function revealInFrames(body, beforeShow = () => {}) {
  const panels = body.querySelector(':scope > .panels');
  if (!panels) return [];
  const [, , cast, ...rest] = panels.children;
  const share = body.lastElementChild === panels ? null : body.lastElementChild;
  const groups = [{ name: 'cast', nodes: [cast] }, { name: 'everyone', nodes: [...rest, share] }]
    .map((group) => ({ ...group, nodes: group.nodes.filter(Boolean) }));
  for (const node of groups.flatMap((group) => group.nodes)) node.setAttribute('data-later', '');
  body.classList.add('revealing');
  const next = () => {
    const { name, nodes } = groups.shift();
    beforeShow(name);
    for (const node of nodes) node.removeAttribute('data-later');
    if (groups.length) continueRender(next);
    else body.classList.remove('revealing');
  };
  continueRender(next);
  return groups.map((group) => group.name);
}

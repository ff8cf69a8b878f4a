// A misconception probe on screen (probes.js has the words and the truth): the question with
// its two or three choices and a skip before the reveal; after it, the counterexample's bars
// or cells marked on the live figure and the verdict with its why under it.
import { el } from '../../shared/dom.js';
import { t } from './words.js';

/** { element, play } asking `probe`; onAnswer(choice id) or onAnswer(null) to skip. */
export function probeView(probe, onAnswer) {
  const choices = probe.choices.map((c) => {
    const b = el('button', { type: 'button', class: 'g-choice', 'data-choice': c.id, text: c.text });
    b.addEventListener('click', () => onAnswer(c.id));
    return b;
  });
  const skip = el('button', { type: 'button', class: 'g-skip', text: t('tour.skip') });
  skip.addEventListener('click', () => onAnswer(null));
  const element = el('div', { class: 'g-guess g-probe', 'data-probe': probe.kind },
    el('p', { class: 'g-prompt', text: t('tour.probe.prompt', { question: probe.question }) }),
    el('div', { class: 'g-actions', role: 'group', 'aria-label': t('tour.probe.answer') }, choices, skip));
  return { element, play: (m) => m.enter(choices) };
}

/**
 * Marks the probe's counterexample on a revealed step (bar rows by data-key, grid cells by
 * data-cell) and adds the verdict: "You said …: right. <why>".
 */
export function markProbe(stage, probe, scored) {
  for (const j of probe.highlight.keys ?? []) {
    for (const row of stage.querySelectorAll(`.g-bar-row[data-key="${j}"]`)) row.classList.add('g-probe-hit');
  }
  for (const cell of probe.highlight.cells ?? []) {
    for (const td of stage.querySelectorAll(`td[data-cell="${cell}"]`)) td.classList.add('g-probe-hit');
  }
  stage.append(el('p', { class: 'g-probe-verdict', 'data-probe': probe.kind, text: scored.text }));
  // On a phone the verdict's lines take the room of one grid or part of the picture (guided.css).
  stage.classList.add('g-probed');
}

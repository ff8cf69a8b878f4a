// <attention-scale show="…">: which half of the lab a figure shows. Pure: no DOM.
//   (absent)      both: the n × n lab and the thermostat, as before
//   thermostat    only the √d_k plot and the numbers behind it
//   grid          only the n × n lab: controls, heat map, cost readouts, time plot
// Each part computes only when shown: a thermostat figure never runs an n × n grid.
import { clip } from '../../shared/text.js';

export const SCALE_PARTS = Object.freeze(['grid', 'thermostat']);

/** show="…" -> { parts: Set, message }. Unknown words are named and skipped; none left: both parts. */
export function parseScaleShow(raw) {
  if (raw === null || raw === undefined) return { parts: new Set(SCALE_PARTS), message: null };
  const words = String(raw).trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  const known = words.filter((w) => SCALE_PARTS.includes(w));
  const unknown = words.filter((w) => !SCALE_PARTS.includes(w));
  const message = unknown.length || known.length === 0
    ? `show="${clip(raw)}" is not understood; use show="thermostat" or show="grid" `
      + `(showing ${known.length ? known.join(' and ') : 'both'}).`
    : null;
  return { parts: new Set(known.length ? known : SCALE_PARTS), message };
}

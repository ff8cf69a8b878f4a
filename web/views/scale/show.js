// <attention-scale show="…">: which half of the lab a figure shows. Pure: no DOM.
//   (absent)      both: the n × n lab and the thermostat, as before
//   thermostat    only the √d_k plot and the numbers behind it
//   grid          only the n × n lab: controls, heat map, cost readouts, time plot
// Each part computes only when shown: a thermostat figure never runs an n × n grid.
import { clip } from '../../shared/text.js';
import { listAnd } from '../../shared/i18n/registry.js';
import { t } from './words.js';

export const SCALE_PARTS = Object.freeze(['grid', 'thermostat']);

/**
 * show="…" -> { parts: Set, message }, and with a message say(): its words in the language in force
 * when shown. Unknown words are named and skipped; none left: both parts.
 */
export function parseScaleShow(raw) {
  if (raw === null || raw === undefined) return { parts: new Set(SCALE_PARTS), message: null };
  const words = String(raw).trim().toLowerCase().split(/[\s,]+/).filter(Boolean);
  const known = words.filter((w) => SCALE_PARTS.includes(w));
  const unknown = words.filter((w) => !SCALE_PARTS.includes(w));
  const parts = new Set(known.length ? known : SCALE_PARTS);
  if (!unknown.length && known.length) return { parts, message: null };
  const say = () => t('scale.badShow', { raw: clip(raw), parts: known.length ? listAnd(known) : t('scale.showBoth') });
  return { parts, message: say(), say };
}

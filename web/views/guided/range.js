// The `steps` attribute of <attention-widget guided>: a tour locked to a range of steps, for course
// pages that place one tour per section. Pure.
//   steps="1-4"  steps 1 to 4 (a hyphen or an en dash; spaces around are ignored)
//   steps="7"    step 7 alone
// Absent or empty: the whole tour. Anything else (not numbers, out of 1 … count, backwards) gets a
// short message (in the language in force) and the whole tour.
import { clip } from '../../shared/text.js';
import { t } from './words.js';

/** `raw` (the attribute's text, null when absent) -> { from, to (0-based, inclusive), message }. */
export function parseSteps(raw, count) {
  const whole = { from: 0, to: count - 1, message: null };
  if (raw === null || raw === undefined || String(raw).trim() === '') return whole;
  const m = /^\s*(\d{1,3})\s*(?:[-–]\s*(\d{1,3})\s*)?$/.exec(String(raw));
  const first = m ? Number(m[1]) : NaN;
  const last = m ? Number(m[2] ?? m[1]) : NaN;
  if (!m || first < 1 || last > count || first > last) {
    return { ...whole, message: t('tour.badSteps', { raw: clip(String(raw)), count }) };
  }
  return { from: first - 1, to: last - 1, message: null };
}

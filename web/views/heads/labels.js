// The sentences under each head's grid, from the core's held-out measurements
// (wasm/heads.js measure()). Pure: node-tested in tests/wasm/heads-ui.test.mjs.
import { fixed2 } from '../../shared/numbers.js';

/** The label over head `index` (0-based): its job in words and the number that earned it. */
export function headLabel(index, report) {
  const name = `Head ${index + 1}`;
  if (!report || report.job === 'none') return `${name}: not yet specialised`;
  if (report.job === 'previous-word')
    return `${name}: ${fixed2(report.previousShare)} of its attention on the previous word`;
  const main = `${name}: ${fixed2(report.nounShare)} of its attention on the sentence's first noun`;
  const { nounShareSingular: singular, nounSharePlural: plural } = report;
  if (Math.min(singular, plural) >= 0.8) return main;
  // It looks for one number only: the other is what the model assumes when it sees none.
  const [looks, other, watched, unwatched] = plural >= singular
    ? [plural, singular, 'plural', 'singular'] : [singular, plural, 'singular', 'plural'];
  return `${main}: ${fixed2(looks)} when that noun is ${watched}, ${fixed2(other)} when ${unwatched}`;
}

/** What zeroing head `index` does to the held-out loss, e.g. "Zeroing head 1 raises the held-out loss by 0.54". */
export function ablationText(index, report, heldOutLoss) {
  const change = report.ablatedLoss - heldOutLoss;
  const verb = change >= 0.005 ? 'raises' : change <= -0.005 ? 'lowers' : 'leaves';
  if (verb === 'leaves') return `Zeroing head ${index + 1} leaves the held-out loss as it is (${fixed2(heldOutLoss)})`;
  return `Zeroing head ${index + 1} ${verb} the held-out loss by ${fixed2(Math.abs(change))}, to ${fixed2(report.ablatedLoss)}`;
}

/** One line for the status bar. */
export function statusText({ steps, trainLoss, heldOutLoss, heldOutSentences }) {
  const parts = [`Step ${steps}`];
  if (Number.isFinite(trainLoss)) parts.push(`training loss ${fixed2(trainLoss)}`);
  if (Number.isFinite(heldOutLoss))
    parts.push(`held-out loss ${fixed2(heldOutLoss)} (over ${heldOutSentences} sentences never trained on)`);
  return parts.join(' · ');
}

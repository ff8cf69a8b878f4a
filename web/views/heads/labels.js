// The sentences of the heads lab, from the core's held-out measurements (wasm/heads.js
// measure()): each head's label, what zeroing it does, the status line and why training paused.
// The rules behind the labels are the core's (heads::label_of, docs/heads.md); these only say
// them. Pure: node-tested in tests/wasm/heads-ui.test.mjs.
import { MINUS, fixed2 } from '../../shared/numbers.js';
import { formatCount } from '../scale/format.js';

// The rows a label can name (the core's roles, core/include/attention/heads.hpp), as the
// grids' row headers show them: every sentence has each exactly once.
export const ROW_NAMES = Object.freeze({
  adjective: 'the adjective',
  'first-noun': 'the first noun',
  'first-comma': 'the first comma',
  seeing: '“seeing”',
  'second-the': 'the second “the”',
  seen: 'the animal seen',
  'verb-comma': 'the comma before the verb',
  verb: 'the verb',
});
const ROWS_WITH_A_PREVIOUS_WORD = Object.keys(ROW_NAMES).length;
/** The core's kNeededLoss (heads.hpp): a head is needed when zeroing it costs this much or more (the node tests check they agree). */
export const NEEDED_LOSS = 0.02;

/** "+0.54", "−0.03": a change in loss, two decimals, always signed. */
export const signed2 = (x) => {
  const text = fixed2(x);
  return text.startsWith(MINUS) ? text : `+${text}`;
};

/** "a", "a and b", "a, b and c". */
function list(words) {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** The label over head `index` (0-based): its job, where it holds, and the numbers that earned it. */
export function headLabel(index, report) {
  const name = `Head ${index + 1}`;
  if (!report) return name;
  const cost = `zeroing costs ${signed2(report.cost)}`;
  if (report.job === 'none')
    return report.needed ? `${name}: needed, job not one of these two (${cost})` : `${name}: neither job, not needed (${cost})`;
  const job = report.job === 'previous-word' ? previousWordJob(report) : firstNounJob(report);
  return report.needed ? `${name}: ${job}` : `${name}: ${job}; not needed (${cost})`;
}

// "at the comma before the verb: 1.00 on the previous word, the animal just seen; 0.25 over all 8
// rows that have one", or, where it holds at every such row, "0.93 on the previous word at every row that has one".
function previousWordJob({ jobRoles, jobShare, previousShare }) {
  if (jobRoles.length === ROWS_WITH_A_PREVIOUS_WORD)
    return `${fixed2(jobShare)} on the previous word at every row that has one`;
  const seen = jobRoles.length === 1 && jobRoles[0] === 'verb-comma' ? ', the animal just seen' : '';
  return `at ${list(jobRoles.map((r) => ROW_NAMES[r]))}: ${fixed2(jobShare)} on the previous word${seen}; `
    + `${fixed2(previousShare)} over all ${ROWS_WITH_A_PREVIOUS_WORD} rows that have one`;
}

// "at the comma before the verb: 0.57 on the first noun (1.00 when it is singular, 0.24 when plural)".
// It may look for one number only: the other is what the model assumes when it sees none.
function firstNounJob({ jobShare, nounShareSingular: singular, nounSharePlural: plural }) {
  const main = `at ${ROW_NAMES['verb-comma']}: ${fixed2(jobShare)} on the first noun`;
  if (fixed2(singular) === fixed2(plural)) return main;
  const [looks, other, watched, unwatched] = plural >= singular
    ? [plural, singular, 'plural', 'singular'] : [singular, plural, 'singular', 'plural'];
  return `${main} (${fixed2(looks)} when it is ${watched}, ${fixed2(other)} when ${unwatched})`;
}

/** What zeroing head `index` does to the held-out loss, e.g. "Zeroing head 1 raises the held-out loss by 0.54, to 1.50". */
export function ablationText(index, report, heldOutLoss) {
  const change = fixed2(report.ablatedLoss - heldOutLoss);
  const verb = change === '0.00' ? 'leaves' : change.startsWith(MINUS) ? 'lowers' : 'raises';
  if (verb === 'leaves') return `Zeroing head ${index + 1} leaves the held-out loss as it is (${fixed2(heldOutLoss)})`;
  return `Zeroing head ${index + 1} ${verb} the held-out loss by ${change.replace(MINUS, '')}, to ${fixed2(report.ablatedLoss)}`;
}

/** One line for the status bar (the whole model: every head). */
export function statusText({ steps, trainLoss, heldOutLoss, heldOutSentences }) {
  const parts = [`Step ${steps}`];
  if (Number.isFinite(trainLoss)) parts.push(`training loss ${fixed2(trainLoss)}`);
  if (Number.isFinite(heldOutLoss))
    parts.push(`held-out loss ${fixed2(heldOutLoss)} (over ${heldOutSentences} sentences never trained on)`);
  return parts.join(' · ');
}

/** "head 1", "heads 1 and 3" (0-based in). */
export const headsNamed = (zeroed) => `head${zeroed.length > 1 ? 's' : ''} ${list(zeroed.map((h) => String(h + 1)))}`;

/** The held-out loss of the model as shown, with heads zeroed: "With head 1 zeroed the held-out loss is 1.35 (0.94 with every head)". */
export function zeroedText(zeroed, { zeroedLoss, heldOutLoss }) {
  return `With ${headsNamed(zeroed)} zeroed the held-out loss is ${fixed2(zeroedLoss)} (${fixed2(heldOutLoss)} with every head).`;
}

const count = formatCount; // not toLocaleString: its first use loads the locale data

/** Why training paused itself, from the engine's numbers ('' for a pause by hand). */
export function pausedText({ reason, steps, best, newest, window, gain, limit }) {
  if (reason === 'plateau')
    return `Training paused itself at step ${count(steps)}: in the last ${count(window)} steps the held-out loss `
      + `did not beat its best by more than ${gain} (best ${fixed2(best)}, now ${fixed2(newest)}). Train goes on from here.`;
  if (reason === 'limit')
    return `Training paused itself after ${count(limit)} steps in a row without the held-out loss settling. Train goes on from here.`;
  return '';
}

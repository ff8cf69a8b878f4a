// The sentences of the heads lab, from the core's held-out measurements (wasm/heads.js
// measure()): each head's label, what zeroing it does, the status line and why training paused.
// The rules behind the labels are the core's (heads::label_of, docs/heads.md); these only say
// them, in the language in force (./words.js): which sentence is true is decided here, the words
// are the catalogue's (web/shared/i18n/en-heads.js). Pure: node-tested in tests/wasm/heads-ui.test.mjs.
import { MINUS, compact, fixed2 } from '../../shared/numbers.js';
import { currentBundle, listAnd } from '../../shared/i18n/registry.js';
import { formatCount } from '../scale/format.js';
import { t } from './words.js';
import english from '../../shared/i18n/en-heads.js';

// The rows a label can name (the core's roles, core/include/attention/heads.hpp), in order, as the
// grids' row headers show them: every sentence has each exactly once. Their names are the
// catalogue's (heads.row.<role>); ROW_NAMES has the English ones.
const ROLES = ['adjective', 'first-noun', 'first-comma', 'seeing', 'second-the', 'seen', 'verb-comma', 'verb'];
export const ROW_NAMES = Object.freeze(Object.fromEntries(ROLES.map((role) => [role, english[`heads.row.${role}`]])));
const ROWS_WITH_A_PREVIOUS_WORD = Object.keys(ROW_NAMES).length;
const rowName = (role) => t(`heads.row.${role}`);

/** The core's kNeededLoss (heads.hpp): a head is needed when zeroing it costs this much or more (the node tests check they agree). */
export const NEEDED_LOSS = 0.02;

/** "+0.54", "−0.03": a change in loss, two decimals, always signed. */
export const signed2 = (x) => {
  const text = fixed2(x);
  return text.startsWith(MINUS) ? text : `+${text}`;
};

/** The label over head `index` (0-based): its job, where it holds, and the numbers that earned it. */
export function headLabel(index, report) {
  const head = t('heads.head', { n: index + 1 });
  if (!report) return head;
  const cost = t('heads.cost', { cost: signed2(report.cost) });
  if (report.job === 'none') return t(report.needed ? 'heads.neededOther' : 'heads.neither', { head, cost });
  const job = report.job === 'previous-word' ? previousWordJob(report) : firstNounJob(report);
  return report.needed ? t('heads.job', { head, job }) : t('heads.jobNotNeeded', { head, job, cost });
}

// "at the comma before the verb: 1.00 on the previous word, the animal just seen; 0.25 over all 8
// rows that have one", or, where it holds at every such row, "0.93 on the previous word at every row that has one".
function previousWordJob({ jobRoles, jobShare, previousShare }) {
  if (jobRoles.length === ROWS_WITH_A_PREVIOUS_WORD) return t('heads.previousEvery', { share: fixed2(jobShare) });
  const seen = jobRoles.length === 1 && jobRoles[0] === 'verb-comma'; // its previous word is the animal just seen
  return t(seen ? 'heads.previousAtSeen' : 'heads.previousAt', { rows: listAnd(jobRoles.map(rowName)),
    share: fixed2(jobShare), all: fixed2(previousShare), count: ROWS_WITH_A_PREVIOUS_WORD });
}

// "at the comma before the verb: 0.57 on the first noun (1.00 when it is singular, 0.24 when plural)".
// It may look for one number only: the other is what the model assumes when it sees none.
function firstNounJob({ jobShare, nounShareSingular: singular, nounSharePlural: plural }) {
  const values = { row: rowName('verb-comma'), share: fixed2(jobShare) };
  if (fixed2(singular) === fixed2(plural)) return t('heads.firstNoun', values);
  const watchesPlural = plural >= singular;
  const [looks, other] = watchesPlural ? [plural, singular] : [singular, plural];
  return t(watchesPlural ? 'heads.firstNounPlural' : 'heads.firstNounSingular',
    { ...values, looks: fixed2(looks), other: fixed2(other) });
}

/** What zeroing head `index` does to the held-out loss, e.g. "Zeroing head 1 raises the held-out loss by 0.54, to 1.50". */
export function ablationText(index, report, heldOutLoss) {
  // Decided on the printed two decimals: a change that prints as 0.00 leaves the loss as it is.
  const printed = Number((report.ablatedLoss - heldOutLoss).toFixed(2));
  const n = index + 1;
  if (printed === 0) return t('heads.ablationSame', { n, loss: fixed2(heldOutLoss) });
  const change = fixed2(Math.abs(report.ablatedLoss - heldOutLoss));
  return t(printed < 0 ? 'heads.ablationDown' : 'heads.ablationUp', { n, change, loss: fixed2(report.ablatedLoss) });
}

/** One line for the status bar (the whole model: every head). */
export function statusText({ steps, trainLoss, heldOutLoss, heldOutSentences }) {
  const parts = [t('heads.step', { n: steps })];
  if (Number.isFinite(trainLoss)) parts.push(t('heads.trainLoss', { loss: fixed2(trainLoss) }));
  if (Number.isFinite(heldOutLoss))
    parts.push(t('heads.heldOutLoss', { loss: fixed2(heldOutLoss), count: heldOutSentences }));
  return parts.join(' · ');
}

/** "head 1", "heads 1 and 3" (0-based in). */
export const headsNamed = (zeroed) =>
  t('heads.named', { n: zeroed.length, heads: listAnd(zeroed.map((h) => String(h + 1))) });

/** The held-out loss of the model as shown, with heads zeroed: "With head 1 zeroed the held-out loss is 1.35 (0.94 with every head)". */
export function zeroedText(zeroed, { zeroedLoss, heldOutLoss }) {
  return t('heads.zeroed', { heads: headsNamed(zeroed), loss: fixed2(zeroedLoss), all: fixed2(heldOutLoss) });
}

/**
 * A count of steps with the language's grouping: "1,900" in English (not toLocaleString: its first
 * use loads the locale data), "1.900" in German.
 */
export function count(n) {
  const { locale } = currentBundle().numbers;
  return locale === 'en' ? formatCount(n) : n.toLocaleString(`${locale}-u-nu-latn`);
}

/** Why training paused itself, from the engine's numbers ('' for a pause by hand). */
export function pausedText({ reason, steps, best, newest, window, gain, limit }) {
  if (reason === 'plateau') {
    return t('heads.pausedPlateau', { steps: count(steps), window: count(window), gain: compact(gain),
      best: fixed2(best), newest: fixed2(newest) });
  }
  if (reason === 'limit') return t('heads.pausedLimit', { limit: count(limit) });
  return '';
}

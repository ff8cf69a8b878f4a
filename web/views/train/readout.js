// The train panel's sentences, each built only from numbers the core computed
// (a goal's progress now and at the start of the run), printed as the chapter
// prints them: two decimals, a true minus sign.
import { fixed2, vector } from '../../shared/numbers.js';

const share2 = (x) => fixed2(x);

// x beside a threshold it is compared with: two decimals, or as many more as it takes for
// the text not to read as the threshold itself ("0.8004: above 0.80", never "0.80: above 0.80").
export function beside(x, threshold) {
  for (let digits = 2; digits <= 6; digits++) {
    const text = fixed2(Number(x.toFixed(digits)));
    const precise = x.toFixed(digits);
    if (Number(precise) !== Number(threshold.toFixed(digits))) return digits === 2 ? text : precise.replace('-', '\u2212');
  }
  return x.toFixed(6).replace('-', '\u2212'); // closer than a millionth: as near as the page can say
}

/**
 * "sat now gives 0.84 of its attention to the (was 0.09)"; "still gives" when the printed share
 * has not changed; plain "gives" when there is no start to compare with (was undefined).
 */
export function shareSentence({ asker, key, share }, was, format = share2) {
  if (was === undefined) return `${asker} gives ${format(share)} of its attention to ${key}`;
  if (format(share) === format(was.share)) return `${asker} still gives ${format(share)} of its attention to ${key}`;
  return `${asker} now gives ${format(share)} of its attention to ${key} (was ${share2(was.share)})`;
}

/** One line saying what changed since the start of the run (was: its progress; undefined at the start). */
export function readout(goalId, now, was) {
  // Printed as the check prints it, so 0.802 never reads "0.80" beside a target of "above 0.80".
  if (goalId === 'sat-the') return `${shareSentence(now, was, (x) => beside(x, 0.8))}.`;
  if (goalId === 'blend') {
    const error = fixed2(now.error);
    const tail = was && fixed2(was.error) !== error ? ` (was ${fixed2(was.error)})` : '';
    return `${now.asker}’s output is ${vector(now.output, fixed2)}, a squared error of ${error} from the pin at `
      + `${vector(now.pin, fixed2)}${tail}.`;
  }
  if (goalId === 'pronouns') {
    const it = now.heldOut.find((l) => l.asker === 'it') ?? now.heldOut[0];
    const before = was && was.heldOut.find((l) => l.asker === it.asker);
    return `In the held-out sentence, ${shareSentence(it, before)}.`;
  }
  return '';
}

/** The check's words: what the target is and whether the numbers meet it. */
export function checkSentence(goalId, progress) {
  if (goalId === 'sat-the') {
    const verdict = progress.met ? 'above 0.80: goal met' : 'not yet above 0.80';
    return `${progress.asker} gives ${beside(progress.share, 0.8)} of its attention to ${progress.key}: ${verdict}.`;
  }
  if (goalId === 'blend')
    return `Squared error ${beside(progress.error, 0.01)}: ${progress.met ? 'below 0.01: goal met' : 'not yet below 0.01'}.`;
  if (goalId === 'pronouns') {
    const links = progress.training.flatMap((s) => s.links);
    const right = links.filter((l) => l.share > 0.5).length;
    return `${right} of ${links.length} pronouns and adjectives in the training sentences give their noun more than `
      + `half their attention${progress.met ? ': goal met' : ''}.`;
  }
  return '';
}

/** The held-out verdict, one clause per asking word: "she → bird 0.63 (largest)". */
export function heldOutSentence(progress) {
  const parts = progress.heldOut.map((l) =>
    `${l.asker} → ${l.key} ${share2(l.share)} (${l.largest ? 'its largest share' : 'not its largest share'})`);
  const verdict = progress.heldOutMet ? 'every one lands on the right noun' : 'not every one lands on the right noun yet';
  return `Held-out sentence, never trained on: ${parts.join('; ')}: ${verdict}.`;
}

const SHARE_GOALS = new Set(['sat-the', 'pronouns']);

/** Why nothing moved: every grid being trained has a gradient of exactly 0. */
export function stalledSentence(goalId, train) {
  if (SHARE_GOALS.has(goalId) && train.wv && !train.wq && !train.wk)
    return 'Only W_V is training, and its gradient for this goal is exactly 0: W_V changes what each word '
      + 'hands over, never who gets attention. Let W_Q or W_K train too.';
  return 'Every grid being trained has a gradient of exactly 0 here, so nothing can move. Let another grid train.';
}

/** "loss 0.17 after 12 steps" */
export function lossSentence(loss, steps) {
  return `Loss ${fixed2(loss)} after ${steps} ${steps === 1 ? 'step' : 'steps'}.`;
}

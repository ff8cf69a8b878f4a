// The train panel's sentences, each built only from numbers the core computed
// (a goal's progress now and at the start of the run), printed as the chapter
// prints them: two decimals, a true minus sign.
import { fixed2, vector } from '../../shared/numbers.js';
import { PRONOUN_TARGET } from './pronouns.js';
import { judge, strongest } from './verdict.js';

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
  if (PRONOUN_GOALS.has(goalId)) return pronounReadout(now, was);
  return '';
}

const PRONOUN_GOALS = new Set(['pronouns', 'it-two-layers']);
const word = (w) => `“${w}”`;

// "In the sentence on screen, “it” now gives “bird” 0.52 of its attention (was 0.08)": the last
// layer, compared with the start only when the start had the same sentence.
function pronounReadout(now, was) {
  const { tokens, layers, expected } = now.sentence;
  if (expected.it === undefined) return `In the sentence on screen, ${expected.why}: nothing to read.`;
  const last = layers.length > 1 ? ' in layer 2' : '';
  const share = layers.at(-1)[expected.it][expected.noun];
  const same = was && was.sentence.tokens.join(' ') === tokens.join(' ');
  const before = same ? was.sentence.layers.at(-1)[expected.it][expected.noun] : undefined;
  const sentenceNow = shareSentence({ asker: word('it'), key: word(tokens[expected.noun]), share },
    before === undefined ? undefined : { share: before });
  return `In the sentence on screen, ${sentenceNow}${last}.`;
}

/**
 * What a row of shares says about one word, by the rule of verdict.js: "gives “bird” its largest
 * share, 0.93", a tie said as a tie, a share not clearly above an even spread said so.
 */
export function verdictClause(row, key, tokens) {
  const v = judge(row, key);
  const name = word(tokens[key]), share = fixed2(v.share);
  if (v.kind === 'largest') return `gives ${name} its largest share, ${share}`;
  if (v.kind === 'tie') return `gives ${[key, ...v.others].map((j) => word(tokens[j])).join(' and ')} ${share} each: a tie`;
  if (v.kind === 'even') return `gives ${name} ${share}, its largest share but not clearly above an even spread `
    + `(${fixed2(v.even)} each)`;
  return `gives ${name} ${share}; its largest share is on ${word(tokens[v.rival])}, ${fixed2(row[v.rival])}`;
}

/**
 * The sentence on screen, from its shares: with one layer, whom "it" finds; with two, one sentence
 * per layer: what "it" read in layer 1 (and whether its noun read the cue most), whom it finds in
 * layer 2; then the same with the cue swapped. Every verdict by verdict.js's rule.
 */
export function layerSentences({ tokens, layers, expected, swapped }) {
  if (expected.it === undefined) return [`This sentence does not say which noun “it” means: ${expected.why}.`];
  const { it, cue, noun, other } = expected;
  // The counterfactual: the same words with the other cue, where "it" should mean the other noun.
  const swap = swapped && `With ${word(swapped.tokens[cue])} in place of ${word(tokens[cue])}, `
    + `${layers.length > 1 ? 'layer 2: ' : ''}“it” ${verdictClause(swapped.layers.at(-1)[it], other, swapped.tokens)}.`;
  if (layers.length === 1) return [`“it” ${verdictClause(layers[0][it], noun, tokens)}.`, swap];
  const first = layers[0];
  const s = strongest(first[it]);
  let one;
  if (s.kind === 'largest' && s.key === cue)
    one = `Layer 1: “it” read ${word(tokens[cue])} most, ${fixed2(s.share)} of its attention `
      + `(an even spread gives ${fixed2(1 / tokens.length)} each).`;
  else if (s.kind === 'largest')
    one = `Layer 1: “it” read ${word(tokens[s.key])} most, ${fixed2(s.share)}; ${cueShare(first[it], cue, tokens)}.`;
  else
    one = `Layer 1: “it” spread its attention with no clear favourite (at most ${fixed2(s.share)}; an even spread `
      + `gives ${fixed2(1 / tokens.length)} each), so it took in a little of every word: ${cueShare(first[it], cue, tokens)}.`;
  if (cue !== undefined && noun !== undefined && judge(first[noun], cue).kind === 'largest')
    one += ` ${word(tokens[noun])} read ${word(tokens[cue])} most, ${fixed2(first[noun][cue])}.`;
  return [one, `Layer 2: “it” ${verdictClause(layers[1][it], noun, tokens)}.`, swap];
}

const cueShare = (row, cue, tokens) =>
  (cue === undefined ? 'the sentence has no cue' : `${word(tokens[cue])} got ${fixed2(row[cue])}`);

/** The check's words: what the target is and whether the numbers meet it. */
export function checkSentence(goalId, progress) {
  if (goalId === 'sat-the') {
    const verdict = progress.met ? 'above 0.80: goal met' : 'not yet above 0.80';
    return `${progress.asker} gives ${beside(progress.share, 0.8)} of its attention to ${progress.key}: ${verdict}.`;
  }
  if (goalId === 'blend')
    return `Squared error ${beside(progress.error, 0.01)}: ${progress.met ? 'below 0.01: goal met' : 'not yet below 0.01'}.`;
  if (PRONOUN_GOALS.has(goalId)) {
    const { above, count } = progress.training;
    const layer = goalId === 'it-two-layers' ? ' in layer 2' : '';
    return `In ${above} of ${count} training sentences “it” gives its noun more than ${fixed2(PRONOUN_TARGET)} `
      + `of its attention${layer}${progress.met ? ': goal met' : ''}.`;
  }
  return '';
}

/** The pronoun goals' held-out verdict, over every held-out sentence (noun pairs never trained on). */
export function heldOutSentence(progress) {
  const { count, resolved, right } = progress.heldOut;
  return `Held-out sentences (noun pairs never trained on): “it” gives its noun its largest share in ${resolved} `
    + `of ${count}, and more than the other noun in ${right} of ${count}.`;
}

/**
 * Why one layer stays at a coin toss, with the numbers it reached: the loss against ln 2, and how
 * often "it" prefers its noun in the held-out sentences.
 */
export function coinTossSentence(progress, loss) {
  const { count, right } = progress.heldOut;
  return `The loss settled at ${fixed2(loss)}; a coin toss between the two nouns is ln 2 = 0.69. In the held-out `
    + `sentences “it” puts more on its noun than on the other in ${right} of ${count}. One layer cannot do better: `
    + '“it”’s query is made from “it” alone and each noun’s key from that noun alone, so “hungry” or “fragile” '
    + 'cannot change which noun “it” prefers, and the training sentences want each noun as often as the other.';
}

/** The challenge after training one layer, checked on the sentence on screen. */
export function challengeSentence({ tokens, layers, expected }) {
  const lead = 'Challenge: find a sentence where “it” goes wrong. ';
  if (expected.it === undefined) return `${lead}This one does not say which noun “it” means: ${expected.why}.`;
  const row = layers.at(-1)[expected.it];
  const v = judge(row, expected.noun);
  const should = `“it” should mean ${word(tokens[expected.noun])} (the cue is ${word(tokens[expected.cue])})`;
  if (v.kind === 'largest') return `${lead}Not this one: ${should}, and it ${verdictClause(row, expected.noun, tokens)}.`;
  return `${lead}Found one: ${should}, but it ${verdictClause(row, expected.noun, tokens)}.`;
}

// Goals whose loss reads one layer's shares, which W_V never changes (in a stack, layer 1's W_V does:
// it makes what layer 2's queries and keys are made of).
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

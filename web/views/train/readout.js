// The train panel's sentences, each built only from numbers the core computed
// (a goal's progress now and at the start of the run), printed as the chapter
// prints them: two decimals, a true minus sign.
import { decimalSeparator, fixed2, vector, withMinus } from '../../shared/numbers.js';
import { PRONOUN_TARGET } from './pronouns.js';
import { judge, strongest } from './verdict.js';
import { listAnd } from '../../shared/i18n/messages.js';
import { t } from './words.js';

const share2 = (x) => fixed2(x);
// "-0.8004" in the language's notation: a true minus, its decimal separator.
export const localText = (s) => withMinus(s).replace('.', decimalSeparator());

// x beside a threshold it is compared with: two decimals, or as many more as it takes for
// the text not to read as the threshold itself ("0.8004: above 0.80", never "0.80: above 0.80").
export function beside(x, threshold) {
  for (let digits = 2; digits <= 6; digits++) {
    const text = fixed2(Number(x.toFixed(digits)));
    const precise = x.toFixed(digits);
    if (Number(precise) !== Number(threshold.toFixed(digits))) return digits === 2 ? text : localText(precise);
  }
  return localText(x.toFixed(6)); // closer than a millionth: as near as the page can say
}

/**
 * "sat now gives 0.84 of its attention to the (was 0.09)"; "still gives" when the printed share
 * has not changed; plain "gives" when there is no start to compare with (was undefined).
 * Which of the three is true is decided here; the words are the catalogue's (web/shared/i18n/).
 */
export function shareSentence({ asker, key, share }, was, format = share2) {
  const values = { asker, key, share: format(share) };
  if (was === undefined) return t('train.gives', values);
  if (format(share) === format(was.share)) return t('train.stillGives', values);
  return t('train.nowGives', { ...values, was: share2(was.share) });
}

/** One line saying what changed since the start of the run (was: its progress; undefined at the start). */
export function readout(goalId, now, was) {
  // Printed as the check prints it, so 0.802 never reads "0.80" beside a target of "above 0.80".
  if (goalId === 'sat-the') return t('train.sentence', { text: shareSentence(now, was, (x) => beside(x, 0.8)) });
  if (goalId === 'blend') {
    const error = fixed2(now.error);
    const values = { asker: now.asker, output: vector(now.output, fixed2), error, pin: vector(now.pin, fixed2) };
    if (was && fixed2(was.error) !== error) return t('train.blendReadoutWas', { ...values, was: fixed2(was.error) });
    return t('train.blendReadout', values);
  }
  if (PRONOUN_GOALS.has(goalId)) return pronounReadout(now, was);
  return '';
}

const PRONOUN_GOALS = new Set(['pronouns', 'it-two-layers']);
// A token of the sentence, quoted as the language quotes (the token itself stays as typed).
const word = (w) => t('train.quote', { w });
/** Why a sentence does not say which noun "it" means (pronouns.js's expectedNoun gives the reason's name). */
export const whySentence = (why) => t(`train.why.${why}`);

// "In the sentence on screen, “it” now gives “bird” 0.52 of its attention (was 0.08)": the last
// layer, compared with the start only when the start had the same sentence.
function pronounReadout(now, was) {
  const { tokens, layers, expected } = now.sentence;
  if (expected.it === undefined) return t('train.pronounNothing', { why: whySentence(expected.why) });
  const share = layers.at(-1)[expected.it][expected.noun];
  const same = was && was.sentence.tokens.join(' ') === tokens.join(' ');
  const before = same ? was.sentence.layers.at(-1)[expected.it][expected.noun] : undefined;
  const clause = shareSentence({ asker: word('it'), key: word(tokens[expected.noun]), share },
    before === undefined ? undefined : { share: before });
  return t(layers.length > 1 ? 'train.pronounReadout2' : 'train.pronounReadout', { clause });
}

/**
 * What a row of shares says about one word, by the rule of verdict.js: "gives “bird” its largest
 * share, 0.93", a tie said as a tie, a share not clearly above an even spread said so.
 */
export function verdictClause(row, key, tokens) {
  const v = judge(row, key);
  const name = word(tokens[key]), share = fixed2(v.share);
  if (v.kind === 'largest') return t('train.verdict.largest', { name, share });
  if (v.kind === 'tie') return t('train.verdict.tie', { names: listAnd([key, ...v.others].map((j) => word(tokens[j]))), share });
  if (v.kind === 'even') return t('train.verdict.even', { name, share, even: fixed2(v.even) });
  return t('train.verdict.below', { name, share, rival: word(tokens[v.rival]), rivalShare: fixed2(row[v.rival]) });
}

/**
 * The sentence on screen, from its shares: with one layer, whom "it" finds; with two, one sentence
 * per layer: what "it" read in layer 1 (and whether its noun read the cue most), whom it finds in
 * layer 2; then the same with the cue swapped. Every verdict by verdict.js's rule.
 */
export function layerSentences({ tokens, layers, expected, swapped }) {
  if (expected.it === undefined) return [t('train.noNoun', { why: whySentence(expected.why) })];
  const { it, cue, noun, other } = expected;
  // The counterfactual: the same words with the other cue, where "it" should mean the other noun.
  const swap = swapped && t(layers.length > 1 ? 'train.swap2' : 'train.swap', { cue: word(swapped.tokens[cue]),
    was: word(tokens[cue]), clause: verdictClause(swapped.layers.at(-1)[it], other, swapped.tokens) });
  if (layers.length === 1) return [t('train.itClause', { clause: verdictClause(layers[0][it], noun, tokens) }), swap];
  const first = layers[0];
  const s = strongest(first[it]);
  const even = fixed2(1 / tokens.length);
  let one;
  if (s.kind === 'largest' && s.key === cue)
    one = t('train.layer1Cue', { cue: word(tokens[cue]), share: fixed2(s.share), even });
  else if (s.kind === 'largest')
    one = t('train.layer1Other', { word: word(tokens[s.key]), share: fixed2(s.share), cueShare: cueShare(first[it], cue, tokens) });
  else
    one = t('train.layer1Spread', { share: fixed2(s.share), even, cueShare: cueShare(first[it], cue, tokens) });
  if (cue !== undefined && noun !== undefined && judge(first[noun], cue).kind === 'largest')
    one += ` ${t('train.nounReadCue', { noun: word(tokens[noun]), cue: word(tokens[cue]), share: fixed2(first[noun][cue]) })}`;
  return [one, t('train.layer2', { clause: verdictClause(layers[1][it], noun, tokens) }), swap];
}

const cueShare = (row, cue, tokens) =>
  (cue === undefined ? t('train.noCue') : t('train.cueGot', { cue: word(tokens[cue]), share: fixed2(row[cue]) }));

/** The check's words: what the target is and whether the numbers meet it. */
export function checkSentence(goalId, progress) {
  const met = (key) => (progress.met ? key : `${key}Not`);
  if (goalId === 'sat-the')
    return t(met('train.check.sat'), { asker: progress.asker, key: progress.key, share: beside(progress.share, 0.8),
      threshold: fixed2(0.8) });
  if (goalId === 'blend')
    return t(met('train.check.blend'), { error: beside(progress.error, 0.01), threshold: fixed2(0.01) });
  if (PRONOUN_GOALS.has(goalId)) {
    const { above, count } = progress.training;
    return t(met(goalId === 'it-two-layers' ? 'train.check.layer2' : 'train.check.pronouns'),
      { above: count2(above), count: count2(count), target: fixed2(PRONOUN_TARGET) });
  }
  return '';
}

// Counts print as plain digits in every language (Arabic too, as the grids print them).
const count2 = (n) => String(n);

/** The pronoun goals' held-out verdict, over every held-out sentence (noun pairs never trained on). */
export function heldOutSentence(progress) {
  const { count, resolved, right } = progress.heldOut;
  return t('train.heldOut', { resolved: count2(resolved), right: count2(right), count: count2(count) });
}

/**
 * Why one layer stays at a coin toss, with the numbers it reached: the loss against ln 2, and how
 * often "it" prefers its noun in the held-out sentences.
 */
export function coinTossSentence(progress, loss) {
  const { count, right } = progress.heldOut;
  return t('train.coinToss', { loss: fixed2(loss), ln2: fixed2(Math.LN2), right: count2(right), count: count2(count) });
}

/** The challenge after training one layer, checked on the sentence on screen. */
export function challengeSentence({ tokens, layers, expected }) {
  if (expected.it === undefined) return t('train.challenge.noNoun', { why: whySentence(expected.why) });
  const row = layers.at(-1)[expected.it];
  const v = judge(row, expected.noun);
  const values = { noun: word(tokens[expected.noun]), cue: word(tokens[expected.cue]),
    clause: verdictClause(row, expected.noun, tokens) };
  return t(v.kind === 'largest' ? 'train.challenge.notThis' : 'train.challenge.found', values);
}

// Goals whose loss reads one layer's shares, which W_V never changes (in a stack, layer 1's W_V does:
// it makes what layer 2's queries and keys are made of).
const SHARE_GOALS = new Set(['sat-the', 'pronouns']);

/** Why nothing moved: every grid being trained has a gradient of exactly 0. */
export function stalledSentence(goalId, train) {
  if (SHARE_GOALS.has(goalId) && train.wv && !train.wq && !train.wk) return t('train.stalled.wv');
  return t('train.stalled');
}

/** "Loss 0.17 after 12 steps." */
export function lossSentence(loss, steps) {
  return t('train.loss', { loss: fixed2(loss), n: steps });
}

// The data of the pronoun goals ("pronouns find their noun", one layer, and "“it” reads its
// sentence (two layers)"): a small vocabulary whose embeddings are plain features, the training
// sentences, the held-out ones, and reading a sentence a learner types.
//
// The rule hidden in the data (never wired into any grid): "it" means the noun the sentence's
// cue fits: "fragile" the breakable one, "hungry" the animal. Every pair of nouns comes in both
// orders and with both cues, so neither a noun's kind nor its place says which one "it" means:
// only the cue, a word "it"'s own query cannot see. (tests/native/pronoun_sentences.hpp writes
// the same sentences out for the core's tests.)
import { clip } from '../../shared/text.js';
import { t } from './words.js';

/** The embedding's dimensions, in order (1 = the word has the feature). */
export const FEATURES = Object.freeze(['noun', 'animal', 'breakable', 'pronoun', 'adjective', 'verb', 'little word']);

const features = (...names) => Object.freeze(FEATURES.map((f) => (names.includes(f) ? 1 : 0)));

/** Every word the goals know, with its features: the sentences' words and a few more to type. */
export const VOCABULARY = Object.freeze({
  the: features('little word'), over: features('little word'), because: features('little word'),
  on: features('little word'), and: features('little word'), a: features('little word'),
  cat: features('noun', 'animal'), dog: features('noun', 'animal'), bird: features('noun', 'animal'),
  vase: features('noun', 'breakable'), cup: features('noun', 'breakable'), glass: features('noun', 'breakable'),
  plate: features('noun', 'breakable'),
  it: features('pronoun'),
  fragile: features('adjective', 'breakable'), hungry: features('adjective', 'animal'),
  knocked: features('verb'), fell: features('verb'), was: features('verb'), saw: features('verb'),
  dropped: features('verb'), chased: features('verb'),
});

export const ANIMALS = Object.freeze(['cat', 'dog', 'bird']);
export const BREAKABLES = Object.freeze(['vase', 'cup', 'glass', 'plate']);
/** The cue words and the kind of noun each one fits. */
export const CUES = Object.freeze({ fragile: 'breakable', hungry: 'animal' });
/** "it" must give its noun more than this share (of the last layer) in every training sentence. */
export const PRONOUN_TARGET = 0.8;
/** Noun pairs no training sentence uses: their sentences are held out. */
export const HELD_OUT_PAIRS = Object.freeze(['bird/plate', 'dog/glass']);

const FRAMES = [
  (a, b, cue) => `the ${a} knocked over the ${b} because it was ${cue}`,
  (a, b, cue) => `the ${a} fell on the ${b} because it was ${cue}`,
];

// [text, { it: noun }] for every pair, frame, order and cue; split into training and held out.
function allSentences() {
  const training = [], heldOut = [];
  for (const animal of ANIMALS)
    for (const breakable of BREAKABLES)
      for (const frame of FRAMES)
        for (const animalFirst of [true, false])
          for (const cue of Object.keys(CUES)) {
            const [a, b] = animalFirst ? [animal, breakable] : [breakable, animal];
            const entry = Object.freeze([frame(a, b, cue), Object.freeze({ it: CUES[cue] === 'animal' ? animal : breakable })]);
            (HELD_OUT_PAIRS.includes(`${animal}/${breakable}`) ? heldOut : training).push(entry);
          }
  return { training: Object.freeze(training), heldOut: Object.freeze(heldOut) };
}

const { training, heldOut } = allSentences();
/** [text, { it: the noun it means }]: 80 training sentences, 16 held out. */
export const TRAINING = training;
export const HELD_OUT_SET = heldOut;
/** The sentence on screen when a pronoun goal starts: held out, so never trained on. */
export const HELD_OUT = heldOut.find(([text]) => text === 'the bird knocked over the plate because it was hungry');

/**
 * A sentence as the core and the widget take it:
 * { tokens, embeddings, links: [{ asker, key }] } with 0-based token indices.
 */
export function sentence([text, links]) {
  const tokens = text.split(' ');
  return {
    tokens,
    embeddings: tokens.map((word) => [...VOCABULARY[word]]),
    links: Object.entries(links).map(([asker, key]) => ({ asker: tokens.indexOf(asker), key: tokens.indexOf(key) })),
  };
}

const KNOWN = Object.keys(VOCABULARY);

/**
 * What a learner typed, as a sentence: words split on spaces and lower-cased, each one the
 * vocabulary knows; at most maxTokens of them. { ok: true, tokens, embeddings } or
 * { ok: false, message } naming the words it does not know and the ones it does.
 */
export function readTyped(text, maxTokens) {
  const tokens = String(text).trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) return { ok: false, message: t('train.typed.empty') };
  const unknown = [...new Set(tokens.filter((w) => !Object.hasOwn(VOCABULARY, w)))];
  if (unknown.length > 0) {
    const shown = unknown.slice(0, 3).map((w) => t('train.quote', { w: clip(w, 20) })).join(t('list.separator'));
    const words = unknown.length > 3 ? t('train.typed.more', { words: shown, n: unknown.length - 3 }) : shown;
    return { ok: false, message: t('train.typed.unknown', { words, n: unknown.length, known: KNOWN.join(t('list.separator')) }) };
  }
  if (tokens.length > maxTokens) return { ok: false, message: t('train.typed.tooMany', { n: tokens.length, max: maxTokens }) };
  return { ok: true, tokens, embeddings: tokens.map((w) => [...VOCABULARY[w]]) };
}

/**
 * Who "it" should mean in these words, by the data's rule: the one noun whose kind the cue fits.
 * { it, cue, noun, other } as token indices, or { why } when the sentence does not say (why: the
 * reason's name, 'it', 'cue' or 'nouns', worded by readout.js's whySentence) (no "it",
 * no cue or two, not exactly one noun of each kind).
 */
export function expectedNoun(tokens) {
  const at = (pred) => tokens.flatMap((w, i) => (pred(w) ? [i] : []));
  const its = at((w) => w === 'it');
  const cues = at((w) => Object.hasOwn(CUES, w));
  const animals = at((w) => ANIMALS.includes(w)), breakables = at((w) => BREAKABLES.includes(w));
  if (its.length !== 1) return { why: 'it' };
  if (cues.length !== 1) return { why: 'cue' };
  if (animals.length !== 1 || breakables.length !== 1) return { why: 'nouns' };
  const fits = CUES[tokens[cues[0]]] === 'animal';
  return { it: its[0], cue: cues[0], noun: fits ? animals[0] : breakables[0], other: fits ? breakables[0] : animals[0] };
}

// The data of the goal "pronouns find their noun": a small vocabulary whose
// embeddings are plain features, a handful of short training sentences, and
// one held-out sentence the training never sees.
//
// The rule hidden in the data (never wired into any grid): "it" and "fragile"
// point at the breakable noun, "she" and "hungry" at the animal. A word's
// embedding says only what kind of word it is, so the grids must learn which
// features a pronoun's query should look for in the keys.

/** The embedding's dimensions, in order (1 = the word has the feature). */
export const FEATURES = Object.freeze(['noun', 'animal', 'breakable', 'pronoun', 'adjective', 'verb', 'little word']);

const features = (...names) => FEATURES.map((f) => (names.includes(f) ? 1 : 0));

/** Every word the sentences use, with its features. */
export const VOCABULARY = Object.freeze({
  the: features('little word'), over: features('little word'), because: features('little word'),
  and: features('little word'),
  cat: features('noun', 'animal'), dog: features('noun', 'animal'), bird: features('noun', 'animal'),
  vase: features('noun', 'breakable'), cup: features('noun', 'breakable'), glass: features('noun', 'breakable'),
  plate: features('noun', 'breakable'),
  it: features('pronoun'), she: features('pronoun', 'animal'),
  fragile: features('adjective', 'breakable'), hungry: features('adjective', 'animal'),
  knocked: features('verb'), dropped: features('verb'), fell: features('verb'), saw: features('verb'),
  knew: features('verb'), was: features('verb'),
});

/** [text, { word that asks: the noun it means }]. Each of those words appears once in its sentence. */
export const TRAINING = Object.freeze([
  ['the cat knocked over the vase because it was fragile', { it: 'vase', fragile: 'vase' }],
  ['the dog dropped the cup because she was hungry', { she: 'dog', hungry: 'dog' }],
  ['the glass fell and the cat saw it', { it: 'glass' }],
  ['the vase was fragile and the dog was hungry', { fragile: 'vase', hungry: 'dog' }],
  ['the cup fell because the bird was hungry', { hungry: 'bird' }],
]);

/** Never trained on: "plate" appears in no training sentence, nor do bird and a breakable noun together. */
export const HELD_OUT = Object.freeze(['the bird saw the plate and she knew it was fragile',
  { she: 'bird', it: 'plate', fragile: 'plate' }]);

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

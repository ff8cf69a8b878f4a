// The widget's built-in examples. cat-sat is the chapter's cast exactly; the
// others are small toys designed for one behaviour each (3-d embeddings,
// 2-d q/k/v so the arrows stay drawable). Embedding dimensions, by design:
//   river-bank / cash-bank: [river-ness, money-ness, "function word"]
//   it-vase / it-hungry:    [animal, breakable object, "function word"]

// Shared by the two "bank" sentences: same embedding for "bank", same weights.
const BANK = [1, 1, 0];           // halfway between rivers and money: the frozen arrow
const FUNCTION_WORD = [0, 0, 1];
const BANK_WEIGHTS = {
  // q = [river + money, 0]: "bank" asks for content words of either kind.
  wq: [[1, 1, 0], [0, 0, 0]],
  // k = [river + money - function, river - money]: content words advertise loudly.
  wk: [[1, 1, -1], [1, -1, 0]],
  // v = [river, money]: what a word hands over is where it sits on the two axes.
  wv: [[1, 0, 0], [0, 1, 0]],
};

// Shared by the two "it" sentences: a pronoun's query, nouns' keys and values.
const IT_WEIGHTS = {
  // q = function * [-1, 2]: a pronoun asks for "not an animal, a breakable object".
  wq: [[0, 0, -1], [0, 0, 2]],
  // k = [animal, object]: nouns advertise what they are.
  wk: [[1, 0, 0], [0, 1, 0]],
  // v = [animal, object] as well: "it" absorbs what it finds.
  wv: [[1, 0, 0], [0, 1, 0]],
};
// What each embedding number means (column headers of the cast); cat-sat's are invented, unnamed.
const BANK_AXES = ['river', 'money', 'function word'];
const IT_AXES = ['animal', 'breakable', 'function word'];

export const PRESETS = Object.freeze({
  'cat-sat': {
    title: 'the cat sat',
    tokens: ['the', 'cat', 'sat'],
    embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
    wq: [[2, 0, -1], [0, 2, -1]],
    wk: [[1, 1, -2], [-1, 1, 1]],
    wv: [[0, 3, -2], [2, 1, -3]],
    asker: 2, // "sat", the chapter's asker
    // Shown only while the cast is untouched and "sat" asks with every switch off.
    chapterNote: true, // the words: preset.NAME.note in web/shared/i18n/
  },
  'river-bank': {
    title: 'we fished from the river bank',
    tokens: ['we', 'fished', 'from', 'the', 'river', 'bank'],
    embeddings: [FUNCTION_WORD, [1, 0, 0.5], FUNCTION_WORD, FUNCTION_WORD, [3, 0, 0], BANK],
    ...BANK_WEIGHTS,
    asker: 5,
    axes: BANK_AXES,
  },
  'cash-bank': {
    title: 'we put the cash in the bank',
    tokens: ['we', 'put', 'the', 'cash', 'in', 'the', 'bank'],
    embeddings: [FUNCTION_WORD, FUNCTION_WORD, FUNCTION_WORD, [0, 3, 0], FUNCTION_WORD, FUNCTION_WORD, BANK],
    ...BANK_WEIGHTS,
    asker: 6,
    axes: BANK_AXES,
  },
  'it-vase': {
    title: 'The cat knocked over the vase because it was fragile',
    tokens: ['The', 'cat', 'knocked', 'over', 'the', 'vase', 'because', 'it', 'was', 'fragile'],
    embeddings: [
      FUNCTION_WORD, [2, 0, 0], [0.5, 0.5, 0], FUNCTION_WORD, FUNCTION_WORD,
      [0, 2, 0], FUNCTION_WORD, FUNCTION_WORD, FUNCTION_WORD, [0, 1, 0],
    ],
    ...IT_WEIGHTS,
    asker: 7,
    axes: IT_AXES,
    // Told honestly (shown while the example is untouched; its numbers are checked against the core in tests).
    chapterNote: true, // the words: preset.NAME.note in web/shared/i18n/
  },
  'it-hungry': {
    title: 'The vase knocked over the cat because it was hungry',
    tokens: ['The', 'vase', 'knocked', 'over', 'the', 'cat', 'because', 'it', 'was', 'hungry'],
    embeddings: [
      FUNCTION_WORD, [0, 2, 0], [0.5, 0.5, 0], FUNCTION_WORD, FUNCTION_WORD,
      [2, 0, 0], FUNCTION_WORD, FUNCTION_WORD, FUNCTION_WORD, [1, 0, 0],
    ],
    ...IT_WEIGHTS,
    asker: 7,
    axes: IT_AXES,
    chapterNote: true, // the words: preset.NAME.note in web/shared/i18n/
  },
});

export const DEFAULT_PRESET = 'cat-sat';

/** A fresh, plain state for a preset (deep copies: editing never touches the table above). */
export function presetState(name) {
  // Own properties only: "__proto__", "constructor" or "toString" name no preset.
  const p = typeof name === 'string' && Object.hasOwn(PRESETS, name) ? PRESETS[name] : null;
  if (!p) return null;
  const copy = (m) => m.map((row) => [...row]);
  return {
    tokens: [...p.tokens],
    embeddings: copy(p.embeddings),
    wq: copy(p.wq),
    wk: copy(p.wk),
    wv: copy(p.wv),
    causal: false,
    scaled: false,
    temperature: 1,
    asker: p.asker,
  };
}

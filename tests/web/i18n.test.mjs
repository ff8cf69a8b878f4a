// The catalogues (web/shared/i18n/): every language has English's keys with the same placeholders;
// numbers in each locale's notation with the true minus; the captions written from the numbers,
// for every preset and 300 random configs, complete in every language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import enWidget from '../../web/shared/i18n/en.js';
import enTrain from '../../web/shared/i18n/en-train.js';
import enTour from '../../web/shared/i18n/en-tour.js';
import enHeads from '../../web/shared/i18n/en-heads.js';
import enScale from '../../web/shared/i18n/en-scale.js';

// English: the widget's words, and the train panel's, the tour's and the heads lab's, which load with their code.
const en = { ...enWidget, ...enTrain, ...enTour, ...enHeads, ...enScale };
import { format, number2, parse, signature } from '../../web/shared/i18n/format.js';
import {
  bundleFor, catalogueName, ensure, inLocale, listAnd, registerMessages, t,
} from '../../web/shared/i18n/messages.js';
import { compact, fixed2, percent, restText, vector } from '../../web/shared/numbers.js';
import { loadAttention } from '../../wasm/attention.js';
import { PRESETS, presetState } from '../../web/model/presets.js';
import { blendSentence, roundingNote, story } from '../../web/views/widget/asker.js';
import { GOALS, goalById } from '../../web/views/train/goals.js';
import { measure, startRun, trainOnce } from '../../web/views/train/run.js';
import {
  challengeSentence, checkSentence, coinTossSentence, heldOutSentence, layerSentences, lossSentence, readout,
  stalledSentence, verdictClause, whySentence,
} from '../../web/views/train/readout.js';
import { readTyped } from '../../web/views/train/pronouns.js';
import { Trainer } from '../../web/views/train/trainer.js';
import { judge } from '../../web/views/train/verdict.js';
import { STEPS, resultsFor, stepLabel, stepTitle } from '../../web/views/guided/steps.js';
import { captionFor } from '../../web/views/guided/captions.js';
import { stepSentence } from '../../web/views/guided/tour-train.js';
import { canProbe, probeFor, scoreProbe } from '../../web/views/guided/probes.js';
import { canGuess, evenShares, scoreGuess, TRENDS } from '../../web/views/guided/guess.js';
import { parseSteps } from '../../web/views/guided/range.js';

const LANGS = ['es', 'de', 'zh-Hans', 'ar'];
const catalogues = Object.fromEntries(await Promise.all(LANGS.map(async (lang) =>
  [lang, (await import(`../../web/shared/i18n/${lang}.js`)).default])));
await Promise.all(LANGS.map(ensure));

// First in this file: a formatter made by an earlier test would be cached, and this one could not fail.
test('English numbers and plurals are written without Intl (no locale data loaded on an English page)', () => {
  const { NumberFormat, PluralRules } = Intl;
  let made = 0;
  const counted = (cls) => new Proxy(cls, { construct(target, args) { made += 1; return new target(...args); } });
  Intl.NumberFormat = counted(NumberFormat);
  Intl.PluralRules = counted(PluralRules);
  try {
    // The oracle is written out by hand: the grids' two decimals (toFixed), no "−0.00", English plurals.
    assert.equal(number2(0.665, 'en'), '0.67');
    assert.equal(number2(-0.001, 'en'), '0.00');
    assert.equal(number2(-1.5, 'en'), '\u22121.50');
    assert.equal(format('{x, number}', { x: 7.389 }, 'en'), '7.39');
    const dims = en['blend.dims'];
    assert.match(format(dims, { n: 1 }, 'en'), /^Values have one number/);
    assert.match(format(dims, { n: 12 }, 'en'), /^Values have 12 numbers/);
    const bundle = bundleFor('en');
    assert.equal(inLocale(bundle, () => percent(0.665)), '67%');
    assert.equal(made, 0);
  } finally {
    Intl.NumberFormat = NumberFormat;
    Intl.PluralRules = PluralRules;
  }
});

// The plural branches of a message: { name: [branch keys] }, read from the parsed parts.
function plurals(text) {
  const found = {};
  const walk = (parts) => parts.forEach((part) => {
    if (typeof part !== 'object' || !part.branches) return;
    found[part.name] = Object.keys(part.branches).sort();
    Object.values(part.branches).forEach(walk);
  });
  walk(parse(text));
  return found;
}

for (const lang of LANGS) {
  test(`${lang}: every key of English, no other, with the same placeholders`, () => {
    const own = catalogues[lang];
    assert.deepEqual(Object.keys(own).sort(), Object.keys(en).sort());
    for (const key of Object.keys(en))
      assert.deepEqual(signature(own[key]), signature(en[key]), `${lang} ${key}`);
  });

  test(`${lang}: plurals keep English's exact branches, have "other", and use only the language's categories`, () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, text] of Object.entries(catalogues[lang])) {
      const english = plurals(en[key]);
      for (const [name, branches] of Object.entries(plurals(text))) {
        assert.ok(branches.includes('other'), `${lang} ${key}: no "other"`);
        const exact = (list) => list.filter((b) => b.startsWith('='));
        assert.deepEqual(exact(branches), exact(english[name]), `${lang} ${key}: exact branches`);
        for (const b of branches.filter((x) => !x.startsWith('=')))
          assert.ok(categories.includes(b), `${lang} ${key}: "${b}" is not a plural category of ${lang}`);
      }
    }
  });
}

test('the presets\' notes say the numbers the core computes, in every language\'s notation', () => {
  // Checked against the core in tests/guided/presets.test.mjs (English); here every translation keeps them.
  const numbers = { 'cat-sat': ['2.24', '0.85', '0.67'], 'it-vase': ['0.78'], 'it-hungry': ['0.87'] };
  for (const lang of ['en', ...LANGS]) {
    const catalogue = lang === 'en' ? en : catalogues[lang];
    const comma = bundleFor(lang).decimal === ',';
    for (const [name, list] of Object.entries(numbers))
      for (const x of list) assert.ok(catalogue[`preset.${name}.note`].includes(comma ? x.replace('.', ',') : x), `${lang} ${name} ${x}`);
  }
});

test('numbers: two decimals in the locale\'s notation, the true minus in every locale', () => {
  // The oracle is written out by hand, not computed by the code under test.
  assert.equal(number2(0.665, 'en'), '0.67');
  assert.equal(number2(0.665, 'de'), '0,67');
  assert.equal(number2(0.665, 'es'), '0,67');
  assert.equal(number2(0.665, 'zh-Hans'), '0.67');
  assert.equal(number2(0.665, 'ar'), '0.67'); // Western digits: the grids' numbers
  for (const lang of ['en', 'de', 'es', 'zh-Hans', 'ar']) assert.equal(number2(-2, lang).replace(',', '.'), '\u22122.00', lang);
  assert.equal(number2(-0.001, 'de'), '0,00'); // no "−0,00"
  assert.equal(format('{x, number}', { x: 7.389 }, 'de'), '7,39');
});

test('number text inside a language: fixed2, compact, vectors, percentages, input cells', () => {
  const de = bundleFor('de');
  inLocale(de, () => {
    assert.equal(fixed2(0.665), '0,67');
    assert.equal(fixed2(0.09), '0,09');
    assert.equal(fixed2(7.389), '7,39');
    assert.equal(compact(-1.5), '\u22121,5');
    assert.equal(vector([0.5, -1]), '[0,5; \u22121]'); // a comma inside numbers: "; " between them
    assert.equal(restText(0.3478), '0,35');
    assert.equal(percent(0.665).replace(/\s/, ' '), '67 %');
    assert.equal(fixed2(Infinity), 'zu groß zum Anzeigen');
  });
  assert.equal(fixed2(0.665), '0.67'); // outside: English again
  assert.equal(vector([0.5, -1]), '[0.5, \u22121]');
});

test('ties said as one, in each language (of="top …")', () => {
  assert.equal(listAnd(['the', 'cat', 'sat']), 'the, cat and sat');
  assert.equal(inLocale(bundleFor('de'), () => listAnd(['the', 'cat', 'sat'])), 'the, cat und sat');
  assert.equal(inLocale(bundleFor('zh-Hans'), () => listAnd(['the', 'cat'])), 'the和cat');
  assert.equal(inLocale(bundleFor('es'), () => listAnd(['cat'])), 'cat');
});

test('which catalogue serves a tag: exact, Chinese script, base language, else English', () => {
  assert.equal(catalogueName('de'), 'de');
  assert.equal(catalogueName('de-AT'), 'de');
  assert.equal(catalogueName('ES-mx'), 'es');
  assert.equal(catalogueName('zh'), 'zh-Hans');
  assert.equal(catalogueName('zh-CN'), 'zh-Hans');
  assert.equal(catalogueName('zh-Hant-TW'), 'en'); // no Traditional catalogue: not Simplified either
  assert.equal(catalogueName('ar-EG'), 'ar');
  assert.equal(catalogueName('fr'), 'en');
  assert.equal(catalogueName(''), 'en');
  assert.equal(catalogueName(null), 'en');
  assert.equal(bundleFor('ar').dir, 'rtl');
  assert.equal(bundleFor('de').dir, 'ltr');
});

test('registerMessages: a sixth language, and single strings overridden; a missing key falls back to English', () => {
  registerMessages('fr', { 'asker.title': 'Un mot qui demande' });
  assert.equal(catalogueName('fr-CA'), 'fr');
  const fr = bundleFor('fr');
  assert.equal(fr.t('asker.title'), 'Un mot qui demande');
  assert.equal(fr.decimal, ',');
  const warnings = [];
  const warn = console.warn;
  console.warn = (m) => warnings.push(m);
  try {
    assert.equal(fr.t('cast.title'), 'The cast');
    assert.equal(fr.t('cast.title'), 'The cast');
  } finally { console.warn = warn; }
  assert.equal(warnings.length, 1, 'reported once'); // development build (these sources)
  registerMessages('de', { 'cast.title': 'Die Darsteller' });
  assert.equal(bundleFor('de').t('cast.title'), 'Die Darsteller');
  assert.equal(bundleFor('de').t('asker.title'), 'Ein Fragender'); // the rest stays the built-in one
});

test('the formatter: placeholders, numbers, plurals with # and exact branches; bad messages throw', () => {
  assert.equal(format('{a} and {b}', { a: 'x', b: 2 }, 'en'), 'x and 2');
  const dims = en['blend.dims'];
  assert.match(format(dims, { n: 1 }, 'en'), /^Values have one number/);
  assert.match(format(dims, { n: 3 }, 'en'), /^Values have 3 numbers/);
  assert.match(format(catalogues.ar['blend.dims'], { n: 11 }, 'ar'), /11 عددًا/); // "many" in Arabic
  assert.throws(() => format('{a}', {}, 'en'), /no value for \{a\}/);
  assert.throws(() => parse('{a'), SyntaxError);
  assert.throws(() => parse('a}'), SyntaxError);
});

// A small deterministic generator: the same random configs on every run.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
function randomState(r) {
  const n = 1 + Math.floor(r() * 8);
  const d = 1 + Math.floor(r() * 4);
  const m = (rows, cols) => Array.from({ length: rows }, () => Array.from({ length: cols },
    () => Math.round((r() * 6 - 3) * 2) / 2));
  return {
    tokens: Array.from({ length: n }, (_, k) => `t${k}`), embeddings: m(n, d), wq: m(2, d), wk: m(2, d),
    wv: m(1 + Math.floor(r() * 3), d), causal: r() < 0.3, scaled: r() < 0.3, temperature: r() < 0.2 ? 2 : 1,
    asker: Math.floor(r() * n),
  };
}

test('captions from the numbers, every preset and 300 random configs, every language: complete', async () => {
  const attn = await loadAttention();
  const r = rng(29);
  const states = [...Object.keys(PRESETS).map(presetState), ...Array.from({ length: 300 }, () => randomState(r))];
  for (const lang of ['en', ...LANGS]) {
    inLocale(bundleFor(lang), () => {
      for (const state of states) {
        const result = attn.attend(state);
        const i = state.asker;
        const texts = [story(state.tokens, i, result.weights[i], result.logits[i]),
          roundingNote(state.tokens, result.weights[i]), blendSentence(state.tokens, result, i),
          t('blend.dims', { n: result.dV }), t('asker.caption', { asker: state.tokens[i], q: vector(result.queries[i]) })];
        for (const text of texts) {
          assert.doesNotMatch(text, /[{}]|undefined|NaN|\[object/, `${lang}: ${text}`);
          if (lang === 'de' || lang === 'es') assert.doesNotMatch(text, /\d\.\d/, `${lang} writes a decimal comma: ${text}`);
        }
      }
    });
  }
});

test('the chapter\'s sentence in German: "sat" and its numbers', async () => {
  const attn = await loadAttention();
  const state = presetState('cat-sat');
  const result = attn.attend(state);
  const w = result.weights[2];
  inLocale(bundleFor('de'), () => {
    assert.equal(story(state.tokens, 2, w, result.logits[2]).replace(/\u00a0/g, ' '),
      'sat schenkt cat 67 % seiner Aufmerksamkeit, behält 24 % für sich und gibt the 9 %.');
    assert.match(roundingNote(state.tokens, w), /0,665, erscheint als 0,67\.$/);
  });
});

// The train panel's captions (web/views/train/readout.js): every goal, from seeds 0-4, at the start and
// after a few steps of the core's training; every verdict of 300 random rows of shares; the trainer's
// stops. In every language: no placeholder left, no "undefined", German and Spanish with a decimal comma.
test('the train panel\'s captions: every goal over seeds and steps, 300 random share rows, every language: complete', async () => {
  const core = await loadAttention({ training: true });
  const readings = [];
  for (const goal of GOALS) {
    for (let seed = 0; seed < 5; seed++) {
      const { run, state: start } = startRun(core, goal, seed);
      let state = start;
      const measured = () => measure(core, run, state);
      const origin = goal.progress(core, state, run.pin, run.upper, measured());
      for (let step = 0; step <= 3; step++) {
        readings.push({ goal, now: goal.progress(core, state, run.pin, run.upper, measured()), origin, step });
        const r = trainOnce(core, run, state, { learningRate: goal.learningRate, train: { wq: true, wk: true, wv: true } });
        if (r.stalled) break;
        state = r.state;
        if (r.upper) run.upper = r.upper.layers;
      }
    }
  }
  const r = rng(31);
  const rows = Array.from({ length: 300 }, () => {
    const n = 2 + Math.floor(r() * 6);
    const raw = Array.from({ length: n }, () => (r() < 0.3 ? 1 : r()));
    const sum = raw.reduce((a, b) => a + b, 0);
    return { row: raw.map((x) => x / sum), key: Math.floor(r() * n), tokens: Array.from({ length: n }, (_, k) => `w${k}`) };
  });
  const kinds = new Set(rows.map(({ row, key }) => judge(row, key).kind));
  assert.deepEqual([...kinds].sort(), ['below', 'even', 'largest', 'tie'], 'the rows reach every verdict');
  for (const lang of ['en', ...LANGS]) {
    inLocale(bundleFor(lang), () => {
      const texts = [];
      for (const { goal, now, origin, step } of readings) {
        texts.push(goal.name, goal.target, goal.loss, goal.hint, checkSentence(goal.id, now),
          readout(goal.id, now, step === 0 ? undefined : origin), lossSentence(1.234, step),
          stalledSentence(goal.id, { wq: false, wk: false, wv: true }));
        if (now.sentence) texts.push(...layerSentences(now.sentence).filter(Boolean), challengeSentence(now.sentence));
        if (now.heldOut) texts.push(heldOutSentence(now), coinTossSentence(now, 0.6931));
      }
      for (const { row, key, tokens } of rows) texts.push(verdictClause(row, key, tokens));
      texts.push(...['it', 'cue', 'nouns'].map(whySentence));
      for (const typed of ['', 'the zebra ate it', 'the the the the the the the the the the the the the the the the the'])
        texts.push(readTyped(typed, 16).message);
      for (const text of texts) {
        assert.equal(typeof text, 'string', `${lang}: ${text}`);
        assert.doesNotMatch(text, /[{}]|undefined|NaN|\[object/, `${lang}: ${text}`);
        if (lang === 'de' || lang === 'es') assert.doesNotMatch(text, /\d\.\d/, `${lang} writes a decimal comma: ${text}`);
      }
    });
  }
});

test('the trainer\'s stops are written when read, in the language in force then', () => {
  let loss = 1;
  const trainer = new Trainer({ step: () => ({ loss: (loss /= 2) }), isMet: () => loss < 0.3, scheduler: {
    schedule: () => 0, soon: () => 0, cancel: () => {} } });
  trainer.begin(loss);
  trainer.stepOnce();
  trainer.stepOnce(); // 0.25: met after 2 steps
  assert.equal(trainer.kind, 'met');
  // Oracles written out by hand.
  assert.equal(trainer.message, 'Goal met after 2 steps.');
  assert.equal(inLocale(bundleFor('de'), () => trainer.message), 'Ziel erreicht nach 2 Schritten.');
  assert.equal(inLocale(bundleFor('zh-Hans'), () => trainer.message), '2 步后达成目标。');
  assert.equal(inLocale(bundleFor('ar'), () => trainer.message), 'تحقّق الهدف بعد خطوتين.');
});

test('the train panel\'s sentences in German, from hand-written numbers', () => {
  inLocale(bundleFor('de'), () => {
    assert.equal(readout('sat-the', { asker: 'sat', key: 'the', share: 0.84 }, { share: 0.09 }),
      'sat schenkt the jetzt 0,84 seiner Aufmerksamkeit (vorher 0,09).');
    assert.equal(checkSentence('sat-the', { met: false, asker: 'sat', key: 'the', share: 0.8004 }),
      'sat schenkt the 0,8004 seiner Aufmerksamkeit: noch nicht über 0,80.');
    assert.equal(lossSentence(0.171, 1), 'Loss 0,17 nach 1 Schritt.');
    assert.equal(goalById('blend').target, 'Die Ausgabe von sat landet auf dem Ziel: ein quadratischer Fehler unter 0,01.');
  });
});

test('the tour\'s step counter and titles in the language in force; STEPS keeps English for the events', () => {
  assert.equal(inLocale(bundleFor('de'), () => stepLabel(2)), 'Schritt 3 von 12');
  assert.equal(inLocale(bundleFor('zh-Hans'), () => stepLabel(0)), '第 1 步，共 12 步');
  assert.equal(inLocale(bundleFor('es'), () => stepTitle(STEPS[9])), 'El termostato: dividir entre √d_k');
  assert.equal(stepTitle(STEPS[9]), 'The thermostat: divide by √d_k');
  assert.equal(STEPS[9].title, 'The thermostat: divide by √d_k');
});

// The guided tour's captions (web/views/guided/captions.js) and step 12's training sentences
// (tour-train.js): every preset and 300 random configs (the same generator as tests/guided/captions),
// every step, in every language. A marked copy of English ("«key»" before each message; qaa, a
// private-use language tag) shows
// which templates the configs reach: every caption template must be reached, or a template
// could be broken in a language and this test not see it.
function tourState(r) {
  const n = 1 + Math.floor(r() * 8);
  const d = 1 + Math.floor(r() * 4);
  const m = (rows, cols) => Array.from({ length: rows }, () => Array.from({ length: cols },
    () => Math.round((r() * 6 - 3) * 2) / 2));
  return {
    tokens: Array.from({ length: n }, (_, k) => (r() < 0.1 ? 'it' : `t${k}`)), embeddings: m(n, d),
    wq: m(1 + Math.floor(r() * 4), d), wk: null, wv: m(1 + Math.floor(r() * 3), d),
    causal: r() < 0.3, scaled: r() < 0.3, temperature: r() < 0.2 ? 2 : 1, asker: Math.floor(r() * n),
  };
}

// English words a translated caption must not hold (the tokens are t0, t1, … and the presets' words).
const ENGLISH_LEFT = /'s |\b(itself|its|more|each|agrees?|scores?|shares?|values?|query|mask|blend|row|moved|step|rises|falls|stays|said|picked)\b/;

async function tourTexts() {
  const attn = await loadAttention();
  const attend = (s) => attn.attend(s);
  const r = rng(29);
  const random = Array.from({ length: 300 }, () => {
    const s = tourState(r);
    // Ties and equal scores: some configs with every query zero, or two tokens alike.
    const wk = s.wq.map((row) => row.map((x) => (r() < 0.2 ? 0 : x)));
    return { ...s, wk, ...(r() < 0.1 && { wq: s.wq.map((row) => row.map(() => 0)) }) };
  });
  const states = [...Object.keys(PRESETS).map(presetState), ...random,
    // A tie of five: the list says "and 1 more".
    { ...presetState('cat-sat'), tokens: ['a', 'b', 'c', 'd', 'e'], embeddings: Array(5).fill([1, 1, 1]), asker: 2 },
    // Shares 0.333, 0.333, 0.334: a tie on the printed 0.33 that the exact shares break.
    { ...presetState('cat-sat'), embeddings: [[1], [1], [1.003]], wq: [[1]], wk: [[1]], wv: [[1]], asker: 0 }];
  // A result the core never gives (one key in sight that is not the asker): the caption still has words for it.
  const cat = presetState('cat-sat');
  const lone = attend(cat);
  lone.logits[2] = lone.logits[2].map((x, j) => (j === 0 ? x : -Infinity));
  const train = await loadAttention({ training: true, path: 'teaching' });
  const goal = goalById('sat-the');
  return () => {
    const texts = [];
    for (const state of states) {
      const now = attend(state);
      STEPS.forEach((step, k) => texts.push(captionFor(k, state, resultsFor(k, state, now, attend))));
    }
    texts.push(captionFor(0, cat, { now: lone }));
    let { run, state } = startRun(train, goal, 0);
    for (let steps = 1; steps <= 6; steps++) {
      const result = train.attend(state);
      const next = trainOnce(train, run, state, { learningRate: goal.learningRate, train: { wq: true, wk: true, wv: true } });
      texts.push(stepSentence({ before: state, after: next.state, result, asker: 2, target: 0, steps }));
      // No move at all, and a one-row W_Q: the other two sentences.
      texts.push(stepSentence({ before: state, after: state, result, asker: 2, target: 0, steps }));
      const one = (s) => ({ ...s, wq: s.wq.slice(0, 1) });
      texts.push(stepSentence({ before: one(state), after: one(next.state), result, asker: 2, target: 0, steps }));
      state = next.state;
    }
    // Hand-made steps: only row 1 of three moved, W_V moved too; and one key slot (the gap is "far").
    const result = train.attend(state);
    const three = { ...state, wq: [...state.wq, state.wq[0]] };
    const moved = { ...three, wq: three.wq.map((row, r) => row.map((x) => x + (r === 0 ? 0.01 : 0))), wv: state.wv.map((row) => row.map((x) => x + 0.01)) };
    texts.push(stepSentence({ before: three, after: moved, result, asker: 2, target: 0, steps: 7 }));
    const slot = { ...result, keys: result.keys.map((k) => k.slice(0, 1)) };
    const row = (s) => ({ ...s, wq: s.wq.slice(0, 1) });
    texts.push(stepSentence({ before: row(three), after: row(moved), result: slot, asker: 2, target: 0, steps: 8 }));
    return texts;
  };
}

test('the tour\'s captions and training sentences, every preset and 300 random configs, every language: complete', async () => {
  const write = await tourTexts();
  // Not sentences from the numbers: step 12's fixed words (the browser test sees them). And "sharpens":
  // dividing every score by √d_k > 1 never raises the largest share, so no config reaches it.
  const fixed = /^tour\.(train\.(goal|group|legend|more|heads|shares|press|frozen|failed)|cap\.thermo\.rises)$/;
  const templates = Object.keys(enTour).filter((key) => /^tour\.(cap|train)\./.test(key) && !fixed.test(key));
  registerMessages('qaa', Object.fromEntries(templates.map((key) => [key, `«${key}»${en[key]}`])));
  const reached = new Set(inLocale(bundleFor('qaa'), write).join(' ').match(/«[^»]+»/g).map((m) => m.slice(1, -1)));
  assert.deepEqual(templates.filter((key) => !reached.has(key)), [], 'every template is reached by some config');
  for (const lang of ['en', ...LANGS]) {
    const texts = inLocale(bundleFor(lang), write);
    for (const text of texts) {
      assert.doesNotMatch(text, /[{}]|undefined|NaN|null|\[object/, `${lang}: ${text}`);
      if (lang === 'de' || lang === 'es') assert.doesNotMatch(text, /\d\.\d/, `${lang} writes a decimal comma: ${text}`);
      if (lang !== 'en') assert.doesNotMatch(text, ENGLISH_LEFT, `${lang}: English left: ${text}`);
    }
  }
});

test('the tour\'s captions for "the cat sat" in German and Chinese: the chapter\'s numbers, the tokens untranslated', async () => {
  const attn = await loadAttention();
  const attend = (s) => attn.attend(s);
  const state = presetState('cat-sat');
  const now = attend(state);
  const caption = (lang, k) => inLocale(bundleFor(lang), () => captionFor(k, state, resultsFor(k, state, now, attend)));
  // Oracles written out by hand from the chapter's numbers.
  assert.equal(caption('de', 3).replace(/\u00a0/g, ' '), 'Jeden durch die Summe teilen: Anteile the 0,09, cat 0,67 und sat 0,24, '
    + 'zusammen 1,00. sat schenkt cat 67 % seiner Aufmerksamkeit (der genaue Anteil 0,665 erscheint als 0,67).');
  assert.match(caption('de', 0), /^Die Query von sat, \[1; 1\], trifft jeden Key: .* cat passt am besten: 1 × 1 \+ 1 × 1 = 2\.$/);
  assert.match(caption('zh-Hans', 9), /√2 ≈ 1\.41：the 0\.00、?.*cat 1\.41.*混合变得更柔和：cat 的份额 0\.67 → 0\.58。$/);
  assert.match(caption('es', 8), /sat es la última, así que conserva 0,67 para cat\.$/);
});

// The probes and guesses (probes.js, guess.js): every probe for every preset and 300 random configs,
// with every answer and a skip, and every guess scored, in every language; the marked English copy
// shows every question, choice, why and verdict template reached.
async function probeTexts() {
  const attn = await loadAttention();
  const attend = (s) => attn.attend(s);
  const r = rng(41);
  const states = [...Object.keys(PRESETS).map(presetState), ...Array.from({ length: 300 }, () => {
    const s = tourState(r);
    return { ...s, wk: s.wq.map((row) => row.map((x) => (r() < 0.2 ? 0 : x))) };
  }), { ...presetState('cat-sat'), wq: [[0, 0, 0]], wk: [[0, 0, 0]] }, // every score 0: the shares cannot show it
  // Shares 0.51 and 0.49 that print as 0.50 and 0.50 once divided by √2: the top becomes a tie.
  { tokens: ['a', 'b'], embeddings: [[1], [1.025]], wq: [[1], [0]], wk: [[1], [0]], wv: [[1]], causal: false, scaled: false,
    temperature: 1, asker: 0 }];
  return () => {
    const texts = [];
    for (const state of states) {
      const now = attend(state);
      STEPS.forEach((step, k) => {
        const results = resultsFor(k, state, now, attend);
        if (canProbe(step.probe, state)) {
          const probe = probeFor(step.probe, state, results);
          texts.push(probe.question, ...probe.choices.map((c) => c.text));
          for (const answer of [...probe.choices.map((c) => c.id), null]) texts.push(scoreProbe(probe, answer).text);
        }
        if (canGuess(step.guess, state)) {
          const n = state.tokens.length;
          const guesses = { shares: [evenShares(n)], pin: [[0.5, -1]], trend: TRENDS,
            mask: [[], ['0,1'], ['0,1', '1,0'], Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => `${i},${j}`)).flat().filter((c) => c.split(',')[1] > c.split(',')[0])] }[step.guess];
          for (const guess of guesses) texts.push(scoreGuess(step.guess, guess, state, results).text);
        }
      });
    }
    return texts;
  };
}

test('the tour\'s probes and guesses, every preset and 300 random configs, every answer, every language: complete', async () => {
  const write = await probeTexts();
  // Words on the page, not written from the numbers: the browser test (en-XA) sees them.
  // And two no config reaches: doubled values never change a share, and no mask the core has hides one
  // direction of some pairs and not of others (the causal mask hides one direction of every pair).
  const page = /^tour\.(skip|probe\.(prompt|answer)|guess\.(lock|label|shareLabel|sharesLabel|total|sharesPrompt|pinLabel|noPin|yourPin|pinPrompt|cell|maskLabel|maskPrompt|ownShare|shareOf|skipped|it\..*|trendPrompt)|probe\.values\.changed|probe\.symmetric\.sameSeen)$/;
  const templates = Object.keys(enTour).filter((key) => /^tour\.(probe|guess|trend)\./.test(key) && !page.test(key));
  registerMessages('qaa', Object.fromEntries(templates.map((key) => [key, `«${key}»${en[key]}`])));
  const reached = new Set(inLocale(bundleFor('qaa'), write).join(' ').match(/«[^»]+»/g).map((m) => m.slice(1, -1)));
  assert.deepEqual(templates.filter((key) => !reached.has(key)), [], 'every template is reached by some config');
  for (const lang of ['en', ...LANGS]) {
    for (const text of inLocale(bundleFor(lang), write)) {
      assert.doesNotMatch(text, /[{}]|undefined|NaN|null|\[object/, `${lang}: ${text}`);
      if (lang === 'de' || lang === 'es') assert.doesNotMatch(text, /\d\.\d/, `${lang} writes a decimal comma: ${text}`);
      if (lang !== 'en') assert.doesNotMatch(text, ENGLISH_LEFT, `${lang}: English left: ${text}`);
    }
  }
});

test('a probe and a guess for "the cat sat" in Spanish and Arabic: the chapter\'s numbers, the verdict', async () => {
  const attn = await loadAttention();
  const attend = (s) => attn.attend(s);
  const state = presetState('cat-sat');
  const now = attend(state);
  const symmetric = (lang) => inLocale(bundleFor(lang), () => {
    const probe = probeFor('symmetric', state, resultsFor(7, state, now, attend));
    return [probe.question, scoreProbe(probe, 'same').text];
  });
  // Oracles written out by hand from the chapter's numbers.
  const [question, verdict] = symmetric('es');
  assert.equal(question, '¿Presta cat a the tanta atención como the presta a cat?');
  assert.match(verdict, /^Dijiste «Sí, la misma»: no exactamente\. the da a cat 0,47, pero cat da a the 0,01:/);
  const trend = inLocale(bundleFor('ar'), () => scoreGuess('trend', 'rises', state, resultsFor(9, state, now, attend)).text);
  assert.equal(trend, 'قلت إنها ترتفع؛ وهي تنخفض: 0.67 → 0.58.');
});

test('a bad steps="…" on the tour: the message in the language in force, English outside', () => {
  assert.equal(parseSteps('x', 12).message, 'steps="x" is not a step (1 to 12) or a range such as "1-4"; showing the whole tour.');
  assert.equal(inLocale(bundleFor('de'), () => parseSteps('13', 12).message),
    'steps=„13“ ist kein Schritt (1 bis 12) und kein Bereich wie „1-4“; die ganze Tour wird gezeigt.');
});

// The grids run left to right in every language (the maths keeps its direction, even in Arabic),
// so the corner's arrow along the keys points right in every catalogue, as English's does.
test('the grids\' corner: the keys run to the right in every language', () => {
  assert.match(en['grids.corner'], /→$/);
  for (const lang of LANGS) assert.match(catalogues[lang]['grids.corner'], /→$/, lang);
});

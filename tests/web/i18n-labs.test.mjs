// The messages about bad input and failures, and the labs' words (web/shared/i18n/): every one
// rendered in every language with no placeholder left; the model's messages said again in the
// language of whoever shows them; a message line writes them in its element's language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import enWidget from '../../web/shared/i18n/en.js';
import enHeads from '../../web/shared/i18n/en-heads.js';
import { signature } from '../../web/shared/i18n/format.js';
import { bundleFor, ensure, inLocale } from '../../web/shared/i18n/messages.js';
import { createExampleModel } from '../../web/model/example.js';
import { readConfig } from '../../web/model/state.js';
import { decodeState } from '../../web/model/share.js';
import { createMessageLine, problemsOf } from '../../web/shared/controllers/message-line.js';
import { checkFormat, parseOf, resolveOf } from '../../web/views/figures/of.js';
import { evaluateWhen, parseWhen } from '../../web/views/figures/when.js';
import { parseHighlight, parseShow, resolveHighlight } from '../../web/views/figures/panels.js';
import { notWhole, sayProblem, sayWords } from '../../web/shared/i18n/say.js';
import { bundleNow } from '../../web/shared/controllers/lang.js';
import { parseWhole } from '../../web/shared/whole.js';
import { ablationText, headLabel, pausedText, statusText, zeroedText } from '../../web/views/heads/labels.js';

const LANGS = ['en', 'es', 'de', 'zh-Hans', 'ar'];
await Promise.all(LANGS.map(ensure));

const en = { ...enWidget, ...enHeads };
// The keys of the messages about bad input and failures (en.js's block of them), and the heads lab's words.
const MESSAGE_KEYS = Object.keys(en).filter((key) =>
  /^(config|link|source|model|attribute|example|guided|figure|of|when|heads)\./.test(key));

// A value for each placeholder: a count for a plural (1 and 3 both said), a short word otherwise.
function sampleValues(key, n) {
  return Object.fromEntries(signature(en[key]).map((s) => {
    const [name, type] = s.split(':');
    return [name, type === 'plural' || type === 'number' ? n : `«${name}»`];
  }));
}

test('every message about bad input or a failure, and the heads lab\'s words, in every language: no placeholder left', () => {
  assert.ok(MESSAGE_KEYS.length >= 130, `found ${MESSAGE_KEYS.length} message keys`);
  for (const lang of LANGS) {
    const { t } = bundleFor(lang);
    for (const key of MESSAGE_KEYS) {
      for (const n of [1, 2, 3]) {
        const values = sampleValues(key, n);
        const text = t(key, values);
        assert.doesNotMatch(text, /[{}]|undefined/, `${lang} ${key}: ${text}`);
        // Every value given shows (a translation that drops one would hide the learner's own input).
        for (const [name, value] of Object.entries(values))
          if (typeof value === 'string') assert.ok(text.includes(value), `${lang} ${key} drops {${name}}: ${text}`);
        // Still English in a translation: only words that are the same there (a bare placeholder, "Pause", "Seed").
        const same = /^(heads\.(job|sentence|pause|seed|row\.seeing)|of\.usage)$/.test(key) && text === bundleFor('en').t(key, values);
        if (lang !== 'en' && !same) assert.notEqual(text, bundleFor('en').t(key, values), `${lang} ${key} is still English`);
      }
    }
  }
});

test('a config that does not read: English outside a language, said again in German and Arabic', () => {
  let err;
  try {
    readConfig({ tokens: ['the', 'cat'], embeddings: [[1, 0]], wq: [[1]], wk: [[1]], wv: [[1]] });
  } catch (e) { err = e; }
  // The English text is the one the API has always thrown (tests/web/config.test.mjs reads it too).
  assert.equal(err.message, 'there are 2 tokens but 1 embedding rows; give one embedding row per token');
  assert.equal(inLocale(bundleFor('de'), err.say),
    'es gibt 2 Tokens, aber 1 Embedding-Zeilen; eine Embedding-Zeile pro Token angeben');
  assert.match(inLocale(bundleFor('ar'), err.say), /^هناك 2 من الرموز/);
  // Made inside a language: the message is in it from the start.
  const made = inLocale(bundleFor('es'), () => { try { decodeState('2.abc'); } catch (e) { return e.message; } });
  assert.match(made, /^el estado compartido debería empezar por "1\."/);
});

test('the model\'s notes and refusals carry say(): a link that does not read, said in Spanish', () => {
  const model = createExampleModel();
  const outcome = model.load({ link: '1.@@@', preset: 'cat-sat', attributes: { causal: 'maybe' } });
  const problems = problemsOf(outcome);
  assert.ok(problems.length >= 2, JSON.stringify(problems));
  for (const p of problems) assert.equal(typeof p.say, 'function', p.message);
  const spanish = inLocale(bundleFor('es'), () => problems.map((p) => p.say()));
  assert.ok(spanish.includes('No se pudo restaurar el enlace compartido: el estado compartido está dañado '
    + '(no es JSON codificado en base64url); vuelve a copiar el enlace entero.'), spanish.join('\n'));
  assert.ok(spanish.includes('causal="maybe" no es true ni false; se usa causal = false.'), spanish.join('\n'));
  // The English words are the ones shown before this round (tests that read English are unchanged).
  assert.ok(problems.some((p) => p.message === 'causal="maybe" is not true or false; using causal = false.'));
});

// A stand-in for an element and its message line: enough DOM for langOf (closest, getRootNode).
function fakeElement(lang) {
  const events = [];
  const host = {
    lang,
    closest: () => ({ getAttribute: () => host.lang }),
    getRootNode: () => ({}),
    dispatchEvent: (e) => events.push(e),
  };
  return { host, events, node: { hidden: true, textContent: '' } };
}

test('a message line writes its problems in its element\'s language, again when that changes', () => {
  const { host, events, node } = fakeElement('de');
  // As an element speaks (web/elements/example.js): its language, its problems' say() or words.
  const line = createMessageLine(host, node, { speak: (p) => inLocale(bundleNow(host), () => sayProblem(p)) });
  const model = createExampleModel();
  line.report('model', problemsOf(model.load({ preset: 'no-such-preset', attributes: {} })));
  assert.match(node.textContent, /^Voreinstellung "no-such-preset" ist unbekannt; eine von /);
  assert.equal(events.length, 1);
  assert.match(events[0].message, /^Voreinstellung/); // the event says what the learner sees
  host.lang = 'zh-CN';
  line.show();
  assert.match(node.textContent, /^预设 "no-such-preset" 不存在/);
  host.lang = 'en';
  line.show();
  assert.match(node.textContent, /^preset "no-such-preset" is unknown; use one of /);
  // A bad theme (web/shared/controllers/theme.js, below the catalogues): its words said too.
  host.lang = 'de';
  line.report('theme', [{ code: 'bad_attribute', message: 'theme="neon" is not light, dark or auto (kept auto).',
    words: { key: 'attribute.theme', values: { value: 'neon', kept: 'auto' } } }]);
  assert.match(node.textContent, /theme="neon" ist weder light, dark noch auto \(auto bleibt\)\.$/);
  // Without speak (the scale lab): the text as made.
  const plain = fakeElement('de');
  createMessageLine(plain.host, plain.node).report('model', problemsOf(model.load({ preset: 'nope', attributes: {} })));
  assert.match(plain.node.textContent, /^preset "nope" is unknown/);
});

// Every way the figure code's parsers refuse (of.js, when.js, panels.js: English, with words beside).
const TOKENS = ['the', 'cat', 'sat'];
const DIMS = { tokens: TOKENS, dModel: 3, dK: 2, dV: 2 };
const FIGURE_FAILURES = [
  parseOf(null), parseOf('x'.repeat(300)), parseOf('  '), parseOf('shares sat cat'), parseOf('share sat'),
  parseOf('divisor sat'), parseOf('total'), resolveOf(parseOf('share dog sat'), TOKENS),
  checkFormat('hex', 'share'), checkFormat('percent', 'score'),
  parseWhen(null), parseWhen('x'.repeat(300)), parseWhen(' '), parseWhen('asker was sat'),
  evaluateWhen(parseWhen('asker is dog'), { tokens: TOKENS, asker: 0 }, null),
];
const PANEL_FAILURES = [parseShow('nope'), parseShow('nope nada grids'), parseShow(' '), parseHighlight('x'.repeat(500)),
  parseHighlight('heat sat, shares a b c'),
  resolveHighlight(parseHighlight('wq 3 1, wv 1 4, cast sat z, scores dog').targets, DIMS)];

test('the figure code\'s English messages are word for word the catalogue\'s English', () => {
  for (const failure of FIGURE_FAILURES) {
    assert.equal(failure.ok, false);
    assert.equal(sayWords(failure.words), failure.message);
  }
  for (const read of PANEL_FAILURES) {
    assert.ok(read.messages.length > 0 && read.words.length === read.messages.length, JSON.stringify(read));
    read.messages.forEach((message, i) => assert.equal(sayWords(read.words[i]), message));
  }
});

test('the figures\' attribute messages said in each language, plurals by the language\'s rules', () => {
  const said = (lang, words) => inLocale(bundleFor(lang), () => sayWords(words));
  assert.equal(said('de', parseOf('shares sat cat').words).split(';')[0], '"shares" ist nichts, was eine Abbildung zeigt');
  assert.match(said('zh-Hans', parseWhen('asker was sat').words), /^"asker was sat" 不是条件；请使用 /);
  assert.match(said('es', parseOf('total').words), /^"total" lleva ASKER \(se recibió ninguno\)$/);
  // One word, then two (Arabic's dual), then German's plural.
  assert.match(said('ar', parseShow('nope').words[0]), /ليست لوحة؛/);
  assert.match(said('ar', parseShow('nope nada').words[0]), /ليستا لوحتين؛/);
  assert.match(said('de', parseShow('nope nada').words[0]), /sind keine Bereiche;/);
  for (const lang of LANGS) {
    for (const failure of FIGURE_FAILURES) assert.doesNotMatch(said(lang, failure.words), /[{}]|undefined/);
  }
});

test('a whole-number attribute\'s message said in the catalogue\'s words, the same decision as parseWhole', () => {
  const range = { min: 3, max: 4096, fallback: 64 };
  for (const [raw, key] of [['2', 'below'], ['5000', 'above'], ['abc', 'not'], ['2.5', 'not']]) {
    const read = parseWhole('n', raw, range, 16);
    const say = notWhole('n', raw, read, range, 16);
    assert.equal(say(), read.message, raw); // English: word for word what parseWhole says
    const german = inLocale(bundleFor('de'), say);
    const expected = { below: 'liegt unter 3', above: 'liegt über 4096', not: 'ist keine ganze Zahl' }[key];
    assert.ok(german.includes(expected), `${raw}: ${german}`);
  }
});

test('the heads lab\'s labels and readouts in German and Chinese: the numbers in the language\'s notation', () => {
  const report = { job: 'first-noun', needed: true, cost: 0.6, jobRoles: [], jobShare: 0.5, previousShare: 0.2,
    nounShareSingular: 0.004, nounSharePlural: 0.996, ablatedLoss: 1.5 };
  const de = (fn) => inLocale(bundleFor('de'), fn);
  assert.equal(de(() => headLabel(1, report)),
    'Kopf 2: bei dem Komma vor dem Verb: 0,50 auf dem ersten Nomen (1,00, wenn es im Plural steht, 0,00 im Singular)');
  assert.equal(de(() => ablationText(0, report, 0.96)),
    'Kopf 1 auf null zu setzen hebt den Loss der zurückgehaltenen Sätze um 0,54 auf 1,50');
  assert.equal(de(() => zeroedText([0, 2], { zeroedLoss: 2, heldOutLoss: 0.94 })),
    'Mit Köpfen 1 und 3 auf null ist der Loss der zurückgehaltenen Sätze 2,00 (0,94 mit allen Köpfen).');
  assert.match(de(() => pausedText({ reason: 'plateau', steps: 1900, window: 1000, gain: 0.01, best: 0.9271, newest: 0.934 })),
    /^Das Training hat bei Schritt 1\.900 von selbst pausiert: In den letzten 1\.000 Schritten .* um nicht mehr als 0,01 /);
  assert.equal(inLocale(bundleFor('zh-Hans'), () => statusText({ steps: 300, trainLoss: 1.021, heldOutLoss: 0.977, heldOutSentences: 256 })),
    '第 300 步 · 训练损失 1.02 · 留出句子的损失 0.98（基于 256 个从未训练过的句子）');
  // Outside a language: the English the lab has always shown (tests/wasm/heads-ui.test.mjs).
  assert.equal(ablationText(0, report, 0.96), 'Zeroing head 1 raises the held-out loss by 0.54, to 1.50');
});

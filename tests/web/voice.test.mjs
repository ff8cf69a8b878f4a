// An element's voice (web/shared/controllers/voice.js), as the labs wire it: attributes that do not
// read are messages under their names; when the language arrives or changes, the element's words are
// written again and the line says the same messages in the new language. In node, with a stand-in
// document and MutationObserver (the one page-wide observer of `lang`, web/shared/controllers/lang.js).
// The expected sentences are written out by hand from the catalogues.
import { test } from 'node:test';
import assert from 'node:assert/strict';

let langChanged = null; // the page's observer: called as a `lang` attribute changes
globalThis.MutationObserver = class {
  constructor(report) { langChanged = report; }
  observe() {}
};
globalThis.document = { nodeType: 9 };
globalThis.Event ??= class {};
const { ElementBase } = await import('../../web/shared/element.js');
const { createVoice } = await import('../../web/shared/controllers/voice.js');
const { currentBundle } = await import('../../web/shared/i18n/registry.js');

// An element in node: its `lang` as closest('[lang]') finds it, its events kept.
class Host extends ElementBase {
  lang = '';
  events = [];
  closest() { return this.lang ? { getAttribute: () => this.lang } : null; }
  getRootNode() { return document; }
  dispatchEvent(event) { this.events.push(event.message); }
}

function labWithVoice() {
  const host = new Host();
  const box = { attributes: {}, setAttribute(name, value) { this.attributes[name] = value; } };
  const line = { hidden: true, textContent: '' };
  const relabelled = [];
  let told = () => {};
  const voice = createVoice(host, {
    box, line,
    // What a lab's relabel does: writes its words in the language in force (voice.speak).
    relabel: () => { relabelled.push(voice.speak(() => currentBundle().lang)); told(); },
  });
  const nextRelabel = () => new Promise((resolve) => { told = resolve; });
  return { host, box, line, relabelled, voice, nextRelabel };
}

const RANGE = { min: 0, max: 9, fallback: 1 };

test('a bad attribute is a message under its name, in English before a language is followed; a good one clears it', () => {
  const { voice, line, host } = labWithVoice();
  assert.equal(voice.whole('seed', 'abc', RANGE, 5), 5, 'not a whole number: the last good value kept');
  assert.equal(voice.boolean('no-worker', 'maybe', false), false, 'not a boolean: the default');
  voice.line.show();
  assert.equal(line.textContent,
    'seed="abc" is not a whole number; keeping seed = 5. no-worker="maybe" is not true or false; using no-worker = false.');
  assert.equal(host.events.length, 2, 'each message an attention-error event');
  assert.equal(voice.whole('seed', '12', RANGE, 5), 9, 'above the range: clamped');
  voice.line.show();
  assert.match(line.textContent, /^seed="12" is above 9; using seed = 9 \(allowed: 0 to 9\)\. no-worker/);
  assert.equal(voice.whole('seed', ' 3 ', RANGE, 9), 3);
  assert.equal(voice.boolean('no-worker', 'on', false), true);
  assert.equal(voice.attribute('input', { value: 'local', say: null }), 'local');
  voice.line.show();
  assert.deepEqual([line.hidden, line.textContent], [true, '']);
});

test('the language arrives: the words written again in it, the messages said again in it; a change back does the same', async () => {
  const { host, box, line, relabelled, voice, nextRelabel } = labWithVoice();
  assert.deepEqual(box.attributes, { lang: 'en', dir: 'ltr' }, 'English until connected');
  voice.whole('seed', 'abc', RANGE, 5);
  voice.line.show();
  host.lang = 'de';
  const german = nextRelabel();
  host.connectedCallback(); // German's catalogue loads: English meanwhile, then German
  await german;
  assert.deepEqual(relabelled, ['de'], 'relabelled once, inside German');
  assert.deepEqual(box.attributes, { lang: 'de', dir: 'ltr' });
  assert.equal(line.textContent, 'seed="abc" ist keine ganze Zahl; seed = 5 bleibt.');
  assert.deepEqual(host.events, ['seed="abc" is not a whole number; keeping seed = 5.', 'seed="abc" ist keine ganze Zahl; seed = 5 bleibt.'],
    'the event says what the learner reads, again in the new language');

  host.lang = 'en';
  langChanged(); // the page's observer sees the change: English is in, so at once
  assert.deepEqual(relabelled, ['de', 'en']);
  assert.equal(line.textContent, 'seed="abc" is not a whole number; keeping seed = 5.');
  host.disconnectedCallback();
  host.lang = 'de';
  langChanged();
  assert.deepEqual(relabelled, ['de', 'en'], 'removed from the page: not told');
});

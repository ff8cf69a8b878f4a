// The share-link encoding (web/model/share.js) in node: exact round trips, the
// largest state the widget accepts fits the payload cap, and damaged payloads
// are refused with messages a person can act on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_PAYLOAD_CHARS, decodeState, encodeState, linkKey, linkedState, shareLink } from '../../web/model/share.js';
import { chapterState as chapter } from '../fixtures/chapter.mjs';

test('round trip is exact, awkward numbers and token text included', () => {
  const state = { ...chapter, tokens: ['0', '1', '😀 <b>&"'], embeddings: [[0.1 + 0.2, -1e-300, 999.9999999999999],
    [1 / 3, -0.5, 5e-324], [-1000, 1000, 2 ** -30]], causal: true, scaled: true, temperature: 0.1 + 0.05, asker: 0 };
  const payload = encodeState(state);
  assert.match(payload, /^1\.[A-Za-z0-9_-]+$/);
  assert.deepEqual(decodeState(payload), state); // asker stays index 0, though tokens "0" and "1" exist
});

test('the largest state the widget accepts fits under the payload cap', () => {
  const long = '😀'.repeat(20); // 40 UTF-16 units, 80 UTF-8 bytes
  const row = (n) => Array.from({ length: n }, (_, i) => -(123.45678901234567 + i) / 1e3);
  const state = { ...chapter, tokens: Array.from({ length: 16 }, () => long),
    embeddings: Array.from({ length: 16 }, () => row(8)), wq: Array.from({ length: 8 }, () => row(8)),
    wk: Array.from({ length: 8 }, () => row(8)), wv: Array.from({ length: 8 }, () => row(8)), asker: 15 };
  const payload = encodeState(state);
  assert.ok(payload.length < MAX_PAYLOAD_CHARS, `${payload.length} characters`);
  assert.deepEqual(decodeState(payload), state);
});

test('damaged payloads are refused with a message', () => {
  const cases = [
    ['', /should start with "1\."/],
    ['2.abc', /should start with "1\."/],
    ['1.', /damaged/],
    ['1.%%%', /damaged/],
    ['1.' + Buffer.from('[1]').toString('base64url'), /not an object/],
    ['1.' + Buffer.from('{"t":["a"],"x":[[1]],"q":[[1]],"k":[[1]],"v":[[1]],"c":7}').toString('base64url'), /switch "c" is 7/],
    ['1.' + Buffer.from('{"t":["a"],"x":[[1]],"q":[[1]],"k":[[1]],"v":[[1]],"a":1}').toString('base64url'), /asker is 1/],
    ['1.' + Buffer.from([0xff, 0xfe]).toString('base64url'), /damaged/], // not UTF-8
    ['1.' + 'A'.repeat(MAX_PAYLOAD_CHARS), /at most 16000 are read/],
  ];
  for (const [payload, message] of cases) assert.throws(() => decodeState(payload), message, payload.slice(0, 30));
});

test('link keys: aw.<id>, else aw for the first widget and aw<n> by position', () => {
  const widgets = [{ id: '' }, { id: '' }, { id: 'demo' }].map((w) => ({ ...w, localName: 'attention-widget' }));
  const doc = { querySelectorAll: () => widgets };
  widgets.forEach((w) => { w.ownerDocument = doc; });
  assert.deepEqual(widgets.map(linkKey), ['aw', 'aw2', 'aw.demo']);
  const link = shareLink(widgets[1], chapter, 'https://course.example/ch3?x=1#aw=keep&other=1');
  const url = new URL(link);
  assert.equal(url.search, '?x=1');
  const params = new URLSearchParams(url.hash.slice(1));
  assert.deepEqual([...params.keys()], ['aw', 'other', 'aw2']); // others' keys kept
  const errors = [];
  assert.deepEqual(linkedState(widgets[1], errors, url.hash), chapter);
  assert.equal(linkedState(widgets[0], errors, url.hash), null); // "keep" is not a payload: explained
  assert.match(errors[0], /The shared link could not be restored/);
});

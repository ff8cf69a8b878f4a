// The postMessage protocol between linked embed.html iframes and their parent page
// (web/views/figures/messages.js, web/views/figures/relay.js) in node: only allowed origins, only the
// exact shape, only sane sizes; the relay forwards to the other frames of one example only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPLY_MESSAGE, STATE_MESSAGE, normalOrigin, parseOrigins, readMessage } from '../../web/views/figures/messages.js';
import { createRelay } from '../../web/views/figures/relay.js';
import { MAX_PAYLOAD_CHARS, encodeState } from '../../web/model/share.js';
import { chapterState } from '../fixtures/chapter.mjs';

const COURSE = 'https://course.example';

const payload = encodeState(chapterState);
const good = { type: APPLY_MESSAGE, example: 'cat', payload };
const expect = { type: APPLY_MESSAGE, example: 'cat' };

test('a well-formed message from an allowed origin is read', () => {
  assert.deepEqual(readMessage({ origin: COURSE, data: good }, [COURSE], expect),
    { ok: true, example: 'cat', payload, reason: 'link' });
  assert.equal(readMessage({ origin: COURSE, data: { ...good, reason: 'edit' } }, [COURSE], expect).reason, 'edit');
});

test('anything else is refused', () => {
  const refused = [
    ['a foreign origin', 'https://evil.example', good],
    ['a look-alike origin', 'https://course.example.evil.example', good],
    ['the opaque origin', 'null', good],
    ['a string', COURSE, JSON.stringify(good)],
    ['an array', COURSE, [good]],
    ['null', COURSE, null],
    ['a class instance', COURSE, Object.assign(new (class X {})(), good)],
    ['an extra field', COURSE, { ...good, html: '<img onerror=alert(1)>' }],
    ['another type', COURSE, { ...good, type: STATE_MESSAGE }],
    ['another example', COURSE, { ...good, example: 'bank' }],
    ['an example name with markup', COURSE, { ...good, example: '<b>' }],
    ['a number payload', COURSE, { ...good, payload: 12 }],
    ['a payload of another version', COURSE, { ...good, payload: `2.${payload.slice(2)}` }],
    ['a payload with other characters', COURSE, { ...good, payload: `${payload}==` }],
    ['an oversized payload', COURSE, { ...good, payload: `1.${'A'.repeat(MAX_PAYLOAD_CHARS)}` }],
    ['an unknown reason', COURSE, { ...good, reason: 'because' }],
  ];
  for (const [what, origin, data] of refused) {
    const read = readMessage({ origin, data }, [COURSE], expect);
    assert.equal(read.ok, false, what);
    assert.equal(typeof read.why, 'string');
  }
  // An empty allow-list allows nothing, not everything.
  assert.equal(readMessage({ origin: COURSE, data: good }, [], expect).ok, false);
});

test('allow-lists hold origins only, written exactly', () => {
  assert.equal(normalOrigin('https://Course.Example:443/'), 'https://course.example');
  assert.equal(normalOrigin('javascript:alert(1)'), null);
  assert.equal(normalOrigin('file:///etc/passwd'), null);
  assert.deepEqual(parseOrigins('https://a.example, http://127.0.0.1:8208/  https://a.example'),
    { origins: ['https://a.example', 'http://127.0.0.1:8208'], messages: [] });
  const bad = parseOrigins('* https://a.example/course https://*.example');
  assert.deepEqual(bad.origins, []);
  assert.equal(bad.messages.length, 3);
  assert.match(bad.messages[0], /"\*" is not an origin/);
});

// Fake windows: the relay only compares them by identity.
function page(extra = []) {
  const frames = [
    { window: { name: 'a' }, origin: COURSE, example: 'cat' },
    { window: { name: 'b' }, origin: COURSE, example: 'cat' },
    { window: { name: 'c' }, origin: COURSE, example: 'bank' },
    ...extra,
  ];
  return { frames, relay: createRelay({ allowed: [COURSE], frames: () => frames }) };
}
const state = (p, reason = 'edit', example = 'cat') => ({ type: STATE_MESSAGE, example, payload: p, reason });
const targets = (posts) => posts.map((p) => p.window.name);

test('the relay forwards a change to the other frames of the same example only', () => {
  const { frames, relay } = page();
  const posts = relay.receive({ source: frames[0].window, origin: COURSE, data: state(payload) });
  assert.deepEqual(targets(posts), ['b']);
  assert.deepEqual(posts[0], { window: frames[1].window, origin: COURSE,
    message: { type: APPLY_MESSAGE, example: 'cat', payload } });
});

test('a frame that loads late joins the example instead of resetting it', () => {
  const { frames, relay } = page();
  const edited = payload.replace(/.$/, 'A');
  relay.receive({ source: frames[0].window, origin: COURSE, data: state(edited) });
  const posts = relay.receive({ source: frames[1].window, origin: COURSE, data: state(payload, 'load') });
  assert.deepEqual(targets(posts), ['b']);
  assert.equal(posts[0].message.payload, edited);
  assert.equal(relay.newest('cat'), edited);
});

test('the relay ignores strangers, impostors and frames on origins it does not allow', () => {
  const foreign = { window: { name: 'f' }, origin: 'https://evil.example', example: 'cat' };
  const { frames, relay } = page([foreign]);
  // A window that is not one of the page's frames.
  assert.deepEqual(relay.receive({ source: { name: 'x' }, origin: COURSE, data: state(payload) }), []);
  // A frame's window, but the message's origin is not the frame's (it navigated away).
  assert.deepEqual(relay.receive({ source: frames[0].window, origin: 'https://evil.example', data: state(payload) }), []);
  // A frame whose origin is not allowed can neither drive nor be told.
  assert.deepEqual(relay.receive({ source: foreign.window, origin: foreign.origin, data: state(payload) }), []);
  assert.deepEqual(targets(relay.receive({ source: frames[0].window, origin: COURSE, data: state(payload) })), ['b']);
  // A frame speaking for another example than its own.
  assert.deepEqual(relay.receive({ source: frames[2].window, origin: COURSE, data: state(payload, 'edit', 'cat') }), []);
  assert.equal(relay.newest('bank'), undefined);
});

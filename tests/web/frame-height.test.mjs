// web/frame-height.js's rule, with stand-in frames and messages: a height is taken only from the
// window of an iframe of the page whose src is on an allowed origin, with the src's origin as the
// message's, or "null" only when that iframe is sandboxed without allow-same-origin; and only a
// whole number of pixels in range. (The real frames: tests/browser/lms-frame.spec.js.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { heightFor, listedOrigins, HEIGHT_MESSAGE } from '../../web/frame-height.js';
import { HEIGHT_MESSAGE as POSTED } from '../../web/views/figures/messages.js';

const HOST = 'https://widgets.example';
const PAGE = 'https://course.example';

function iframe(src, sandbox = null) {
  const win = { name: src };
  return {
    contentWindow: win,
    getAttribute: (name) => (name === 'src' ? src : null),
    hasAttribute: (name) => name === 'sandbox' && sandbox !== null,
    sandbox: { contains: (token) => (sandbox ?? '').split(' ').includes(token) },
  };
}
const page = (...frames) => ({ baseURI: `${PAGE}/lesson/`, querySelectorAll: () => frames });
const message = (frame, origin, height = 500, type = HEIGHT_MESSAGE) => ({ source: frame?.contentWindow ?? {}, origin, data: { type, height } });
const ALLOWED = [HOST, PAGE];

test('the message type is the one embed.js posts', () => {
  assert.equal(HEIGHT_MESSAGE, POSTED);
});

test('a sandboxed frame\'s "null" height sizes that frame, and only from its own window', () => {
  const lms = iframe(`${HOST}/embed.html?preset=cat-sat`, 'allow-scripts');
  const other = iframe(`${HOST}/embed.html?preset=it-vase`, 'allow-scripts');
  const doc = page(lms, other);
  assert.deepEqual(heightFor(message(lms, 'null'), doc, ALLOWED), { frame: lms, height: 500 });
  assert.equal(heightFor(message(other, 'null', 321), doc, ALLOWED).frame, other);
  assert.equal(heightFor({ ...message(lms, 'null'), source: {} }, doc, ALLOWED), null, 'a window that is no frame of the page');
  assert.equal(heightFor({ ...message(lms, 'null'), source: null }, doc, ALLOWED), null);
  // A sandboxed frame cannot claim the host's origin, and a same-origin frame cannot say "null".
  assert.equal(heightFor(message(lms, HOST), doc, ALLOWED), null);
  const plain = iframe(`${HOST}/embed.html`);
  const sameOrigin = iframe(`${HOST}/embed.html`, 'allow-scripts allow-same-origin');
  assert.equal(heightFor(message(plain, 'null'), page(plain), ALLOWED), null);
  assert.equal(heightFor(message(sameOrigin, 'null'), page(sameOrigin), ALLOWED), null);
  assert.equal(heightFor(message(plain, HOST), page(plain), ALLOWED).frame, plain);
  assert.equal(heightFor(message(sameOrigin, HOST), page(sameOrigin), ALLOWED).frame, sameOrigin);
});

test('a frame on a host not allowed, or an origin not its src\'s, is ignored', () => {
  const stranger = iframe('https://ads.example/frame.html', 'allow-scripts');
  assert.equal(heightFor(message(stranger, 'null'), page(stranger), ALLOWED), null);
  const relative = iframe('../widgets/embed.html'); // the page's own origin
  assert.equal(heightFor(message(relative, PAGE), page(relative), ALLOWED).frame, relative);
  assert.equal(heightFor(message(relative, HOST), page(relative), ALLOWED), null);
  const broken = iframe('http://[bad');
  assert.equal(heightFor(message(broken, 'null'), page(broken), ALLOWED), null);
});

test('only a whole number of pixels, 1 to 100,000, of the right type', () => {
  const lms = iframe(`${HOST}/embed.html`, 'allow-scripts');
  const doc = page(lms);
  for (const height of [0, -1, 1.5, 100_001, Infinity, NaN, '300', null])
    assert.equal(heightFor(message(lms, 'null', height), doc, ALLOWED), null, String(height));
  assert.equal(heightFor(message(lms, 'null', 500, 'attention-example:state'), doc, ALLOWED), null);
  assert.equal(heightFor({ source: lms.contentWindow, origin: 'null', data: 'attention-widget:height' }, doc, ALLOWED), null);
  assert.equal(heightFor(message(lms, 'null', 100_000), doc, ALLOWED).height, 100_000);
});

test('listed origins: exact origins only', () => {
  assert.deepEqual(listedOrigins('https://a.example, https://b.example:8443/ http://c.example/path null *.example https://*.x'),
    ['https://a.example', 'https://b.example:8443']);
  assert.deepEqual(listedOrigins(undefined), []);
});

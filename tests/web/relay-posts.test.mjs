// Linked frames post nothing the other side already has: the parent's relay
// (web/views/figures/relay.js) sends nothing to a frame that loads with the example's newest
// state, and a frame (web/views/figures/frame-link.js) does not report back the state it was
// just sent. Counted against the posts a reader expects, message by message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APPLY_MESSAGE, STATE_MESSAGE } from '../../web/views/figures/messages.js';
import { createRelay } from '../../web/views/figures/relay.js';
import { linkFrame } from '../../web/views/figures/frame-link.js';
import { encodeState } from '../../web/model/share.js';
import { chapterState } from '../fixtures/chapter.mjs';

const COURSE = 'https://course.example';
const payload = encodeState(chapterState);
const edited = encodeState({ ...chapterState, asker: 0 });

function page() {
  const frames = ['a', 'b'].map((name) => ({ window: { name }, origin: COURSE, example: 'cat' }));
  return { frames, relay: createRelay({ allowed: [COURSE], frames: () => frames }) };
}
const from = (frame, p, reason) => ({ source: frame.window, origin: COURSE,
  data: { type: STATE_MESSAGE, example: 'cat', payload: p, reason } });

test('a frame that loads with the example\'s newest state is sent nothing', () => {
  const { frames: [a, b], relay } = page();
  assert.equal(relay.receive(from(a, edited, 'edit')).length, 1, 'the edit goes to b');
  // b reloads and its first state is already the edited one (say, from the page's link): no post.
  assert.deepEqual(relay.receive(from(b, edited, 'load')), []);
});

test('a frame that loads with an older state is sent the newest once', () => {
  const { frames: [a, b], relay } = page();
  relay.receive(from(a, edited, 'edit'));
  const posts = relay.receive(from(b, payload, 'load'));
  assert.equal(posts.length, 1);
  assert.deepEqual(posts[0].message, { type: APPLY_MESSAGE, example: 'cat', payload: edited });
});

// A frame's window and its widget, in node: the parent's posts are recorded, messages dispatched by hand.
function linkedFrame() {
  const parent = { posts: [], postMessage(message, origin) { this.posts.push({ message, origin }); } };
  const win = new EventTarget();
  Object.assign(win, { parent, location: { ancestorOrigins: [COURSE] }, document: { referrer: '' } });
  const view = new EventTarget();
  view.state = chapterState;
  const change = (reason) => view.dispatchEvent(Object.assign(new Event('attention-change'), { reason }));
  const apply = (p) => { view.state = p === edited ? { ...chapterState, asker: 0 } : chapterState; change('config'); };
  const receive = (message) => win.dispatchEvent(Object.assign(new Event('message'), { source: parent, origin: COURSE,
    data: message }));
  const link = linkFrame({ view, params: new URLSearchParams('example=cat'), apply, win });
  return { parent, view, change, receive, link };
}

test('a frame does not report back the state the parent just sent it; its own next edit it does', () => {
  const { parent, view, change, receive, link } = linkedFrame();
  assert.deepEqual(link.problems, []);
  receive({ type: APPLY_MESSAGE, example: 'cat', payload: edited });
  assert.deepEqual(parent.posts, [], 'the applied state is not echoed');
  view.state = chapterState; // the learner edits the frame back
  change('edit');
  assert.deepEqual(parent.posts.map((p) => [p.message.payload, p.message.reason, p.origin]), [[payload, 'edit', COURSE]]);
  link.stop();
});

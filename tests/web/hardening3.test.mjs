// Hardening round 3 (docs/hardening.md), the pure parts in node:
//  - one quoting helper: every message that quotes what an author or a query string wrote goes
//    through clip() (web/shared/text.js), so a direction control is written out as \u{202E}
//    and can neither hide text nor reorder the sentence;
//  - one subscription lifecycle: a figure's `example` changed many times keeps one listener
//    on its connection and one on the document, not one per change.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { parseHighlight, parseShow, resolveHighlight } from '../../web/views/figures/panels.js';
import { checkFormat, parseOf, resolveOf } from '../../web/views/figures/of.js';
import { parseOrigins } from '../../web/views/figures/messages.js';
import { parseScaleShow } from '../../web/views/scale/show.js';
import { parseInput } from '../../web/views/scale/attributes.js';
import { createExampleModel } from '../../web/model/example.js';
import { EXAMPLE_CONNECTED } from '../../web/views/figures/lookup.js';

const RLO = '\u202E'; // RIGHT-TO-LEFT OVERRIDE: reverses the text after it
const TOKENS = ['the', 'cat', 'sat'];
const DIMS = { tokens: TOKENS, dModel: 3, dK: 2, dV: 2 };

// Every message a door gives for input holding RLO: none may hold it raw; each names it.
const doors = {
  'show=': () => parseShow(`${RLO}asker`).messages,
  'highlight= grid': () => parseHighlight(`${RLO}shares sat cat`).messages,
  'highlight= too many words': () => parseHighlight(`shares sat cat ${RLO}x`).messages,
  'highlight= row': () => resolveHighlight(parseHighlight(`shares ${RLO}sat`).targets, DIMS).messages,
  'highlight= index': () => resolveHighlight(parseHighlight(`wq ${RLO}1`).targets, DIMS).messages,
  'highlight= column': () => resolveHighlight(parseHighlight(`cast sat ${RLO}q`).targets, DIMS).messages,
  'origins=': () => parseOrigins(`https://a.example ${RLO}https://b.example`).messages,
  'of= kind': () => [parseOf(`${RLO}share sat cat`).message],
  'of= names': () => [parseOf(`total ${RLO}sat cat`).message],
  'of= token': () => [resolveOf(parseOf(`share ${RLO}sat cat`), TOKENS).message],
  'format=': () => [checkFormat(`${RLO}percent`, 'share').message],
  'scale show=': () => [parseScaleShow(`${RLO}grid`).message],
  'scale input=': () => [parseInput(`${RLO}local`, 'random').message],
  'model.edit matrix': () => [createExampleModel().edit(`${RLO}wq`, 0, 0, 1).message],
  'model.setSwitch field': () => [createExampleModel().setSwitch(`${RLO}causal`, true).message],
};

for (const [door, messages] of Object.entries(doors)) {
  test(`${door}: a direction control in the input is quoted as \\u{202E}, never raw`, () => {
    const all = messages();
    assert.ok(all.length > 0 && all.every((m) => typeof m === 'string' && m.length > 0), `no message: ${all}`);
    for (const message of all) {
      assert.ok(!message.includes(RLO), `raw U+202E in: ${JSON.stringify(message)}`);
      assert.ok(message.includes('\\u{202E}'), `U+202E not named in: ${JSON.stringify(message)}`);
    }
  });
}

// A page in node, as much of one as a figure's binding reads: the document (its events, its ids).
class Page extends EventTarget {
  examples = new Map();
  getElementById(id) { return this.examples.get(id) ?? null; }
}

test('changing a figure\'s example attribute many times keeps one listener, not one per change', async () => {
  const page = new Page();
  globalThis.document = page;
  try {
    for (const id of ['a', 'b'])
      page.examples.set(id, { localName: 'attention-example', model: createExampleModel(), subscribe: () => () => {} });
    const { createView } = await import('../../web/views/figures/view.js');
    const attributes = new Map([['example', 'a']]);
    const host = { getAttribute: (n) => attributes.get(n) ?? null, hasAttribute: (n) => attributes.has(n),
      getRootNode: () => page, dispatchEvent: () => true };
    const used = [];
    const model = { use: (m) => used.push(m), subscribe: () => () => {} };
    const root = { toggleAttribute() {}, querySelector: () => null };
    const view = createView({ host, shadow: {}, root, model });
    const connection = new AbortController();
    view.connect(connection.signal);
    for (let i = 0; i < 200; i += 1) {
      attributes.set('example', i % 2 ? 'a' : 'b');
      view.attributeChanged('example');
    }
    assert.equal(used.at(-1), page.examples.get('a').model, 'it follows the example named last');
    assert.ok(getEventListeners(connection.signal, 'abort').length <= 1,
      `${getEventListeners(connection.signal, 'abort').length} listeners on the connection after 200 changes`);
    assert.ok(getEventListeners(page, EXAMPLE_CONNECTED).length <= 1,
      `${getEventListeners(page, EXAMPLE_CONNECTED).length} listeners on the document after 200 changes`);
    connection.abort();
    // The page's one listener stays (one for every view: lookup.js); a disconnected figure is no longer told.
    const before = used.length;
    page.examples.set('a', { localName: 'attention-example', model: createExampleModel(), subscribe: () => () => {} });
    page.dispatchEvent(new Event(EXAMPLE_CONNECTED));
    assert.equal(used.length, before, 'a disconnected figure listens to nothing');
  } finally {
    delete globalThis.document;
  }
});

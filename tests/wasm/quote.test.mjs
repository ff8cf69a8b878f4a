// One quoting rule for every message (wasm/quote.js): the core's argument checks quote a
// caller's text as the elements do, so a direction override or an invisible character in a
// bad argument is written out (\u{202E}) instead of reordering or hiding the message's text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadAttention, AttentionError } from '../../wasm/attention.js';
import { loadHeads } from '../../wasm/heads.js';

const RLO = '\u202E'; // RIGHT-TO-LEFT OVERRIDE
const HOSTILE = `${RLO}evil\u200B`;

function assertQuotedSafely(err, expectedCode) {
  assert.equal(err.code, expectedCode);
  assert.ok(!/[\u202A-\u202E\u2066-\u2069\u200B]/u.test(err.message), `raw control in: ${JSON.stringify(err.message)}`);
  assert.match(err.message, /\\u\{202E\}evil\\u\{200B\}/);
}

test('the teaching path quotes a bad argument with its controls written out', async () => {
  const attn = await loadAttention({ path: 'teaching' });
  assert.throws(() => attn.attend({ embeddings: HOSTILE, wq: [[1]], wk: [[1]], wv: [[1]] }),
    (err) => { assert.ok(err instanceof AttentionError); assertQuotedSafely(err, 'invalid_argument'); return true; });
});

test('the heads module quotes a bad hyper-parameter the same way', async () => {
  const core = await loadHeads();
  assert.throws(() => core.createLab({ heads: HOSTILE }), (err) => { assertQuotedSafely(err, 'bad_hyper_parameter'); return true; });
});

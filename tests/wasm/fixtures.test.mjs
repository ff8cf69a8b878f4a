// The node tests' shared fixtures (tests/fixtures/): the chapter's cast, written out once for
// them, agrees with the native tests' copy and the widget's cat-sat preset, and no other test
// file writes it out again; the random generator is the core's own, output for output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAttention } from '../../wasm/attention.js';
import { presetState } from '../../web/model/presets.js';
import { TOKENS, catSat, chapterConfig, chapterState } from '../fixtures/chapter.mjs';
import { Random } from '../fixtures/random.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (path) => readFileSync(join(ROOT, path), 'utf8');

// The cast's matrices, each as it would be written out in a JS test ([[a, b], [c, d]]) or a
// C++ one ({{a, b}, {c, d}}), spaces ignored.
const written = Object.entries(catSat).map(([name, rows]) => ({ name, js: JSON.stringify(rows),
  cpp: JSON.stringify(rows).replaceAll('[', '{').replaceAll(']', '}') }));
const squeeze = (text) => text.replace(/\s+/g, '');

test('the JS cast is the native tests\' cast and the widget\'s cat-sat preset', () => {
  const native = squeeze(read('tests/native/chapter_cast.hpp'));
  for (const { name, cpp } of written) assert.ok(native.includes(cpp), `chapter_cast.hpp has ${name} = ${cpp}`);
  const preset = presetState('cat-sat');
  assert.deepEqual({ tokens: preset.tokens, embeddings: preset.embeddings, wq: preset.wq, wk: preset.wk, wv: preset.wv },
    { tokens: [...TOKENS], ...structuredClone(catSat) });
});

test('the cast is written out only in the fixtures: no test of the node or native tiers repeats it', () => {
  const fixtures = new Set(['tests/fixtures/chapter.mjs', 'tests/native/chapter_cast.hpp']);
  const repeats = [];
  for (const tier of ['tests/wasm', 'tests/guided', 'tests/web', 'tests/native', 'tests/fuzz', 'tests/fixtures'])
    for (const file of readdirSync(join(ROOT, tier), { recursive: true })) {
      const path = `${tier}/${file}`;
      if (fixtures.has(path) || !/\.(mjs|js|cpp|hpp)$/.test(path)) continue;
      const text = squeeze(read(path));
      for (const { name, js, cpp } of written) if (text.includes(js) || text.includes(cpp)) repeats.push(`${path}: ${name}`);
    }
  assert.deepEqual(repeats, [], 'import it from tests/fixtures/chapter.mjs (or chapter_cast.hpp) instead');
});

test('the fixture cannot be changed by a test; chapterConfig() is a copy to change', () => {
  assert.throws(() => { catSat.wq[0][0] = 5; }, TypeError);
  assert.throws(() => { chapterState.embeddings.push([0, 0, 0]); }, TypeError);
  const copy = chapterConfig();
  copy.wq[0][0] = 5;
  assert.equal(catSat.wq[0][0], 2);
  assert.deepEqual(chapterConfig().wq, catSat.wq);
});

test('the random fixture gives the outputs random.hpp\'s header comment lists for seed 0', () => {
  const header = read('core/include/attention/random.hpp');
  const comment = header.slice(0, header.indexOf('#pragma'));
  const words = comment.match(/0x[0-9a-f]{16}/g), uniforms = comment.match(/0\.\d{10,}/g).map(Number);
  assert.equal(words.length, 4);
  assert.equal(uniforms.length, 4);
  const bits = new Random(0), unit = new Random(0);
  for (const word of words) assert.equal(bits.next(), BigInt(word));
  for (const u of uniforms) assert.equal(unit.uniform(), u);
});

test('the random fixture agrees with the core: randomGrid from the same seeds', async () => {
  const attn = await loadAttention({ training: true, path: 'teaching' });
  for (const [rows, cols, scale, seed] of [[1, 3, 0.5, 1], [3, 8, 0.5, 42], [5, 7, 2, 12345], [2, 2, 1000, 2 ** 40]]) {
    const random = new Random(seed);
    // random_grid: uniform in [-scale, scale], rounded to two decimals (half away from 0, as
    // std::round), kept in range, no -0
    const round = (x) => Math.sign(x) * Math.round(Math.abs(x));
    const expected = Array.from({ length: rows }, () => Array.from({ length: cols }, () => {
      const x = Math.max(-scale, Math.min(scale, round((2 * random.uniform() - 1) * scale * 100) / 100));
      return x === 0 ? 0 : x;
    }));
    assert.deepEqual(attn.randomGrid(rows, cols, { scale, seed }), expected, `seed ${seed}`);
  }
});

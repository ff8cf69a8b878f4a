// The scale lab's words in every language (docs/architecture.md#languages): every caption, readout
// and text alternative it writes from the numbers, for a range of n, d_k and settings, reads with
// no placeholder left, no "undefined" and the locale's decimal separator; the numbers are grouped
// and separated as the locale writes them. The oracles are written out by hand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bundleFor, ensure, inLocale } from '../../web/shared/i18n/registry.js';
import { drawnSentence, entriesSentence, formatCount, formatGflops, formatMB, formatMs, formatShare }
  from '../../web/views/scale/format.js';
import { describeHeatMap } from '../../web/views/scale/heatmap.js';
import { describeTimePlot } from '../../web/views/scale/time-plot.js';
import { describeThermostat } from '../../web/views/scale/thermo-plot.js';
import { showSizes, showTiming } from '../../web/views/scale/readouts.js';
import { blockLayout } from '../../web/views/scale/downsample.js';
import { parseInput } from '../../web/views/scale/attributes.js';
import { parseScaleShow } from '../../web/views/scale/show.js';

const LANGS = ['en', 'es', 'de', 'zh-Hans', 'ar', 'en-XA'];
await Promise.all(LANGS.map(ensure));
const speak = (lang, fn) => inLocale(bundleFor(lang), fn);

// The readouts' nodes, as readouts.js finds them (root.querySelector('[data-readout="…"]')).
function fakeRoot() {
  const nodes = new Map();
  return {
    querySelector(selector) {
      if (!nodes.has(selector)) nodes.set(selector, { textContent: '', firstChild: null, lastChild: null });
      return nodes.get(selector);
    },
    texts: () => [...nodes.values()].map((node) => node.textContent),
  };
}

// Every sentence the lab writes from the numbers for one configuration, in the language in force.
function sentences({ n, dk, causal, reps, workers, mode, points }) {
  const { block, pixels } = blockLayout(n, 512);
  const max = 0.5 / n + 0.3;
  const root = fakeRoot();
  showSizes(root, n, dk);
  showTiming(root, null);
  showTiming(root, { n, dk, ms: n * n * dk * 1e-7, workers, reps, variant: 'relaxed' }, mode);
  const rows = [2, 8, 64, 512].map((d, i) => ({ dk: d, unscaled: { maxShare: 0.2 + i * 0.25 }, scaled: { maxShare: 0.1 + i * 0.01 } }));
  return [
    entriesSentence(n), drawnSentence(n, pixels, block),
    describeHeatMap({ n, pixels, block, max, causal }),
    describeTimePlot(points, points.length ? 2e-5 : null, 4096, dk, causal),
    describeThermostat({ n: 64, rows }),
    formatMs(0.004), formatMs(3.14159), formatMB(n * n * 4), formatGflops(4 * n * n * dk, 2.5),
    parseInput('spiral', 'local').say(), parseScaleShow('grid plot').say(),
    ...root.texts(),
  ];
}

function configs() {
  const list = [];
  let seed = 29;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (const n of [3, 7, 256, 511, 512, 513, 1000, 1024, 3000, 4096]) {
    for (const dk of [2, 64, 512]) {
      const count = Math.floor(next() * 4); // 0, 1, 2 or 3 measured points
      list.push({ n, dk, causal: next() < 0.5, reps: 1 + Math.floor(next() * 3), workers: 1 + Math.floor(next() * 4),
        mode: next() < 0.3 ? 'main' : 'worker', points: Array.from({ length: count }, (_, i) => ({ n: 256 * (i + 1), ms: i + 0.5 })) });
    }
  }
  return list;
}

for (const lang of LANGS) {
  test(`${lang}: every scale caption and readout reads, for every n, d_k and setting`, () => {
    const comma = bundleFor(lang).decimal === ',';
    for (const config of configs()) {
      const said = speak(lang, () => sentences(config));
      for (const s of said) {
        const where = `${lang} ${JSON.stringify({ n: config.n, dk: config.dk })}: ${s}`;
        assert.ok(s.length > 0, where);
        assert.doesNotMatch(s, /[{}]|undefined|NaN|scale\.\w/, where); // no placeholder or key left
        assert.doesNotMatch(s, /-\d/, where); // a true minus, if any
        // Decimals in the locale's notation: "3,14" in German and Spanish, "3.14" elsewhere.
        assert.doesNotMatch(s, comma ? /\d\.\d\d?(?!\d)/ : /\d,\d\d?(?!\d)/, where);
      }
    }
  });
}

test('numbers in the locale\'s notation: grouped, decimals, units', () => {
  // The oracle: the texts written out by hand.
  assert.equal(speak('en', () => entriesSentence(4096)), '4,096 \u00d7 4,096 = 16,777,216 entries');
  assert.equal(speak('de', () => entriesSentence(4096)), '4.096 \u00d7 4.096 = 16.777.216 Einträge');
  assert.equal(speak('de', () => formatMs(3.14159)), '3,14 ms');
  assert.equal(speak('es', () => formatMB(71303168)), '71,3 MB');
  assert.equal(speak('de', () => formatShare(0.666)), '0,67');
  assert.equal(speak('zh-Hans', () => formatMs(412.4)), '412 毫秒');
  assert.equal(speak('ar', () => formatShare(-0.25)), '\u22120.25');
  assert.equal(speak('de', () => formatCount(-1234)), '\u22121.234');
  assert.equal(speak('en', () => drawnSentence(4096, 512, 8)),
    '4,096 \u00d7 4,096 = 16,777,216 entries, drawn at 512 \u00d7 512: each pixel is the mean of an 8 \u00d7 8 block.');
  assert.equal(speak('de', () => drawnSentence(1000, 500, 2)),
    '1.000 \u00d7 1.000 = 1.000.000 Einträge, gezeichnet mit 500 \u00d7 500 Pixeln: jedes Pixel ist der Mittelwert eines 2 \u00d7 2-Blocks.');
});

test('the English words are the lab\'s as before (outside an element too)', () => {
  assert.equal(describeTimePlot([{ n: 256, ms: 1 }], null, 4096, 64, true), 'Compute time against n (d\u2096 = 64, causal): 1 measured point.');
  assert.equal(parseInput('spiral', 'local').message, 'input="spiral" is not one of random, local, previous; keeping input = local.');
  assert.equal(formatMs(0.004), '< 0.01 ms');
});

test('the catalogue machinery carries no widget words: the scale lab pays for its own alone', async () => {
  // This file imports the registry and the lab's views, never messages.js: the widget's English
  // (en.js) is not in, so its key reads as the key; the lab's and the common words are.
  const { t } = await import('../../web/shared/i18n/registry.js');
  assert.equal(t('status.loading'), 'status.loading');
  assert.equal(t('scale.seed'), 'Seed');
  assert.equal(t('number.huge'), 'too large to print');
});

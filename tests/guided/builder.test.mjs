// The figure builder's pure logic (web/views/builder/markup.js): the markup of a built figure, and
// the static-digit check of pasted chapter HTML.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { escapeHtml, figureMarkup, staticDigits } from '../../web/views/builder/markup.js';

test('figureMarkup: a preset, panels, highlights and live values, every attribute escaped', () => {
  const html = figureMarkup({ id: 'cat', preset: 'cat-sat', show: ['grids'], highlight: ['shares sat cat'],
    values: [{ of: 'share sat cat', text: '0.67' }] });
  assert.equal(html, '<attention-example id="cat" preset="cat-sat"></attention-example>\n'
    + '<attention-widget example="cat" show="grids" highlight="shares sat cat"></attention-widget>\n'
    + '<p><attention-value example="cat" of="share sat cat">0.67</attention-value></p>\n');
  const hostile = figureMarkup({ id: 'a"><img src=x onerror=alert(1)>', config: { tokens: ['</script><b>'] } });
  assert.doesNotMatch(hostile, /<img|<\/script><b>/);
  assert.match(hostile, /id="a&quot;&gt;&lt;img/);
  assert.match(hostile, /\\u003c\/script>\\u003cb>/);
  assert.equal(escapeHtml('<a href="x">&\''), '&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
});

test('staticDigits: the digits planted in prose, and no others', () => {
  const html = `<p>sat pays 67% of its attention to cat, and
    <attention-value example="cat" of="share sat the">0.09</attention-value> to the.</p>
    <!-- 12 in a comment -->
    <attention-widget id="fig-2" example="cat" show="grids" highlight="wq 1 2"></attention-widget>
    <p>The <q>the</q> row gives 0.47 to itself; W<sub>Q</sub> x.</p>
    <script type="application/json">{"wq": [[2, 0]]}</script><pre>x = 3</pre><code>k = 4</code>
    <p>Chapter &amp; verse: −2 and 1,000.</p>`;
  assert.deepEqual(staticDigits(html).map((d) => d.text), ['67%', '0.47', '−2', '1,000']);
  assert.match(staticDigits(html)[1].context, /row gives 0\.47 to itself/);
  assert.deepEqual(staticDigits('<p>no numbers here</p>'), []);
  assert.deepEqual(staticDigits('<attention-value of="x">1<attention-value>2</attention-value>3</attention-value>4'),
    [{ text: '4', context: '4' }]);
});

// The reader of docs/embedding.md's recipes (scripts/recipes-extract.mjs), which `npm run
// test:recipes` builds sites from. Fast (no generator is run): it catches a recipe that stops
// naming its files or loading both elements, between the slow runs of test:recipes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { merge, MARK, namedFile, readEmbedding, recipeSteps } from '../../scripts/recipes-extract.mjs';
import { REPO } from './pack.mjs';

const md = await readEmbedding(REPO);

test('a naming comment names its file in every syntax a recipe uses; ordinary comments do not', () => {
  for (const [line, file] of [['// .vitepress/config.js', '.vitepress/config.js'], ['# conf.py', 'conf.py'],
    ['<!-- docs/lesson.md (any page) -->', 'docs/lesson.md'], ['{# lesson.njk (any template) #}', 'lesson.njk'],
    ['{/* src/pages/lesson.mdx (any page or doc) */}', 'src/pages/lesson.mdx'], ['.. lesson.rst (any page)', 'lesson.rst'],
    ['// docusaurus.config.js (in the exported config)', 'docusaurus.config.js']]) assert.equal(namedFile(line), file, line);
  for (const line of ['.. raw:: html', '// your subpath, if any', '# or your theme', "import 'attention-widget';",
    "  base: '/course/', // your subpath"]) assert.equal(namedFile(line), null, line);
});

// Each generator's recipe: the files it writes and whether it copies the hosted files.
const EXPECTED = {
  VitePress: { files: ['.vitepress/config.js', '.vitepress/theme/index.js', 'lesson.md'], copies: false },
  Docusaurus: { files: ['docusaurus.config.js', 'src/attention.js', 'src/pages/lesson.mdx'], copies: false },
  Astro: { files: ['astro.config.mjs', 'src/pages/lesson.astro'], copies: false },
  Eleventy: { files: ['eleventy.config.mjs', 'lesson.njk'], copies: false },
  MkDocs: { files: ['mkdocs.yml', 'docs/lesson.md'], copies: true },
  'MkDocs 1.4': { files: ['mkdocs.yml', 'overrides/main.html'], copies: false },
  Sphinx: { files: ['conf.py', 'lesson.rst'], copies: true },
};

for (const [name, { files, copies }] of Object.entries(EXPECTED)) {
  test(`${name}: the recipe names its files, and its steps load both elements and place both tags`, () => {
    const steps = recipeSteps(md, name);
    assert.deepEqual(steps.filter((s) => s.kind === 'file').map((s) => s.file), files);
    const runs = steps.filter((s) => s.kind === 'run');
    assert.equal(runs.length, copies ? 1 : 0);
    if (copies) assert.match(runs[0].text, /cp -r node_modules\/attention-widget\/dist\/browser /);
    const text = (name === 'MkDocs 1.4' ? [...steps, ...recipeSteps(md, 'MkDocs')] : steps).map((s) => s.text).join('\n');
    assert.match(text, /import\('attention-widget'\)|import 'attention-widget';|attention-widget\/attention-widget\.js/, 'the widget is loaded');
    assert.match(text, /import\('attention-widget\/scale'\)|import 'attention-widget\/scale';|attention-widget\/attention-scale\.js/,
      'the scale lab is loaded');
    for (const tag of ['<attention-widget preset="cat-sat"></attention-widget>', '<attention-scale n="64" dk="8"></attention-scale>'])
      assert.ok(text.includes(tag), `${name}: ${tag}`);
  });
}

test('a recipe that is missing, or a block that does not name its file, is an error, not an empty site', () => {
  assert.throws(() => recipeSteps(md, 'Hugo'), /no recipe "\*\*Hugo\*\*"/);
  assert.throws(() => recipeSteps('**X**: one\n\n```js\nconst a = 1;\n```\n', 'X'), /does not start by naming its file/);
});

test('merge puts a recipe part where the skeleton marks it, else appends it, else it is the whole file', () => {
  const step = { text: "baseUrl: '/course/'," };
  assert.equal(merge(`export default {\n  title: 'x',\n  ${MARK}\n};\n`, step), `export default {\n  title: 'x',\nbaseUrl: '/course/',\n${MARK}\n};\n`);
  assert.equal(merge('site_name: x', { text: 'theme: mkdocs' }), 'site_name: x\ntheme: mkdocs\n');
  assert.equal(merge(undefined, step), "baseUrl: '/course/',\n");
});

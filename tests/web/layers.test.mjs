// web/ is cut by layer (tests/web/layers.mjs): shared <- model <- views <- elements <- entries,
// with wasm/ below them all. Every import of every module points down (or stays in its layer),
// and no two folders import each other, directly or round a loop.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkLayers, importsOf, layerOf, repoModules } from './layers.mjs';

test('every import in web/ and wasm/ points down the layers, and no folders form a cycle', () => {
  const modules = repoModules();
  assert.ok(Object.keys(modules).length > 100, 'the modules were found');
  assert.deepEqual(checkLayers(modules), []);
});

test('the checker names an upward import and a folder cycle, with file and line', () => {
  const problems = checkLayers({
    'web/model/state.js': "import { el } from '../shared/dom.js';\nimport { x } from '../views/widget/cast.js';\n",
    'web/shared/dom.js': "export const el = () => {};\n",
    'web/views/widget/cast.js': "export { x } from '../guided/view.js';\n",
    'web/views/guided/view.js': "const load = () => import('../widget/cast.js');\nexport const x = 1;\n",
    'web/elements/widget.js': "new Worker(new URL('../attention-widget.js', import.meta.url));\n",
    'web/attention-widget.js': "import '../wasm/x.js';\n",
    'wasm/x.js': "// import { nope } from '../web/shared/dom.js'; (a comment: not an import)\nimport '../web/shared/dom.js';\n",
    'web/stray/thing.js': '',
  });
  const has = (pattern) => assert.ok(problems.some((p) => pattern.test(p)), `${pattern} in:\n${problems.join('\n')}`);
  has(/^web\/model\/state\.js:2 imports \.\.\/views\/widget\/cast\.js: model \(layer 2\) may not import views \(layer 3\)/);
  has(/^web\/elements\/widget\.js:1 imports \.\.\/attention-widget\.js: elements \(layer 4\) may not import entries/);
  has(/^wasm\/x\.js:2 imports \.\.\/web\/shared\/dom\.js: wasm \(layer 0\) may not import shared/);
  has(/cycle: web\/views\/widget \(web\/views\/widget\/cast\.js:1\) -> web\/views\/guided \(web\/views\/guided\/view\.js:1\) -> web\/views\/widget$/);
  has(/^web\/stray\/thing\.js is in no layer/);
  assert.equal(problems.length, 5, problems.join('\n'));
});

test('imports are read in every form, comments are not', () => {
  const text = [
    "import a from './a.js';",
    "import { b,\n  c } from '../b.js';",
    "export * from './d.js';",
    "import './e.css.js';",
    "const f = () => import('./f.js');",
    "new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });",
    "// import g from './g.js';",
    "/* import h from './h.js'; */",
    "const url = 'https://example.com/'; // a URL in a string is not a comment's start",
  ].join('\n');
  assert.deepEqual(importsOf(text).map((i) => `${i.line} ${i.specifier}`),
    ['1 ./a.js', '3 ../b.js', '4 ./d.js', '5 ./e.css.js', '6 ./f.js', '7 ./worker.js']);
  assert.deepEqual([layerOf('web/shared/dom.js').rank, layerOf('web/shared/controllers/x.js').rank,
    layerOf('web/model/x.js').rank, layerOf('web/views/scale/x.js').rank, layerOf('web/elements/x.js').rank,
    layerOf('web/embed.js').rank, layerOf('wasm/attention.js').rank], [1, 1, 2, 3, 4, 5, 0]);
  assert.equal(layerOf('web/widget/element.js'), null);
});

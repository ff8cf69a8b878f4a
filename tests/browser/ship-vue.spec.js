// The packed package in a Vue 3 + TypeScript course site, as docs/embedding.md's Vue recipe has it
// (Vite, @vitejs/plugin-vue with isCustomElement, attention-widget/vue for the types):
// - vue-tsc --noEmit (strict, strictTemplates) on single-file components that use every element,
//   attribute, property and event, and on lines that must be refused, each marked with
//   <!-- @vue-expect-error --> (a mark before a line that checks is itself reported, as unused);
//   with the marks taken out, each of those lines is reported, with the error expected for it;
//   and the component uses every attribute, property and event custom-elements.json lists;
// - in the same vue-tsc program, a Vue .tsx lesson checks and each wrong value in it is refused;
// - the lesson page built with Vite and served under the strict CSP: the widget takes its config
//   as a property (also with :config.prop when mounted before the element is defined), its and the
//   scale lab's events reach the component's handlers, no console error.
// One pack and install for the file; vue comes from the repo's devDependencies.
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { watchConsole } from './console.js';
import { gridRow, paintAll, widgetAt } from './widget-helpers.js';
import { packAndInstall, REPO } from '../package/pack.mjs';
import { serveFolder } from '../package/serve-folder.mjs';
import { presetState } from '../../web/model/presets.js';
import { documentedPresets } from '../package/documented-presets.mjs';

// Every preset the README documents: the SFC and the TSX lessons must accept them all.
const EVERY_PRESET = documentedPresets().map((name) => `<attention-widget preset="${name}" />`).join('');
import { elementsOf } from '../../scripts/build-types.mjs';

const run = promisify(execFile);
// The CSP the README gives course authors (as in ship-bundlers.spec.js).
const HOST_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
  + "img-src 'self' data: blob:; connect-src 'self' data:";

// "the cat sat" with another middle word: the grid shows dog only if `config` arrived as a property.
const CONFIG = { ...presetState('cat-sat'), tokens: ['the', 'dog', 'sat'] };

// The page the test builds and opens (type-checked too): one of each element, with a handler per event.
const APP = `<script setup lang="ts">
import type {} from 'attention-widget/vue';
import { ref } from 'vue';
import type { WidgetConfig } from 'attention-widget';

const config: WidgetConfig = ${JSON.stringify(CONFIG)};
const reasons = ref<string[]>([]);
const scale = ref('');
const errors = ref<string[]>([]);
</script>

<template>
  <h1>Attention</h1>
  <attention-widget :config="config" @attention-change="(e) => reasons.push(e.reason)"
    @attention-error="(e) => errors.push(e.code)" />
  <output id="reasons">{{ reasons.join(' ') }}</output>
  <attention-example id="cat" preset="cat-sat" />
  <p>sat pays <attention-value example="cat" of="share sat cat" format="percent">67%</attention-value> to cat</p>
  <attention-scale n="64" dk="8" no-worker @attention-scale-result="(e) => (scale = e.n + ' ' + e.mode)" />
  <output id="scale">{{ scale }}</output>
  <output id="errors">{{ errors.join(' ') }}</output>
</template>
`;

// [a line vue-tsc must refuse, the error it reports there]
const WRONG = [
  ['<attention-widget preset="it-vases" />', /TS2820: Type '"it-vases"' is not assignable/],
  ['<attention-widget :config="42" />', /TS2322: Type 'number' is not assignable to type 'WidgetConfig/],
  ['<attention-widget @attention-change="(e) => (said = e.nope)" />', /TS2339: Property 'nope' does not exist on type 'AttentionChangeEvent'/],
  ['<attention-example :temperature="[1]" />', /TS2322: Type 'number\[\]' is not assignable/],
  ['<attention-scale input="randomly" />', /TS2820: Type '"randomly"' is not assignable/],
  ['<attention-scale @attention-scale-result="(e) => (said = e.reason)" />', /TS2339: Property 'reason' does not exist on type 'AttentionScaleResultEvent'/],
  ['<attention-value format="percentage" />', /TS2820: Type '"percentage"' is not assignable/],
  ['<attention-heads @attention-error="changed" />', /TS2322: .*Property 'reason' is missing in type 'AttentionErrorEvent'/s],
  // strictTemplates: a name that is no attribute, or no event of that element
  ['<attention-widget presets="cat-sat" />', /TS2561: .*'presets' does not exist/],
  ['<attention-value @attention-change="changed" />', /TS2353: .*'onAttentionChange' does not exist/],
];

// Mounted before the widget's module has run (a lazy import, as in VitePress): :config.prop sets
// the property on the not yet upgraded element, which takes it up when it upgrades.
const LATE = `<script setup lang="ts">
import type {} from 'attention-widget/vue';
import type { WidgetConfig } from 'attention-widget';

const config: WidgetConfig = ${JSON.stringify({ ...CONFIG, tokens: ['the', 'cow', 'sat'] })};
</script>

<template>
  <attention-widget :config.prop="config" />
</template>
`;

// Every element with every attribute (in both spellings: text and bound values), property and
// event; then the lines vue-tsc must refuse, each after its mark. ref="widget" types the element.
const LESSON = `<script setup lang="ts">
import type {} from 'attention-widget/vue';
import { ref, useTemplateRef } from 'vue';
import type { AttentionChangeEvent, AttentionErrorEvent, AttentionGoalEvent, AttentionGuessEvent, AttentionTourStepEvent,
  WidgetConfig } from 'attention-widget';
import type { AttentionScaleResultEvent } from 'attention-widget/scale';
import type { AttentionHeadsTrainedEvent } from 'attention-widget/heads';

const config: WidgetConfig = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };
const said = ref('');
const widget = useTemplateRef('widget');
const changed = (e: AttentionChangeEvent) => { said.value = e.reason + ' ' + widget.value?.state.tokens.join(' '); };
const failed = (e: AttentionErrorEvent) => { said.value = e.code + ': ' + e.detail.message; };
const guessed = (e: AttentionGuessEvent) => { said.value = e.step + ' ' + e.kind + ' ' + e.error + ' ' + e.text; };
const computed = (e: AttentionScaleResultEvent) => { said.value = e.n + ' ' + e.dk + ' ' + e.ms + ' ' + e.mode; };
const stepped = (e: AttentionTourStepEvent) => { said.value = e.step + ' ' + e.index + '/' + e.of + ' ' + e.title + ' ' + e.last; };
const met = (e: AttentionGoalEvent) => { said.value = e.goal + ' ' + e.name + ' ' + e.met; };
const trained = (e: AttentionHeadsTrainedEvent) => { said.value = e.reason + ' ' + e.steps + ' ' + e.heldOutLoss + ' ' + e.jobs.join(' '); };
</script>

<template>
  <attention-widget ref="widget" id="w" class="lesson" preset="cat-sat" guided predict steps="1-4" train causal scaled
    temperature="0.5" asker="sat" show="cast grids" readonly="false" highlight="shares sat cat" theme="auto"
    @attention-change="changed" @attention-error="failed" @attention-guess="guessed" @attention-tour-step="stepped"
    @attention-goal="met" />
  <attention-widget :config="config" :temperature="2" :scaled="false" :asker="1" example="cat" />
  <attention-widget :config.prop="'1.abc'" @attention-change="(e) => (said = e.reason)" />
  <attention-example id="cat" preset="river-bank" causal scaled temperature="1.5" asker="bank" :config="config" theme="light"
    @attention-change="changed" @attention-error="failed" />
  <attention-value example="cat" of="share sat cat" format="percent" theme="dark" @attention-error="failed">67%</attention-value>
  <attention-if example="cat" when="asker is bank" @attention-error="failed">bank asks</attention-if>
  <attention-scale n="64" dk="8" scaled causal input="local" seed="7" no-worker show="grid" theme="auto"
    @attention-scale-result="computed" @attention-error="failed" />
  <attention-scale :n="4096" :dk="512" :seed="1" show="thermostat" @attention-scale-result="(e) => (said = e.mode)" />
  <attention-heads seed="3" heads="2" no-worker theme="dark" @attention-error="failed" @attention-heads-trained="trained" />
  <attention-heads :heads="4" :no-worker="true" />
  ${EVERY_PRESET}
  <output>{{ said }}</output>
${WRONG.map(([line]) => `  <!-- @vue-expect-error -->\n  ${line}`).join('\n')}
</template>
`;

const TSCONFIG = { compilerOptions: { strict: true, noEmit: true, module: 'esnext', moduleResolution: 'bundler',
  target: 'es2022', lib: ['es2022', 'dom'], types: [], skipLibCheck: false },
vueCompilerOptions: { strictTemplates: true }, include: ['src/*.vue'] };

// Every test here type-checks (tsc) or builds with a bundler: CPU work, not a wait, that a busy
// machine stretches most. Each has three times the deadline (playwright.config.js).
test.beforeEach(() => test.slow());

let pkg;
test.beforeAll(async () => {
  test.setTimeout(test.info().timeout * 3); // pack, install and build: CPU work, three deadlines (playwright.config.js)
  pkg = await packAndInstall();
  // What `npm install vue` gives the site: the repo's copy (its own dependencies resolve beside it).
  await symlink(join(REPO, 'node_modules/vue'), join(pkg.dir, 'node_modules/vue'), 'dir');
  await mkdir(join(pkg.dir, 'src'));
  await writeFile(join(pkg.dir, 'src/App.vue'), APP);
  await writeFile(join(pkg.dir, 'src/Late.vue'), LATE);
  await writeFile(join(pkg.dir, 'src/Lesson.vue'), LESSON);
  await writeFile(join(pkg.dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
});
test.afterAll(async () => { await pkg?.remove(); });

const vueTsc = (project) => run(process.execPath, [join(REPO, 'node_modules/vue-tsc/bin/vue-tsc.js'), '--noEmit', '-p', project],
  { cwd: pkg.dir }).then(() => '', (err) => err.stdout || err.message);

// The two type tests read one strict vue-tsc program (a run is most of their time; the .d.ts files
// are checked too, skipLibCheck off): the components as written, a copy of the lesson with its
// marks taken out, and the Vue .tsx lesson with each wrong value in a copy of its own. Its
// diagnostics, one per entry (continuation lines indented), each starting with its file and line.
const UNMARKED = 'src/Unmarked.vue';
const TSX_FILES = () => ['lesson-vue.tsx', ...WRONG_TSX.map((_, i) => `wrong-vue-${i}.tsx`)];
let diagnostics;
function typeCheckOnce() {
  diagnostics ??= (async () => {
    await writeFile(join(pkg.dir, UNMARKED), LESSON.replaceAll('  <!-- @vue-expect-error -->\n', ''));
    const [lesson, ...wrong] = TSX_FILES();
    await writeFile(join(pkg.dir, lesson), TSX);
    for (const [i, [right, bad]] of WRONG_TSX.entries()) await writeFile(join(pkg.dir, wrong[i]), TSX.replace(right, bad));
    // Vue's TSX as Vue's guide has it (jsxImportSource "vue"); the SFCs check the same under it.
    await writeFile(join(pkg.dir, 'tsconfig.all.json'), JSON.stringify({ extends: './tsconfig.json',
      compilerOptions: { jsx: 'preserve', jsxImportSource: 'vue' }, include: ['src/*.vue', ...TSX_FILES()] }));
    try {
      return (await vueTsc('tsconfig.all.json')).split(/\n(?=\S)/).filter(Boolean);
    } finally {
      await rm(join(pkg.dir, UNMARKED)); // the Vite builds see the site's own components only
    }
  })();
  return diagnostics;
}
const isIn = (file) => (d) => d.startsWith(`${file}(`);

test('vue-tsc accepts every element, attribute, property and event in a template and refuses each wrong one', async () => {
  // As written, every marked line has its error (an unused mark is one); with the marks taken
  // out, each of those lines is reported, with the error expected for it.
  const all = await typeCheckOnce();
  const elsewhere = all.filter((d) => !isIn(UNMARKED)(d) && !TSX_FILES().some((f) => isIn(f)(d)));
  expect(elsewhere.join('\n'), 'as written').toBe('');
  const errors = all.filter(isIn(UNMARKED));
  const lines = LESSON.replaceAll('  <!-- @vue-expect-error -->\n', '').split('\n');
  for (const [line, error] of WRONG) {
    const at = lines.findIndex((l) => l.trim() === line) + 1;
    expect(errors.filter((e) => e.startsWith(`${UNMARKED}(${at},`)).join('\n'), `line ${at}: ${line}`).toMatch(error);
  }
  expect(errors).toHaveLength(WRONG.length); // one each, nothing else
});

test('the lesson uses every attribute, property and event of every element in custom-elements.json', async () => {
  const manifest = JSON.parse(await readFile(join(REPO, 'custom-elements.json'), 'utf8'));
  const good = LESSON.slice(0, LESSON.indexOf('<!-- @vue-expect-error -->'));
  for (const el of elementsOf(manifest)) {
    // Each start tag (quoted values may hold '>'), its values dropped, then its names: preset, :config.prop, @attention-change.
    const used = new Set([...good.matchAll(new RegExp(`<${el.tagName}\\s((?:"[^"]*"|[^">])*)>`, 'g'))]
      .flatMap(([, attrs]) => [...attrs.replace(/"[^"]*"/g, '').matchAll(/([:@]?[a-z-]+)[.\w]*=?/g)])
      .map(([, name]) => name.replace(/^:/, '')));
    const api = [...el.attributes.map((a) => a.name), ...el.members.filter((m) => m.kind === 'field' && !m.readonly && !m.static)
      .map((m) => m.name), ...el.events.map((e) => `@${e.name}`)];
    expect(api.filter((name) => !used.has(name)), `<${el.tagName}>`).toEqual([]);
  }
});

// Vue's TSX (jsxImportSource "vue", as Vue's guide has it): the same declaration types each tag in
// JSX.IntrinsicElements, which without it lets any tag be `any`; events are on + the camel-cased
// name (Vue's runtime listens to attention-change for onAttentionChange), attributes as written.
const TSX = `import type {} from 'attention-widget/vue';
import type { AttentionChangeEvent, WidgetConfig } from 'attention-widget';
const config: WidgetConfig = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };
export const Lesson = () => (
  <main>
    <attention-widget preset="it-vase" scaled temperature={0.5} onAttentionChange={(e: AttentionChangeEvent) => console.log(e.reason)}
      onAttentionError={(e) => console.log(e.code)} />
    <attention-widget config={config} />
    <attention-scale n={4096} causal no-worker onAttentionScaleResult={(e) => console.log(e.n, e.mode)} />
    <attention-value example="cat" of="share sat cat" format="percent" />
    ${EVERY_PRESET}
  </main>
);
`;

// [what the TSX lesson has, a wrong value in its place, the error]: each in a copy of the lesson.
const WRONG_TSX = [
  ['preset="it-vase"', 'preset="it-vases"', /TS2820: Type '"it-vases"' is not assignable/],
  ['config={config}', 'config={42}', /TS2322: Type 'number' is not assignable to type 'WidgetConfig/],
  ['n={4096}', 'n={[4096]}', /TS2322: Type 'number\[\]' is not assignable/],
  ['causal no-worker', 'causal no-worker={[1]}', /TS2322: .*property ''no-worker'' are incompatible/s],
  ['console.log(e.n, e.mode)', 'console.log(e.n, e.reason)', /TS2339: Property 'reason' does not exist on type 'AttentionScaleResultEvent'/],
  ['format="percent"', 'format="percentage"', /TS2820: Type '"percentage"' is not assignable/],
  ['format="percent" />', 'format="percent" onAttentionChange={() => {}} />', /TS2322: .*'onAttentionChange' does not exist/s],
];

test('tsc --strict (in vue-tsc) accepts the elements in a Vue .tsx (jsxImportSource vue) and refuses each wrong value', async () => {
  for (const [right] of WRONG_TSX) expect(TSX).toContain(right);
  const all = await typeCheckOnce();
  const [lesson, ...wrong] = TSX_FILES();
  const of = (file) => all.filter(isIn(file)).join('\n');
  expect(of(lesson), 'the lesson').toBe('');
  for (const [i, [, bad, error]] of WRONG_TSX.entries()) expect(of(wrong[i]), bad).toMatch(error);
});

// A TSX lesson page as the Vue TSX recipe builds it: the widget module first, then the app.
const TSX_MAIN = `import 'attention-widget';
import 'attention-widget/scale';
import type {} from 'attention-widget/vue';
import { createApp, ref } from 'vue';
import type { WidgetConfig } from 'attention-widget';

const config: WidgetConfig = ${JSON.stringify(CONFIG)};
const reasons = ref<string[]>([]);
const scale = ref('');
createApp(() => (
  <main>
    <attention-widget config={config} onAttentionChange={(e) => reasons.value.push(e.reason)} />
    <output id="reasons">{reasons.value.join(' ')}</output>
    <attention-scale n={64} dk={8} no-worker onAttentionScaleResult={(e) => (scale.value = e.n + ' ' + e.mode)} />
    <output id="scale">{scale.value}</output>
  </main>
)).mount('#app');
`;

// Vite + @vitejs/plugin-vue-jsx, in development mode so that Vue's warnings are in the page.
async function buildTsx(jsxOptions, outDir) {
  const [{ build }, { default: vueJsx }] = await Promise.all([import('vite'), import('@vitejs/plugin-vue-jsx')]);
  await writeFile(join(pkg.dir, 'src/main-tsx.tsx'), TSX_MAIN);
  await writeFile(join(pkg.dir, 'index-tsx.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<link rel="icon" href="data:,"><title>A Vue TSX course page</title>'
    + '<script type="module" src="./src/main-tsx.tsx"></script></head><body><div id="app"></div></body></html>');
  await build({ root: pkg.dir, configFile: false, logLevel: 'error', base: './', mode: 'development',
    define: { 'process.env.NODE_ENV': '"development"' }, worker: { format: 'es' }, plugins: [vueJsx(jsxOptions)],
    build: { outDir, emptyOutDir: true, minify: false, rollupOptions: { input: join(pkg.dir, 'index-tsx.html') } } });
  return serveFolder(join(pkg.dir, outDir), { csp: HOST_CSP });
}

test('Vite + @vitejs/plugin-vue-jsx (the Vue TSX recipe): config as a property, the events in the handlers, no warning', async ({ page }) => {
  const problems = watchConsole(page);
  const site = await buildTsx({ isCustomElement: (tag) => tag.startsWith('attention-') }, 'out-tsx');
  try {
    await page.goto(`${site.origin}/index-tsx.html`);
    expect(await gridRow(await widgetAt(page), 'Attention weights', 'sat')).toEqual({ the: '0.09', dog: '0.67', sat: '0.24' });
    await expect(page.locator('#reasons')).toContainText('load'); // onAttentionChange heard attention-change
    await expect(page.locator('#scale')).toHaveText('64 main'); // no-worker set as written; the result event heard
  } finally {
    await site.close();
  }
  expect(problems).toEqual([]);
});

test("the recipe's isCustomElement is needed: without it Vue's TSX resolves each tag as a component, and warns", async ({ page }) => {
  const problems = watchConsole(page);
  const site = await buildTsx({}, 'out-tsx-bare');
  try {
    await page.goto(`${site.origin}/index-tsx.html`);
    await widgetAt(page);
  } finally {
    await site.close();
  }
  expect(problems.join('\n')).toMatch(/Failed to resolve component: attention-widget/);
});

test('Vite + @vitejs/plugin-vue: :config, and :config.prop before the element is defined, the events in the handlers, strict CSP', async ({ page }) => {
  const problems = watchConsole(page);
  const [{ build }, { default: vue }] = await Promise.all([import('vite'), import('@vitejs/plugin-vue')]);
  // Late mounts while <attention-widget> is still undefined; App once its module has defined it.
  await writeFile(join(pkg.dir, 'src/main.ts'), `import 'attention-widget/scale';
import { createApp, h } from 'vue';
import type { AttentionChangeEvent } from 'attention-widget';
import App from './App.vue';
import Late from './Late.vue';
createApp(Late).mount('#late');
import('attention-widget').then(() => createApp(App).mount('#app'));
// What Vue's TSX compiles to: the props object of h(), with onAttentionChange as the listener.
createApp({ render: () => h('attention-widget', { preset: 'it-vase',
  onAttentionChange: (e: AttentionChangeEvent) => { document.querySelector('#jsx-reasons')!.textContent += e.reason + ' '; } }) }).mount('#jsx');
`);
  await writeFile(join(pkg.dir, 'index.html'), '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    + '<link rel="icon" href="data:,"><title>A Vue course page</title><script type="module" src="./src/main.ts"></script>'
    + '</head><body><div id="app"></div><div id="late"></div><div id="jsx"></div><output id="jsx-reasons"></output></body></html>');
  // The recipe: Vue renders the tags as custom elements; the scale lab's worker is an ES module.
  await build({ root: pkg.dir, configFile: false, logLevel: 'error', base: './', worker: { format: 'es' },
    plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('attention-') } } })],
    build: { outDir: 'out-vue', emptyOutDir: true } });
  const site = await serveFolder(join(pkg.dir, 'out-vue'), { csp: HOST_CSP });
  try {
    await page.goto(`${site.origin}/index.html`);
    const w = await widgetAt(page);
    expect(await gridRow(w, 'Attention weights', 'sat')).toEqual({ the: '0.09', dog: '0.67', sat: '0.24' });
    await expect(page.locator('#reasons')).toContainText('load'); // the handler got an AttentionChangeEvent
    await expect(page.locator('#scale')).toHaveText('64 main'); // no-worker, set as written
    await expect(page.locator('attention-value')).toHaveText('67%');
    await expect(page.locator('#errors')).toHaveText('');
    expect(await gridRow(await widgetAt(page, 1), 'Attention weights', 'sat')).toEqual({ the: '0.09', cow: '0.67', sat: '0.24' });
    await widgetAt(page, 2);
    await expect(page.locator('#jsx-reasons')).toContainText('load'); // onAttentionChange heard attention-change
    await paintAll(page);
    await page.screenshot({ path: 'tests/browser/screenshots/ship-vue.png', fullPage: true });
  } finally {
    await site.close();
  }
  expect(problems).toEqual([]);
});

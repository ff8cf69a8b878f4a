// npm run test:recipes: the Svelte types (web/svelte.d.ts, attention-widget/svelte) under
// svelte-check, as a Svelte 5 + TypeScript site runs it: the packed package installed in a folder
// beside recipes/svelte/node_modules (svelte, svelte-check, typescript; scripts/recipes-setup.sh),
// skipLibCheck off. A lesson using every element feature the types cover has no error; each copy
// with one wrong value (a misspelt preset, a wrong attribute type, a wrong property, a handler
// reading a field its event lacks, a wrong handler) has exactly one, in its own file.
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect } from '@playwright/test';
import { documentedPresets } from '../tests/package/documented-presets.mjs';
import { REPO } from '../tests/package/pack.mjs';

const run = promisify(execFile);
const SVELTE = join(REPO, 'recipes', 'svelte');
const APP = join(SVELTE, '.app'); // inside recipes/svelte: svelte and its types resolve from its node_modules

const EVERY_PRESET = documentedPresets().map((name) => `<attention-widget preset="${name}"></attention-widget>`).join('\n');

const LESSON = `<script lang="ts">
  import 'attention-widget';
  import 'attention-widget/scale';
  import type { AttentionChangeEvent, WidgetConfig } from 'attention-widget';
  const config: WidgetConfig = { tokens: ['a', 'b'], embeddings: [[1, 0], [0, 1]], wq: [[1, 0]], wk: [[1, 0]], wv: [[1, 0]] };
  let reason = $state('');
</script>

<attention-widget preset="it-hungry" causal temperature={0.5} asker="it"
  onattention-change={(e: AttentionChangeEvent) => (reason = e.reason)}
  onattention-error={(e) => console.log(e.code, e.message)}></attention-widget>
<attention-widget config={config}></attention-widget>
<attention-scale n={1000} dk="64" onattention-scale-result={(e) => console.log(e.ms, e.mode)}></attention-scale>
<attention-heads seed={7} heads={2}></attention-heads>
${EVERY_PRESET}
<p>{reason}</p>
`;

const WRONGS = [
  ['preset="it-hungry"', 'preset="it-hungri"'],
  ['n={1000}', 'n={[1000]}'],
  ['config={config}', 'config={42}'],
  ['console.log(e.ms, e.mode)', 'console.log(e.ms, e.nope)'],
  ['(e: AttentionChangeEvent) => (reason = e.reason)', '(e: number) => (reason = String(e))'],
];

test('svelte-check with attention-widget/svelte: the lesson passes, each wrong value is one error', async () => {
  test.setTimeout(300_000); // pack, install and one svelte-check: CPU work on a shared machine
  await rm(APP, { recursive: true, force: true });
  await mkdir(join(APP, 'src'), { recursive: true });
  try {
    const { stdout: packed } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', APP],
      { cwd: REPO, maxBuffer: 16 << 20 });
    const tarball = join(APP, JSON.parse(packed)[0].filename);
    await writeFile(join(APP, 'package.json'), JSON.stringify({ name: 'svelte-lesson', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: APP });
    await writeFile(join(APP, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true,
      module: 'esnext', moduleResolution: 'bundler', target: 'es2022', lib: ['es2022', 'dom'], types: [],
      skipLibCheck: false, verbatimModuleSyntax: true }, include: ['src/**/*'] }));
    // The docs' one line, once in the program (as web/svelte.d.ts's header says).
    await writeFile(join(APP, 'src', 'elements.d.ts'), "import type {} from 'attention-widget/svelte';\n");
    await writeFile(join(APP, 'src', 'Lesson.svelte'), LESSON);
    for (const [i, [right, wrong]] of WRONGS.entries()) {
      expect(LESSON).toContain(right);
      await writeFile(join(APP, 'src', `Wrong${i}.svelte`), LESSON.replace(right, wrong));
    }
    const check = join(SVELTE, 'node_modules', 'svelte-check', 'bin', 'svelte-check');
    const out = await run(process.execPath, [check, '--workspace', APP, '--output', 'machine', '--tsconfig', './tsconfig.json'],
      { cwd: APP, maxBuffer: 16 << 20 }).then(({ stdout }) => stdout, (err) => err.stdout || err.message);
    const errors = out.split('\n').filter((line) => / ERROR /.test(line));
    const of = (file) => errors.filter((line) => line.includes(`"src/${file}"`));
    expect(out, 'svelte-check ran to the end').toMatch(/ COMPLETED /);
    expect(of('Lesson.svelte'), 'the lesson').toEqual([]);
    for (const [i, [, wrong]] of WRONGS.entries()) expect(of(`Wrong${i}.svelte`), wrong).toHaveLength(1);
    expect(errors.filter((line) => !/"src\/Wrong\d\.svelte"/.test(line)), 'errors elsewhere').toEqual([]);
  } finally {
    await rm(APP, { recursive: true, force: true });
  }
});

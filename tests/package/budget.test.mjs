// The hosted build's byte budget (BUDGET in budget.mjs, with the sizes measured; docs/budget.md).
// Needs dist/browser/ (scripts/build-web.mjs, run by setup).
import test from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, measure } from './budget.mjs';

const m = measure();

test('the widget loads its code, its core and the core\'s wasm: nothing is missed by the count', () => {
  assert.ok(m.widget.files.includes('attention-widget.js'));
  for (const core of ['attention-core.mjs', 'attention-core.wasm'])
    assert.ok(m.widget.files.includes(core), `${core} in ${m.widget.files}`);
  assert.ok(!m.widget.files.some((f) => /kernel|raw-path|training/.test(f)), `no kernel, no training in ${m.widget.files}`);
  for (const file of ['worker.js', 'attention-kernel-relaxed.mjs', 'attention-kernel-relaxed.wasm', 'kernel-runner.js'])
    assert.ok(m.scaleExtra.files.includes(file), `the scale lab's ${file} is counted`);
  assert.ok(m.widget.files.length <= BUDGET.widgetFiles, `few requests: ${m.widget.files.length}`);
});

test(`the widget, all included, is at most ${BUDGET.widget / 1024} KB gzip`, () => {
  console.log(`# widget ${(m.widget.bytes / 1024).toFixed(1)} KB gzip, ${m.widget.files.length} files`);
  assert.ok(m.widget.bytes <= BUDGET.widget, `${m.widget.bytes} bytes > ${BUDGET.widget}`);
});

test(`the scale lab adds at most ${BUDGET.scaleExtra / 1024} KB gzip next to a widget, ${BUDGET.scaleAlone / 1024} KB on its own`, () => {
  console.log(`# scale lab +${(m.scaleExtra.bytes / 1024).toFixed(1)} KB gzip, ${m.scaleExtra.files.length} files; alone ${(m.scaleAlone.bytes / 1024).toFixed(1)} KB`);
  assert.ok(m.scaleExtra.bytes <= BUDGET.scaleExtra, `${m.scaleExtra.bytes} bytes > ${BUDGET.scaleExtra}`);
  assert.ok(m.scaleAlone.bytes <= BUDGET.scaleAlone, `${m.scaleAlone.bytes} bytes > ${BUDGET.scaleAlone}`);
});

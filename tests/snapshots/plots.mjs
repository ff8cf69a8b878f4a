// Every plot the widgets draw, each rendered by a named function from fixed data, in node (the tiny
// DOM of dom.mjs): the widget's arrows, the guided tour's arrow pictures, the loss curves (the train
// panel's and the heads lab's), the scale lab's time and thermostat plots. Each function returns the
// plot's <svg>; plots.test.mjs compares it with tests/snapshots/NAME.svg.
import { install } from './dom.mjs';

install();
const { loadAttention } = await import('../../wasm/attention.js');
const { presetState } = await import('../../web/model/presets.js');
const { createArrowPlot } = await import('../../web/views/widget/arrows.js');
const { arrowPicture } = await import('../../web/views/guided/parts.js');
const { drawTimePlot } = await import('../../web/views/scale/time-plot.js');
const { drawThermoPlot } = await import('../../web/views/scale/thermo-plot.js');
const { VIEW, drawLossCurves, smallCurve } = await import('../../web/views/common/loss-curve.js');
const { svg } = await import('../../web/shared/dom.js');

const core = await loadAttention();

// ---- the widget's arrows ----

function arrows(state, pin = null) {
  const plot = createArrowPlot({ onMove() {} });
  plot.build(state);
  plot.update(state, core.attend(state));
  if (pin) plot.setPin(pin, () => {});
  return plot.element.getElementsByTagName('svg')[0];
}

export const arrowsCatSat = () => arrows(presetState('cat-sat'));
export const arrowsTheTie = () => arrows({ ...presetState('cat-sat'), asker: 0 });
export const arrowsItVase = () => arrows(presetState('it-vase'));
export const arrowsRiverBankCausal = () => arrows({ ...presetState('river-bank'), causal: true });
export const arrowsPin = () => arrows(presetState('cat-sat'), [2, 2]);
// Values of one number: drawn along the horizontal axis.
export const arrowsOneNumber = () => arrows({ ...presetState('cat-sat'), wv: [[0, 3, -2]] });

// ---- the guided tour's arrow pictures (steps 5 and 6) ----

function guided(state, laid, guess) {
  return arrowPicture({ state, results: { now: core.attend(state) }, guess }, { laid }).plot;
}

export const guidedScaleCatSat = () => guided(presetState('cat-sat'), false);
export const guidedBlendCatSat = () => guided(presetState('cat-sat'), true);
export const guidedBlendGuess = () => guided(presetState('cat-sat'), true, { guess: [1, 2] });
export const guidedBlendItHungry = () => guided(presetState('it-hungry'), true);

// ---- the loss curves ----

// A loss falling from 2.3 towards 0.4 with a bump, as training curves do.
const falling = (k) => 0.4 + 1.9 * Math.exp(-k / 40) + 0.15 * Math.exp(-(((k - 90) / 12) ** 2));

export function trainCurve() {
  const curve = smallCurve({ width: 300, height: 90 });
  const losses = Array.from({ length: 121 }, (_, k) => falling(k));
  losses.push(1.6, ...Array.from({ length: 30 }, (_, k) => 1.6 - k * 0.03)); // a hand edit at 121
  curve.paint(losses, { edits: [{ step: 121, loss: losses[121] }] });
  return curve.element;
}

export function trainCurveEmpty() {
  const curve = smallCurve({ width: 300, height: 90 });
  curve.paint([]);
  return curve.element;
}

function headsCurves(train, heldOut) {
  const parts = { axes: svg('g', { class: 'axes' }), trainPath: svg('path', { class: 'train-line' }),
    heldPath: svg('path', { class: 'held-line' }) };
  drawLossCurves(parts, train, heldOut, 500);
  return svg('svg', { viewBox: `0 0 ${VIEW.width} ${VIEW.height}` }, parts.axes, parts.trainPath, parts.heldPath);
}

export function headsCurve() {
  const train = Array.from({ length: 48 }, (_, k) => ({ steps: (k + 1) * 25, loss: 2.2 * falling(k * 4) }));
  const heldOut = Array.from({ length: 13 }, (_, k) => ({ steps: k * 100, loss: 2.4 * falling(k * 16) + 0.1 }));
  return headsCurves(train, heldOut);
}

export const headsCurveStart = () => headsCurves([], [{ steps: 0, loss: 2.9 }]);

// ---- the scale lab's plots ----

export function timePlot() {
  const plot = svg('svg');
  const points = [256, 512, 1024, 2048, 3000, 4096].map((n) => ({ n, ms: 1.1e-6 * n * n + 0.05 }));
  drawTimePlot(plot, { points, latestN: 2048, maxN: 4096, dk: 64, causal: false });
  return plot;
}

export function timePlotEmpty() {
  const plot = svg('svg');
  drawTimePlot(plot, { points: [], latestN: undefined, maxN: 4096, dk: 8, causal: true });
  return plot;
}

// The thermostat for 256 tokens: without ÷√d_k the largest share climbs to 1, with it it stays low.
const THERMOSTAT = { n: 256, seed: 1, rows: [2, 4, 8, 16, 32, 64, 128, 256, 512].map((dk, k) => ({ dk,
  unscaled: { maxShare: Math.min(0.99, 0.03 + 0.12 * k * k / 4), entropyBits: 7.5 - k * 0.8 },
  scaled: { maxShare: 0.05 + 0.004 * k, entropyBits: 7.5 - k * 0.02 } })) };

export function thermoPlot() {
  const plot = svg('svg');
  drawThermoPlot(plot, THERMOSTAT, 64);
  return plot;
}

export function thermoPlotEdge() {
  const plot = svg('svg');
  drawThermoPlot(plot, THERMOSTAT, 2);
  return plot;
}

// The element's shadow DOM, as static markup (no data is ever put into it as
// HTML: every number and message is set later as text): the content of its .lab box,
// which lab.js makes at once and fills in a task of its own (build). Ids are
// local to the shadow root. Its words are the catalogue's (./words.js): each data-t node is
// written by writeWords in the language in force (again when it changes), the chapter's symbols
// n, d_k and c set as math; each data-t-label is an accessible name.
//
// The first render comes in parts (lab.js revealInParts): the controls and the heat map
// first, then each part marked data-later a frame after the one before (the readouts, the time
// plot, the thermostat plot, its table), so no one task styles and lays out the whole lab; the
// lab keeps a screen's height meanwhile (revealing).
// The plots have their viewBox (time-plot.js, thermo-plot.js: 360 x 220) before their first
// drawing, so they take their final height at once and nothing below them moves when they fill.

import { t } from './words.js';

// The math a message's {n}, {dk} and {c} stand for in the markup.
const MATH = [['n', '<var>n</var>'], ['dk', '<var>d<sub>k</sub></var>'], ['c', '<var>c</var>']];
const MARKS = Object.fromEntries(MATH.map(([name], i) => [name, `\u0001${i}\u0001`]));
const escape = (s) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes every data-t and data-t-label under `root` in the language in force (catalogue text escaped). */
export function writeWords(root) {
  for (const node of root.querySelectorAll('[data-t]')) {
    const html = escape(t(node.dataset.t, MARKS)).replace(/\u0001(\d)\u0001/g, (_, i) => MATH[i][1]);
    if (node.innerHTML !== html) node.innerHTML = html;
  }
  for (const node of root.querySelectorAll('[data-t-label]')) node.setAttribute('aria-label', t(node.dataset.tLabel));
}

export const TEMPLATE = `
  <form class="controls" novalidate>
    <div class="slider">
      <label for="n" data-t="scale.n"></label>
      <input id="n" name="n" type="range" min="3" max="4096" step="1">
      <output for="n" data-readout="n-value"></output>
    </div>
    <div class="slider">
      <label for="dk" data-t="scale.dk"></label>
      <input id="dk" name="dk" type="range" min="2" max="512" step="1">
      <output for="dk" data-readout="dk-value"></output>
    </div>
    <div class="switches">
      <label class="switch"><input id="scaled" type="checkbox" role="switch"> <span data-t="scale.scaled"></span></label>
      <label class="switch"><input id="causal" type="checkbox" role="switch"> <span data-t="scale.causal"></span></label>
    </div>
    <div class="pickers">
      <label for="input" data-t="scale.input"></label>
      <select id="input">
        <option value="random" data-t="scale.input.random"></option>
        <option value="local" data-t="scale.input.local"></option>
        <option value="previous" data-t="scale.input.previous"></option>
      </select>
      <label for="seed" data-t="scale.seed"></label>
      <input id="seed" type="number" min="0" max="4294967295" step="1" inputmode="numeric">
    </div>
  </form>
  <p class="message" role="alert" hidden></p>
  <p class="note" hidden></p>

  <div class="panels">
    <figure class="grid-panel">
      <h3 part="heading" data-t="scale.gridTitle"></h3>
      <div class="canvas-frame"><canvas role="img" width="1" height="1"></canvas></div>
      <div class="legend" aria-hidden="true">
        <span data-readout="legend-min"></span><span class="ramp"></span><span data-readout="legend-max"></span>
        <span data-t="scale.logScale"></span>
        <span class="masked-key" hidden><span class="swatch"></span> <span data-t="scale.masked"></span></span>
      </div>
      <figcaption data-readout="drawn"></figcaption>
      <p class="busy" data-readout="busy"></p>
    </figure>

    <div>
      <dl class="readouts" data-later>
        <div><dt data-t="scale.entriesTitle"></dt><dd data-readout="entries-count"></dd><dd class="detail" data-readout="entries"></dd></div>
        <div><dt data-t="scale.timeTitle"></dt><dd data-readout="time"></dd><dd class="detail" data-readout="where"></dd></div>
        <div><dt data-t="scale.memoryTitle"></dt><dd data-readout="memory"></dd><dd class="detail" data-readout="memory-detail"></dd></div>
        <div><dt data-t="scale.speedTitle"></dt><dd data-readout="gflops"></dd><dd class="detail" data-t="scale.speedDetail"></dd></div>
      </dl>
      <figure class="time-panel" data-later>
        <svg class="plot time-plot" role="img" viewBox="0 0 360 220"></svg>
        <figcaption data-t="scale.timeCaption"></figcaption>
      </figure>
    </div>
  </div>

  <figure class="thermo-panel" data-later>
    <h3 part="heading" data-t="scale.thermoTitle"></h3>
    <svg class="plot thermo-plot" role="img" viewBox="0 0 360 220"></svg>
    <figcaption data-readout="thermostat"></figcaption>
    <details open data-later>
      <summary data-t="scale.thermoNumbers"></summary>
      <div class="table-scroll" tabindex="0" role="region" data-t-label="scale.thermoRegion">
      <table class="thermo-table">
        <caption data-readout="thermo-caption"></caption>
        <thead>
          <tr><th scope="col" rowspan="2"><var>d<sub>k</sub></var></th>
            <th scope="colgroup" colspan="2" data-t="scale.largestShare"></th><th scope="colgroup" colspan="2" data-t="scale.entropy"></th></tr>
          <tr><th scope="col" data-t="scale.without"></th><th scope="col" data-t="scale.withShort"></th>
            <th scope="col" data-t="scale.withoutShort"></th><th scope="col" data-t="scale.withShort"></th></tr>
        </thead>
        <tbody></tbody>
      </table>
      </div>
    </details>
  </figure>
`;

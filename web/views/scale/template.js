// The element's shadow DOM, as static markup (no data is ever put into it as
// HTML: every number and message is set later as text): the content of its .lab box,
// which lab.js makes at once and fills in a task of its own (build). Ids are
// local to the shadow root.
//
// The first render comes in parts (lab.js revealInParts): the controls and the heat map
// first, then each part marked data-later a frame after the one before (the readouts, the time
// plot, the thermostat plot, its table), so no one task styles and lays out the whole lab; the
// lab keeps a screen's height meanwhile (revealing).
// The plots have their viewBox (time-plot.js, thermo-plot.js: 360 x 220) before their first
// drawing, so they take their final height at once and nothing below them moves when they fill.

export const TEMPLATE = `
  <form class="controls" novalidate>
    <div class="slider">
      <label for="n">Context length <var>n</var> (tokens)</label>
      <input id="n" name="n" type="range" min="3" max="4096" step="1">
      <output for="n" data-readout="n-value"></output>
    </div>
    <div class="slider">
      <label for="dk">Key length <var>d<sub>k</sub></var> (numbers per query and key)</label>
      <input id="dk" name="dk" type="range" min="2" max="512" step="1">
      <output for="dk" data-readout="dk-value"></output>
    </div>
    <div class="switches">
      <label class="switch"><input id="scaled" type="checkbox" role="switch"> Divide by √<var>d<sub>k</sub></var> (the thermostat)</label>
      <label class="switch"><input id="causal" type="checkbox" role="switch"> Causal mask (no peeking ahead)</label>
    </div>
    <div class="pickers">
      <label for="input">Input</label>
      <select id="input">
        <option value="random">Random, unit variance</option>
        <option value="local">Nearby tokens match</option>
        <option value="previous">Each seeks the previous</option>
      </select>
      <label for="seed">Seed</label>
      <input id="seed" type="number" min="0" max="4294967295" step="1" inputmode="numeric">
    </div>
  </form>
  <p class="message" role="alert" hidden></p>
  <p class="note" hidden></p>

  <div class="panels">
    <figure class="grid-panel">
      <h3 part="heading">The share grid: n × n attention weights</h3>
      <div class="canvas-frame"><canvas role="img" width="1" height="1"></canvas></div>
      <div class="legend" aria-hidden="true">
        <span data-readout="legend-min"></span><span class="ramp"></span><span data-readout="legend-max"></span>
        <span>(log scale)</span>
        <span class="masked-key" hidden><span class="swatch"></span> masked</span>
      </div>
      <figcaption data-readout="drawn"></figcaption>
      <p class="busy" data-readout="busy"></p>
    </figure>

    <div>
      <dl class="readouts" data-later>
        <div><dt>Entries (<var>n</var>²)</dt><dd data-readout="entries-count"></dd><dd class="detail" data-readout="entries"></dd></div>
        <div><dt>Compute time</dt><dd data-readout="time"></dd><dd class="detail" data-readout="where"></dd></div>
        <div><dt>Memory</dt><dd data-readout="memory"></dd><dd class="detail" data-readout="memory-detail"></dd></div>
        <div><dt>Speed</dt><dd data-readout="gflops"></dd><dd class="detail">FLOPs counted as 4 <var>n</var>² <var>d<sub>k</sub></var></dd></div>
      </dl>
      <figure class="time-panel" data-later>
        <svg class="plot time-plot" role="img" viewBox="0 0 360 220"></svg>
        <figcaption>Time against <var>n</var>: each dot is one measurement (move the <var>n</var> slider to add more); the line is the best fit of <var>c</var> · <var>n</var>², the grid's growth.</figcaption>
      </figure>
    </div>
  </div>

  <figure class="thermo-panel" data-later>
    <h3 part="heading">The thermostat</h3>
    <svg class="plot thermo-plot" role="img" viewBox="0 0 360 220"></svg>
    <figcaption data-readout="thermostat"></figcaption>
    <details open data-later>
      <summary>The numbers behind the plot</summary>
      <div class="table-scroll" tabindex="0" role="region" aria-label="The thermostat's numbers">
      <table class="thermo-table">
        <caption data-readout="thermo-caption"></caption>
        <thead>
          <tr><th scope="col" rowspan="2"><var>d<sub>k</sub></var></th>
            <th scope="colgroup" colspan="2">Largest share</th><th scope="colgroup" colspan="2">Entropy (bits)</th></tr>
          <tr><th scope="col">without ÷√<var>d<sub>k</sub></var></th><th scope="col">with</th>
            <th scope="col">without</th><th scope="col">with</th></tr>
        </thead>
        <tbody></tbody>
      </table>
      </div>
    </details>
  </figure>
`;

// English for the scale lab (web/views/scale/, <attention-scale>): loaded with the lab's own code,
// so the widget's bundle does not carry these words, and the lab does not carry the widget's.
// web/views/scale/words.js adds them to the English catalogue (./registry.js, addEnglish); every
// other language has them in its own module (./de.js, ...). Same rules as ./en.js. In the lab's
// markup (web/views/scale/template.js) {n} and {dk} are the chapter's symbols n and d_k, set as math.
// Which sentence is true (one pixel per entry or a block, a ragged edge, a causal mask) is decided in
// web/views/scale/format.js and its neighbours; the words are here.
export default {
  // The controls and the headings (web/views/scale/template.js).
  'scale.n': 'Context length {n} (tokens)',
  'scale.dk': 'Key length {dk} (numbers per query and key)',
  'scale.scaled': 'Divide by √{dk} (the thermostat)',
  'scale.causal': 'Causal mask (no peeking ahead)',
  'scale.input': 'Input',
  'scale.input.random': 'Random, unit variance',
  'scale.input.local': 'Nearby tokens match',
  'scale.input.previous': 'Each seeks the previous',
  'scale.seed': 'Seed',
  'scale.gridTitle': 'The share grid: n × n attention weights',
  'scale.logScale': '(log scale)',
  'scale.masked': 'masked',
  'scale.entriesTitle': 'Entries ({n}²)',
  'scale.timeTitle': 'Compute time',
  'scale.memoryTitle': 'Memory',
  'scale.speedTitle': 'Speed',
  'scale.speedDetail': 'FLOPs counted as 4 {n}² {dk}',
  'scale.timeCaption': "Time against {n}: each dot is one measurement (move the {n} slider to add more); the line is the best fit of {c} · {n}², the grid's growth.",
  'scale.thermoTitle': 'The thermostat',
  'scale.thermoNumbers': 'The numbers behind the plot',
  'scale.thermoRegion': "The thermostat's numbers",
  'scale.largestShare': 'Largest share',
  'scale.entropy': 'Entropy (bits)',
  'scale.without': 'without ÷√{dk}',
  'scale.withShort': 'with',
  'scale.withoutShort': 'without',

  // Units and readouts (web/views/scale/format.js, readouts.js). {x} is a number already written out.
  'scale.ms': '{x} ms',
  'scale.msBelow': '< {x} ms',
  'scale.mb': '{x} MB',
  'scale.gflops': '{x} GFLOP/s',
  'scale.entries': '{n} × {n} = {count} entries',
  'scale.memoryDetail': 'weights {weights} + Q, K, V, outputs {vectors}',
  'scale.computing': 'Computing {n} × {n}…',
  'scale.computingShort': 'computing…',
  'scale.notAvailable': 'not available',
  'scale.where': '{where}, wasm {build}',
  'scale.whereMean': '{where}, wasm {build}, mean of {reps} runs',
  'scale.wherePage': 'page thread',
  'scale.whereWorker': 'worker',
  'scale.whereWorkers': '{count} workers at once',
  'scale.build.relaxed': 'relaxed SIMD (fused multiply-add)',
  'scale.build.simd': 'SIMD',
  'scale.build.scalar': 'scalar',
  'scale.mainThread': "Computing on the page's main thread, because {reason}: the page may pause while a large grid computes.",
  'scale.reasonNoWorker': 'the no-worker attribute is set',
  'scale.reasonNoStart': 'this page cannot start a worker ({error})',

  // The heat map's caption and text alternative (format.js drawnSentence, heatmap.js).
  'scale.drawnOne': '{entries}, drawn at {p} × {p}: one pixel per entry.',
  'scale.drawnBlock': '{entries}, drawn at {p} × {p}: each pixel is the mean of a {b} × {b} block.',
  'scale.drawnBlockAn': '{entries}, drawn at {p} × {p}: each pixel is the mean of an {b} × {b} block.',
  'scale.drawnRagged': '{entries}, drawn at {p} × {p}: each pixel is the mean of a {b} × {b} block (the last row and column of pixels cover fewer).',
  'scale.drawnRaggedAn': '{entries}, drawn at {p} × {p}: each pixel is the mean of an {b} × {b} block (the last row and column of pixels cover fewer).',
  'scale.heatMap': 'Heat map of the attention weights, {drawn} Rows are askers, columns are keys; brighter means a larger share, on a log scale from {low} or less (darkest) to {high} (brightest).',
  'scale.heatMapCausal': 'The upper-right triangle is blanked out by the causal mask.',

  // The time plot (time-plot.js): axis titles, and the plot in words.
  'scale.axisN': 'n (tokens)',
  'scale.axisTime': 'time (ms)',
  'scale.setting': 'dₖ = {dk}',
  'scale.settingCausal': 'dₖ = {dk}, causal',
  'scale.timeNone': 'Compute time against n ({setting}): no measurements yet.',
  'scale.timePoints': '{count, plural, one {Compute time against n ({setting}): # measured point.} other {Compute time against n ({setting}): # measured points.}}',
  'scale.timeFit': ' The fitted curve t = c · n² predicts {ms} at n = {n}.',

  // The thermostat plot and its table (thermo-plot.js).
  'scale.axisDk': 'd_k (numbers per query and key)',
  'scale.winnerTakesAll': 'one winner takes all',
  'scale.yourDk': 'your d_k = {dk}',
  'scale.seriesWithout': 'without ÷√d_k',
  'scale.seriesWith': 'with ÷√d_k',
  'scale.thermoDescribe': 'Average largest share in a row for {n} random tokens with unit-variance q and k. Without dividing by √dₖ it climbs from {from} at dₖ = {dkFrom} to {to} at dₖ = {dkTo}: one winner takes nearly all. With the thermostat it stays between {low} and {high}.',
  'scale.thermoCaption': '{n} random tokens, seed {seed}, no mask',

  // Messages (web/elements/scale.js, attributes.js, show.js).
  'scale.badInput': 'input="{raw}" is not one of {kinds}; keeping input = {previous}.',
  'scale.badShow': 'show="{raw}" is not understood; use show="thermostat" or show="grid" (showing {parts}).',
  'scale.showBoth': 'both',
  'scale.loadFailed': 'Could not compute the grid: the scale lab could not start, so there is nothing to draw: {reason}',
  'scale.gridFailed': 'Could not compute the grid: {reason}',
  'scale.thermoFailed': 'Could not compute the thermostat: {reason}',
};

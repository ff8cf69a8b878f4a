// The figure builder page (web/builder.html): pick a preset or paste a config, choose panels, click
// a Scores or Shares cell to highlight it or insert its live <attention-value>, copy the markup; and
// check pasted chapter HTML for static digits. The logic is web/views/builder/markup.js (pure).
// Pasted text is only ever read as text (JSON.parse, the tokenizer): never inserted as HTML.
import './attention-widget.js';
import { PRESETS } from './model/presets.js';
import { PANEL_NAMES } from './views/figures/panels.js';
import { figureMarkup, staticDigits } from './views/builder/markup.js';

const $ = (id) => document.getElementById(id);
const ID = 'fig';
const built = { preset: 'cat-sat', config: null, show: [], highlight: [], values: [] };
const example = $('fig');
const widget = $('fig-widget');

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

for (const [name, p] of Object.entries(PRESETS)) $('preset').append(option(name, `${name}: ${p.title}`));
$('preset').addEventListener('change', () => {
  built.preset = $('preset').value;
  built.config = null;
  built.highlight = [];
  built.values = [];
  example.removeAttribute('preset');
  example.setAttribute('preset', built.preset);
  render();
});

$('use-config').addEventListener('click', () => {
  let config;
  try {
    config = JSON.parse($('config').value);
  } catch (err) {
    $('config-message').textContent = `Not JSON: ${err.message}. The figure keeps its example.`;
    return;
  }
  // A config the example cannot use is refused with its own message (shown by the example); the
  // last good one stays.
  example.config = config;
  $('config-message').textContent = '';
  built.config = config;
  built.highlight = [];
  built.values = [];
  render();
});

for (const name of PANEL_NAMES) {
  const box = document.createElement('input');
  box.type = 'checkbox';
  box.value = name;
  box.addEventListener('change', () => {
    built.show = [...$('show').querySelectorAll('input:checked')].map((b) => b.value);
    render();
  });
  const label = document.createElement('label');
  label.append(box, ` ${name}`);
  $('show').append(label);
}

$('clear').addEventListener('click', () => {
  built.highlight = [];
  built.values = [];
  render();
});

// A click on a cell of the widget's Scores or Shares grid (inside its open shadow root).
$('preview').addEventListener('click', (event) => {
  const path = event.composedPath();
  const td = path.find((n) => n.tagName === 'TD');
  const table = path.find((n) => n.tagName === 'TABLE');
  if (!td || !table || !example.snapshot) return;
  const grid = table.classList.contains('grid-weights') ? 'shares' : table.classList.contains('grid-scores') ? 'scores' : null;
  if (!grid || td.cellIndex < 1) return;
  const tokens = example.snapshot.state.tokens;
  const i = td.parentElement.sectionRowIndex;
  const j = td.cellIndex - 1;
  // A word that repeats is named by its position.
  const name = (k) => (tokens.indexOf(tokens[k]) === tokens.lastIndexOf(tokens[k]) ? tokens[k] : String(k));
  const mode = document.querySelector('input[name="mode"]:checked').value;
  if (mode === 'highlight') {
    const h = `${grid} ${name(i)} ${name(j)}`;
    if (!built.highlight.includes(h)) built.highlight.push(h);
  } else {
    built.values.push({ of: `${grid === 'shares' ? 'share' : 'score'} ${name(i)} ${name(j)}`, text: td.textContent.trim() });
  }
  render();
});

function render() {
  if (built.show.length) widget.setAttribute('show', built.show.join(' '));
  else widget.removeAttribute('show');
  if (built.highlight.length) widget.setAttribute('highlight', built.highlight.join(', '));
  else widget.removeAttribute('highlight');
  $('values').replaceChildren(...built.values.map((v) => {
    const value = document.createElement('attention-value');
    value.setAttribute('example', ID);
    value.setAttribute('of', v.of);
    value.textContent = v.text;
    return value;
  }));
  $('markup').value = figureMarkup({ id: ID, preset: built.preset, config: built.config, show: built.show,
    highlight: built.highlight, values: built.values });
}

$('copy').addEventListener('click', () => {
  const text = $('markup').value;
  const done = () => { $('copy-status').textContent = 'Copied.'; };
  const manual = () => {
    $('markup').select();
    $('copy-status').textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
  };
  if (navigator.clipboard?.writeText) navigator.clipboard.writeText(text).then(done, manual);
  else manual();
});

$('check').addEventListener('click', () => {
  const found = staticDigits($('chapter').value);
  $('check-summary').textContent = found.length
    ? `${found.length} static number${found.length === 1 ? '' : 's'} in the prose: each will not follow a reader's edit.`
    : 'No static digits: every number in the prose is live.';
  $('check-list').replaceChildren(...found.map((d) => {
    const li = document.createElement('li');
    li.textContent = `${d.text}: “${d.context}”`; // text only: pasted HTML is never inserted
    return li;
  }));
});

render();

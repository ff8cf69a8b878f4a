// Styles for figures (show / readonly / highlight), adopted into each widget's shadow root
// by figure.js as a constructed stylesheet (passes a strict style-src 'self').
// --aw-highlight themes the mark; the rest reuses the widget's own custom properties.
export const FIGURE_CSS = `
/* The figure's own messages (a bad show or highlight, an example that is missing), like the widget's. */
.figure-error { margin: 8px 0; padding: 8px 10px; border: 1px solid var(--_error); border-radius: 8px; color: var(--_error); }
/* example="…" names no example (yet): only the message, never another example's numbers. */
.aw[data-unbound] > :not(.figure-error) { display: none; }
.aw[data-figure] .panels[data-shown="1"] { grid-template-columns: minmax(0, 1fr); }
.aw[data-figure] .controls:last-child { border-bottom: 0; margin-bottom: 0; }

/* A narrow figure of the cast: each token takes two lines (x, then q, k, v) so the vectors,
   the figure's point, fit a phone without scrolling sideways: the token and x on the first line,
   q, k, v in thirds on the second. (The full widget keeps its table.) */
@container (max-width: 520px) {
  .aw[data-figure] .cast-table, .aw[data-figure] .cast-table > * { display: block; }
  .aw[data-figure] .cast-table tr {
    display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 2px 4px; align-items: center;
    padding: 3px 0; border-bottom: 1px solid var(--_border);
  }
  .aw[data-figure] .cast-table tr > :nth-child(2) { grid-column: 2 / -1; }
  .aw[data-figure] .cast-table th, .aw[data-figure] .cast-table td { padding: 1px 2px; }
  .aw[data-figure] .cast-table .vec { min-width: 0; width: 100%; }
}

/* Readonly: disabled controls still read as numbers, not greyed-out blanks. */
.aw[data-readonly] input.num:disabled {
  color: var(--_fg); opacity: 1; border-color: transparent; background: transparent; cursor: default;
  -webkit-text-fill-color: var(--_fg);
}
.aw[data-readonly] input.num.role-w:disabled { color: var(--_w); -webkit-text-fill-color: var(--_w); }
.aw[data-readonly] .handle { pointer-events: none; fill-opacity: 0; stroke-opacity: 0; }
.aw[data-readonly] .blend-panel .how { display: none; }
.aw[data-readonly] .asker-select:disabled { opacity: 1; color: var(--_fg); border-color: transparent; appearance: none; }
.aw[data-readonly] .controls :disabled { cursor: default; }

/* Highlight: what the paragraph beside the figure talks about. An outline, so the heat
   colour stays readable, and a thicker border on the cell so it shows without colour too. */
[data-fig-mark] {
  outline: 3px solid var(--_highlight); outline-offset: -3px;
  font-weight: 700;
}
th[data-fig-mark] { text-decoration: underline 2px var(--_highlight); outline: none; }
`;

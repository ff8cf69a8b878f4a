// Export pictures of what the widget shows: the score and weight grids, and the
// arrow plot, as standalone SVG files and as PNG. Both are read from the widget's
// own rendered DOM (the numbers as printed, the colours as painted), so a picture
// never disagrees with the screen. PNG: the SVG drawn onto a canvas through a
// blob: image, which a strict CSP allows with img-src blob:.
const SVG_NS = 'http://www.w3.org/2000/svg';

const CELL_W = 64;
const CELL_H = 30;
const HEAD_W = 90;   // the row-header column
const CAPTION_H = 30;
const GAP = 24;      // between the two grids
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** The heat tables under `root` (the widget's shadow root) as one SVG document (text). */
export function gridsSvg(root) {
  const tables = [...root.querySelectorAll('table.heat-table')].map(readTable);
  const width = Math.max(...tables.map((t) => HEAD_W + t.keys.length * CELL_W));
  let y = 0;
  const parts = [];
  for (const t of tables) {
    parts.push(drawTable(t, y));
    y += CAPTION_H + (t.rows.length + 1) * CELL_H + GAP;
  }
  return svgDocument(width, y - GAP, `<g font-family='${FONT}' font-size="14">${parts.join('')}</g>`);
}

/** The arrow plot `plot` (an <svg> inside the widget) as a standalone SVG document (text). */
export function plotSvg(plot, width = 480) {
  const [, , w, h] = (plot.getAttribute('viewBox') ?? '0 0 1 1').split(/\s+/).map(Number);
  const copy = plot.cloneNode(true);
  inlineStyles(plot, copy);
  copy.querySelectorAll('.handle').forEach((node) => node.remove()); // drag handles are controls, not picture
  [copy, ...copy.querySelectorAll('[class]')].forEach((node) => node.removeAttribute('class'));
  copy.setAttribute('xmlns', SVG_NS);
  copy.setAttribute('width', String(width));
  copy.setAttribute('height', String(Math.round((width * h) / w)));
  copy.removeAttribute('class');
  copy.removeAttribute('role');
  copy.removeAttribute('tabindex');
  const background = document.createElementNS(SVG_NS, 'rect');
  const [x, y] = copy.getAttribute('viewBox').split(/\s+/);
  // The plot's colours are the live theme's (light strokes and labels in dark mode), so the
  // picture keeps the background they were chosen for, not always white.
  const fill = paintedBackground(plot);
  for (const [k, v] of Object.entries({ x, y, width: w, height: h, fill })) background.setAttribute(k, v);
  copy.prepend(background);
  return new XMLSerializer().serializeToString(copy);
}

// The colour behind `node` as painted: its own or its nearest ancestor's background (across
// the shadow boundary), white when every one is transparent.
function paintedBackground(node) {
  for (let n = node; n; n = n.parentElement ?? n.getRootNode()?.host) {
    const color = getComputedStyle(n).backgroundColor;
    if (color && color !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(color)) return color;
  }
  return '#ffffff';
}

/** SVG text -> a PNG Blob at `scale` × the SVG's own size. */
export async function svgToPng(svgText, scale = 2) {
  const url = URL.createObjectURL(new Blob([svgText], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(image.naturalWidth * scale);
    canvas.height = Math.round(image.naturalHeight * scale);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the browser could not make a PNG'))), 'image/png'));
  } finally {
    URL.revokeObjectURL(url);
  }
}

// ---- grids: read the rendered table, redraw it as SVG -------------------------

function readTable(table) {
  const keys = [...table.tHead.rows[0].cells].slice(1).map((c) => c.textContent);
  const rows = [...table.tBodies[0].rows].map((tr) => ({
    name: tr.cells[0].textContent,
    cells: [...tr.cells].slice(1).map((td) => cellPaint(td)),
  }));
  return { caption: table.caption?.textContent ?? '', keys, rows };
}

// A heat cell's text and colours as drawn (the colours come from its shade class, see heat.js).
// Masked cells have no colour: dark text on the picture's white.
function cellPaint(td) {
  if (td.classList.contains('masked')) return { text: td.textContent, background: 'transparent', color: '#1b1b1f' };
  const style = getComputedStyle(td);
  return { text: td.textContent, background: style.backgroundColor, color: style.color };
}

function drawTable({ caption, keys, rows }, top) {
  const out = [`<text x="0" y="${top + 20}" font-weight="600" font-size="16">${escapeXml(caption)}</text>`];
  const y0 = top + CAPTION_H;
  keys.forEach((k, j) => out.push(text(HEAD_W + j * CELL_W + CELL_W / 2, y0 + CELL_H / 2, k, 'middle', '#555a66')));
  rows.forEach((row, i) => {
    const y = y0 + (i + 1) * CELL_H;
    out.push(text(HEAD_W - 8, y + CELL_H / 2, row.name, 'end', '#555a66'));
    row.cells.forEach((cell, j) => {
      const x = HEAD_W + j * CELL_W;
      out.push(`<rect x="${x}" y="${y}" width="${CELL_W}" height="${CELL_H}" fill="${escapeXml(cell.background)}" `
        + 'stroke="#d3d5dd"/>');
      out.push(text(x + CELL_W / 2, y + CELL_H / 2, cell.text, 'middle', cell.color));
    });
  });
  return out.join('');
}

function text(x, y, content, anchor, fill) {
  return `<text x="${x}" y="${y}" text-anchor="${anchor}" dominant-baseline="central" fill="${escapeXml(fill)}">`
    + `${escapeXml(content)}</text>`;
}

function svgDocument(width, height, body) {
  return `<svg xmlns="${SVG_NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
    + `<rect width="${width}" height="${height}" fill="#ffffff"/>${body}</svg>`;
}

/** Text for XML content and attribute values: token names are data, never markup. */
export function escapeXml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

// ---- plot: the live styles come from the shadow stylesheet; a file needs them inline ----

// vector-effect matters most: strokes are sized in screen pixels (non-scaling-stroke), not plot units.
const STYLE_PROPS = ['fill', 'fill-opacity', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-dasharray',
  'vector-effect', 'paint-order', 'opacity', 'font-size', 'font-family', 'font-weight', 'text-anchor',
  'dominant-baseline', 'display', 'unicode-bidi'];

function inlineStyles(live, copy) {
  const liveNodes = [live, ...live.querySelectorAll('*')];
  const copyNodes = [copy, ...copy.querySelectorAll('*')];
  liveNodes.forEach((node, i) => {
    const style = getComputedStyle(node);
    for (const prop of STYLE_PROPS) {
      const value = style.getPropertyValue(prop);
      if (value) copyNodes[i].setAttribute(prop, value);
    }
    copyNodes[i].removeAttribute('style');
  });
}

// "Copy link" and "Export pictures": a small toolbar at the foot of the widget.
// Copy link puts a URL that restores the whole current state on the clipboard
// when the page may (navigator.clipboard), and always shows it in a read-only
// field, selected, so it can be copied by hand where the clipboard is refused
// (an iframe without clipboard-write, an insecure origin).
// Export builds four files (grids and arrows, SVG and PNG) as Blob URLs behind
// plain download links; they are rebuilt on every click, never left stale.
import { el } from '../shared/dom.js';
import { uid } from './dom.js';
import { shareLink } from './share.js';
import { gridsSvg, plotSvg, svgToPng } from './export.js';

const STYLESHEET = new URL('./share.css', import.meta.url).href;

/**
 * @param {{ host: HTMLElement, root: ShadowRoot, getState: () => object, linkHost?: () => HTMLElement }} options
 *   linkHost: the element whose key a copied link uses (a figure's: its shared example)
 */
export function createSharePanel({ host, root, getState, linkHost = () => host }) {
  const copy = el('button', { type: 'button', class: 'share-copy', text: 'Copy link' });
  const exportButton = el('button', { type: 'button', class: 'share-export', text: 'Export pictures' });
  const fieldId = uid('link');
  const field = el('input', { type: 'text', id: fieldId, class: 'share-link', readonly: true, spellcheck: 'false' });
  const fieldRow = el('p', { class: 'share-row', hidden: true },
    el('label', { for: fieldId, text: 'Link to this state' }), field);
  const status = el('p', { class: 'share-status', role: 'status' });
  const downloads = el('ul', { class: 'share-downloads', 'aria-label': 'Exported pictures', hidden: true });
  const element = el('div', { class: 'share', role: 'group', 'aria-label': 'Share and export' },
    el('link', { rel: 'stylesheet', href: STYLESHEET }),
    el('div', { class: 'share-buttons' }, copy, exportButton), fieldRow, status, downloads);
  let urls = [];
  host.addEventListener('attention-change', () => stateChanged());

  copy.addEventListener('click', async () => {
    const link = shareLink(linkHost(), getState());
    field.value = link;
    fieldRow.hidden = false;
    field.focus();
    field.select();
    status.textContent = (await writeClipboard(link))
      ? 'Link copied. Opening it restores these numbers, switches and asker.'
      : 'Copy the link from the field above (this page may not use the clipboard).';
  });

  exportButton.addEventListener('click', async () => {
    exportButton.disabled = true;
    try {
      await buildDownloads();
      status.textContent = 'Pictures ready: save them with the links below.';
    } catch (err) {
      status.textContent = `The pictures could not be made: ${err?.message ?? err}.`;
    } finally {
      exportButton.disabled = false;
    }
  });

  async function buildDownloads() {
    const base = getState().tokens.join('-').replace(/[^\p{L}\p{N}-]+/gu, '').slice(0, 40) || 'attention';
    const grids = gridsSvg(root);
    const plot = plotSvg(root.querySelector('svg.plot'));
    const files = [
      ['Grids (SVG)', `${base}-grids.svg`, svgBlob(grids)],
      ['Grids (PNG)', `${base}-grids.png`, await svgToPng(grids)],
      ['Arrows (SVG)', `${base}-arrows.svg`, svgBlob(plot)],
      ['Arrows (PNG)', `${base}-arrows.png`, await svgToPng(plot)],
    ];
    forget();
    urls = files.map(([, , blob]) => URL.createObjectURL(blob));
    downloads.replaceChildren(...files.map(([label, name], i) =>
      el('li', {}, el('a', { href: urls[i], download: name, text: label }))));
    downloads.hidden = false;
  }

  // After any change the link and the pictures would show old numbers: take them away.
  function stateChanged() {
    if (!fieldRow.hidden || status.textContent) {
      fieldRow.hidden = true;
      status.textContent = '';
    }
    if (downloads.hidden) return;
    forget();
    downloads.hidden = true;
    downloads.replaceChildren();
  }

  function forget() {
    urls.forEach((url) => URL.revokeObjectURL(url));
    urls = [];
  }

  return { element, stateChanged };
}

const svgBlob = (text) => new Blob([text], { type: 'image/svg+xml' });

async function writeClipboard(text) {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // refused: permissions policy, no user activation, insecure context
  }
}

// "Copy link" and "Export pictures": a small toolbar at the foot of the widget.
// Copy link puts a URL that restores the whole current state on the clipboard
// when the page may (navigator.clipboard), and always shows it in a read-only
// field, selected, so it can be copied by hand where the clipboard is refused
// (an iframe without clipboard-write, an insecure origin).
// Export builds four files (grids and arrows, SVG and PNG) as Blob URLs behind
// plain download links; they are rebuilt on every click, never left stale.
import { el, uid } from '../../shared/dom.js';
import { sentence, thrown } from '../../shared/text.js';
import { shareLink } from '../../model/share.js';
import { styleSheet } from './share.css.js';
import { inLocaleOf, label, t, text } from '../../shared/i18n/messages.js';


/**
 * @param {{ host: HTMLElement, root: ShadowRoot, getState: () => object, linkHost?: () => HTMLElement }} options
 *   linkHost: the element whose key a copied link uses (a figure's: its shared example)
 */
export function createSharePanel({ host, root, getState, linkHost = () => host }) {
  const copy = el('button', { type: 'button', class: 'share-copy', ...text('share.copy') });
  const exportButton = el('button', { type: 'button', class: 'share-export', ...text('share.export') });
  const fieldId = uid('link');
  const field = el('input', { type: 'text', id: fieldId, class: 'share-link', readonly: true, spellcheck: 'false' });
  const fieldRow = el('p', { class: 'share-row', hidden: true },
    el('label', { for: fieldId, ...text('share.field') }), field);
  const status = el('p', { class: 'share-status', role: 'status' });
  const downloads = el('ul', { class: 'share-downloads', ...label('share.downloads'), hidden: true });
  const element = el('div', { class: 'share', role: 'group', ...label('share.group') },
    el('div', { class: 'share-buttons' }, copy, exportButton), fieldRow, status, downloads);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, styleSheet()];
  let urls = [];
  host.addEventListener('attention-change', () => stateChanged());

  copy.addEventListener('click', async () => {
    const link = shareLink(linkHost(), getState());
    field.value = link;
    fieldRow.hidden = false;
    field.focus();
    field.select();
    const copied = await writeClipboard(link);
    status.textContent = inLocaleOf(status, () => t(copied ? 'share.copied' : 'share.copyByHand'));
  });

  exportButton.addEventListener('click', async () => {
    exportButton.disabled = true;
    try {
      const pngFailure = await buildDownloads();
      status.textContent = inLocaleOf(status, () => (pngFailure
        ? sentence(t('share.svgOnly', { reason: thrown(pngFailure) })) : t('share.ready')));
    } catch (err) {
      status.textContent = inLocaleOf(status, () => sentence(t('share.failed', { reason: thrown(err) })));
    } finally {
      exportButton.disabled = false;
    }
  });

  // Builds the download links; returns why the PNGs could not be made (the SVGs are offered
  // anyway: they are the pictures, the PNG is only a drawing of them), or null.
  async function buildDownloads() {
    // Loaded on the first click: the picture code is not part of every page's first load.
    const { gridsSvg, plotSvg, svgToPng } = await import('./export.js');
    const base = getState().tokens.join('-').replace(/[^\p{L}\p{N}-]+/gu, '').slice(0, 40) || 'attention';
    const grids = gridsSvg(root);
    const plot = plotSvg(root.querySelector('svg.plot'));
    let pngFailure = null;
    const png = (svgText) => svgToPng(svgText).catch((err) => { pngFailure ??= err; return null; });
    const [gridsPng, plotPng] = await Promise.all([png(grids), png(plot)]);
    const files = inLocaleOf(status, () => [
      [t('share.gridsSvg'), `${base}-grids.svg`, svgBlob(grids)],
      [t('share.gridsPng'), `${base}-grids.png`, gridsPng],
      [t('share.arrowsSvg'), `${base}-arrows.svg`, svgBlob(plot)],
      [t('share.arrowsPng'), `${base}-arrows.png`, plotPng],
    ]).filter(([, , blob]) => blob);
    forget();
    urls = files.map(([, , blob]) => URL.createObjectURL(blob));
    downloads.replaceChildren(...files.map(([label, name], i) =>
      el('li', {}, el('a', { href: urls[i], download: name, text: label }))));
    downloads.hidden = false;
    return pngFailure;
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

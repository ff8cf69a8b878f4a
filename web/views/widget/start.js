// How an <attention-widget> starts: its core loads and computes as soon as it is in, so state,
// events and messages do not wait for a scroll (a figure of a shared example computes nothing of
// its own: ../../model/switch.js). The first render waits until the widget is near the viewport
// (the element's startWhenNear calls whenNear), in short tasks: the panels are built (hidden) a
// part each, while the core may still be on its way; then they are painted (onNear). A print
// before then builds it at once, if the core and the figure code are in.
import { loadAttention } from '../../../wasm/attention.js';
import { AttentionErrorEvent } from '../../shared/events.js';
import { sentence, thrown } from '../../shared/text.js';
import { queueRender, whilePrintable } from '../../shared/near.js';
import { t } from '../../shared/i18n/messages.js';
import { loadGuided } from './guided-mount.js';

/**
 * @param {{ host: HTMLElement, status: HTMLElement, model: object, view: object, panels: object,
 *   guided: object, train: object, sourcesLoaded: () => boolean, speak: (fn: Function) => any,
 *   showErrors: (outcome: object) => void }} parts
 *   status: the widget's status line; view: its figure view (web/views/figures/view.js); panels,
 *   guided, train: its panels and mounts; speak: runs fn in the widget's language.
 * @returns {{ load: () => void, whenNear: (printing: boolean) => void, attend: (state: object) => object }}
 */
export function createWidgetStart({ host, status, model, view, panels, guided, train, sourcesLoaded, speak, showErrors }) {
  let core = null;         // the teaching core, once loaded
  let attend = null;       // the core's attend(), for the guided steps that compare a switch off and on
  let prebuilt = false;    // the panels' build is queued (whenNear): the core's first check paints as it goes
  let shown = false;       // the panels are started (onNear): on screen, or in a printout
  let cancelPrint = () => {}; // came near, not yet shown: a print builds it now
  let nearbyResolve;
  const nearby = new Promise((resolve) => { nearbyResolve = resolve; }); // the first render may start

  // The model checks its example again with the core (once): a source the core refuses gives way to the next.
  function compute(attn) {
    if (attend) return;
    attend = (state) => attn.attend(state);
    showErrors(model.setCompute(attend));
  }

  function onNear(attn) {
    if (shown) return; // printed already: the render queued when it came near finds it done
    shown = true;
    cancelPrint();
    panels.start();
    compute(attn); // if not done off screen: painted as it is announced
    panels.catchUp();
    guided.apply();
    if (!model.result) panels.reveal(); // nothing to tour: the message line says why
    train.start();
    panels.prepareGrids();
  }

  function onLoadFailed(err) {
    // The loader's message names the cause and what to do (docs/hardening.md).
    delete status.dataset.t; // the reason is the loader's own text: kept as it is when the language changes
    status.textContent = speak(() => sentence(t('status.failed', { reason: thrown(err, 300) })));
    status.setAttribute('role', 'alert');
    status.classList.add('failed');
    host.dispatchEvent(new AttentionErrorEvent({ code: err?.code ?? 'load_failed', message: status.textContent }));
  }

  /** Starts the core's load (in a task of its own: a page's first task upgrades every widget). */
  function load() {
    if (host.hasAttribute('guided')) loadGuided(); // in parallel with the core
    const loading = loadAttention({ path: 'teaching' });
    loading.then((attn) => {
      core = attn;
      // Waiting to come near, with the core in: the line no longer says the core is loading.
      if (!shown) {
        status.dataset.t = 'status.ready';
        speak(() => { status.textContent = t('status.ready'); });
      }
      if (!prebuilt) queueRender(() => compute(attn)); // near already: onNear computes as it paints
    }, onLoadFailed);
    Promise.all([loading, nearby]).then(([attn]) => queueRender(() => onNear(attn)), () => {});
  }

  /**
   * Near the viewport, and the figure code this widget needs in: the panels are built. Printed
   * before it came near: built and painted now, if the core and the figure code are in (its
   * reveal's frames run before the print lays the page out: near.js); else it is drawn when they come.
   */
  function whenNear(printing) {
    if (printing && core && view.isReady) {
      nearbyResolve();
      onNear(core);
      return;
    }
    cancelPrint = whilePrintable(() => core && view.isReady && whenNear(true));
    view.ready().then(() => {
      prebuilt = true;
      panels.prebuild(sourcesLoaded);
      nearbyResolve();
    });
  }

  return { load, whenNear, attend: (state) => attend(state) };
}

// The train panel of one <attention-widget> (`train` attribute; web/train/, docs/training.md):
// mounted while the attribute is on, once the widget's core and panels are there. The panel's
// code and the core's training build load on first use: pages without `train` never download them.
import { loadAttention } from '../../../wasm/attention.js';
import { AttentionErrorEvent } from '../../shared/events.js';
import { AttentionGoalEvent } from '../train/events.js';
import { parseBoolean } from '../../shared/booleans.js';
import { continueRender, queueRender } from '../../shared/near.js';
import { thrown } from '../../shared/text.js';
import { inLocaleOf, t } from '../../shared/i18n/messages.js';

/**
 * @param {{ host: HTMLElement, model: object, panels: () => object | null, freshen: () => void,
 *   showNotes: (notes: object[]) => void }} parts
 *   model: the widget's example model; panels: the widget's views, once built; freshen: paints the panels
 *   a run's steps left stale off screen (panels.js); showNotes: its message line.
 */
export function createTrainMount({ host, model, panels, freshen, showNotes }) {
  let ready = false;     // the widget's core is in (start)
  let views = null;      // the widget's panels, when mounted
  let connection = null; // the widget's connection signal
  let mounted = null;    // { panel, connection } while `train` is on

  // The attribute changed, or the widget became ready: mount or unmount.
  function sync() {
    const { value: on, message } = parseBoolean('train', host.getAttribute('train'), false);
    if (message) showNotes([{ code: 'bad_attribute', message }]);
    views = ready ? panels() : null;
    if (!views) return; // mounted once the core and the panels are there
    if (on && !mounted) mount();
    else if (!on && mounted) unmount();
  }

  function mount() {
    const pending = { panel: null, connection: new AbortController() };
    mounted = pending;
    // Built in a task of its own, started in the next and first measured in a third (its first
    // goal's run, then its first measurement and repaint): short tasks in a page's load.
    const arrived = ([{ createTrainPanel }, core]) => {
      if (mounted !== pending) return; // turned off (or on again) while it loaded
      pending.panel = createTrainPanel({
        root: host.shadowRoot, model, core,
        marks: { show: (info) => views.cast.showTraining(info) },
        pin: { show: (point, onMove) => views.arrows.setPin(point, onMove) },
        reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches, freshen,
        onError: (error) => host.dispatchEvent(new AttentionErrorEvent(error)),
        onGoal: (goal) => host.dispatchEvent(new AttentionGoalEvent(goal)),
      });
      // Just before the cast: Train and the violet grids it moves on one screen (while the guided
      // tour holds the cast in its editor, after the controls).
      const cast = views.cast.element;
      if (cast.closest('.g-edit')) views.controls.element.after(pending.panel.element);
      else cast.before(pending.panel.element);
      if (connection && !connection.aborted) pending.panel.connect(panelSignal());
      queueRender(() => { if (mounted === pending) pending.panel.start((render) => continueRender(render)); });
    };
    Promise.all([import('../train/panel.js'), loadAttention({ training: true, path: 'teaching' })])
      .then((loaded) => queueRender(() => arrived(loaded)),
        (err) => showNotes([{ code: 'load_failed', message: inLocaleOf(views?.cast.element ?? host,
          () => t('train.loadFailed', { reason: err?.message ?? thrown(err) })) }]));
  }

  function unmount() {
    mounted.connection.abort();
    mounted.panel?.element.remove();
    mounted = null;
    views.cast.showTraining(null);
    views.arrows.setPin(null);
  }

  // Ends with the panel (attribute removed) or with the widget's connection (element removed).
  // (AbortSignal.any would do, but not in every browser the package supports.)
  function panelSignal() {
    const both = new AbortController();
    for (const signal of [mounted.connection.signal, connection])
      signal.addEventListener('abort', () => both.abort(), { once: true, signal: both.signal });
    return both.signal;
  }

  return {
    sync,
    /** Whether the change now being painted is a step of this widget's own run (not another view's of a shared example). */
    get committing() { return mounted?.panel?.committing ?? false; },
    /** The widget's core is in: the panel may mount from now on. */
    start() {
      ready = true;
      sync();
    },
    /** The widget connected: `signal` aborts when it disconnects; a mounted panel runs again. */
    connect(signal) {
      connection = signal;
      if (mounted?.panel) mounted.panel.connect(panelSignal());
    },
  };
}

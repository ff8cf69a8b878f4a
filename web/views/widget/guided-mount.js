// <attention-widget guided>: the step-by-step tour (../guided/view.js) in place of the panels;
// `predict` asks for a guess before each reveal; `steps` locks it to a range of steps. The cast editor moves into the tour's
// "Change the numbers" disclosure while it is on, and back when it is off. The tour's code
// loads the first time a widget on the page is guided, and is built in a task of its own,
// after the panels' frame (queueRender), then painted and shown in the next (two short tasks).
import { parseBoolean } from '../../shared/booleans.js';
import { continueRender, queueRender } from '../../shared/near.js';
import { thrown } from '../../shared/text.js';
import { notBoolean, problem, said } from '../../shared/i18n/say.js';

let guidedView = null;
/** The tour's module, loaded once per page (also ahead of time, when a guided widget connects). */
export const loadGuided = () => (guidedView ??= import('../guided/view.js'));

/**
 * @param {{ host: HTMLElement, body: HTMLElement, model: object, panels: () => object | null,
 *   attend: (state: object) => object, showErrors: (outcome: object) => void, reveal: () => void }} parts
 *   body: the widget's panel box; panels: its views once built (the tour is kept as panels().guided);
 *   attend: the core's, for the steps that compare a switch off and on; showErrors: the widget's
 *   message line (a model outcome, or { ok: true, notes }); reveal: shows the body.
 */
export function createGuidedMount({ host, body, model, panels, attend, showErrors, reveal }) {
  const flag = (name) => parseBoolean(name, host.getAttribute(name), false);

  /** `guided` or `predict` changed, or the panels are new: show the tour or the panels. */
  function apply() {
    const v = panels();
    if (!v || !model.result) return;
    const guided = flag('guided'), predict = flag('predict');
    const notes = ['guided', 'predict'].filter((name) => flag(name).message)
      .map((name) => problem('bad_attribute', notBoolean(name, host.getAttribute(name), false)));
    if (notes.length) showErrors({ ok: true, notes });
    const on = guided.value;
    // A class, not `hidden`: a figure's `show` (web/views/figures/figure.js) owns the panels' hidden state.
    body.classList.toggle('is-guided', on);
    if (!v.guided) {
      if (on) load();
      else reveal();
      return;
    }
    const edit = v.guided.element.querySelector('.g-edit');
    if (on) {
      if (!v.guided.element.isConnected) body.prepend(v.guided.element);
      edit.append(v.cast.element);
    } else {
      v.guided.element.remove();
      v.guided.pause();
      if (v.cast.element.parentNode === edit) body.querySelector('.panels > .everyone').before(v.cast.element);
    }
    v.guided.setPredict(predict.value);
    // steps="1-4" or "7": the tour locked to a range; a bad value is said and the whole tour shown.
    const range = v.guided.setSteps(host.getAttribute('steps'));
    if (on && range.message) showErrors({ ok: true, notes: [{ code: 'bad_attribute', message: range.message }] });
    if (on) v.guided.update(model.state, model.result);
    reveal();
  }

  // The tour is built in one task and painted and shown in the next (apply): together they were
  // one task of some 13 ms on a phone-sized 2-core VM (its stylesheet, its frame, its first step).
  function load() {
    loadGuided().then(({ createGuided }) => queueRender(() => {
      panels().guided ??= createGuided({ host, attend,
        onAsker: (i) => showErrors(model.setAsker(i)),
        onPredict: (on) => host.toggleAttribute('predict', on) }); // the tour's "Guess first" switch
      continueRender(apply);
    }), (err) => {
      guidedView = null; // a later try may load it
      body.classList.remove('is-guided');
      reveal();
      showErrors({ ok: true, notes: [problem('load_failed', said('guided.loadFailed', { reason: thrown(err) }))] });
    });
  }

  return {
    apply,
    /** Whether the widget is guided now (its body then waits for the tour before it shows). */
    get on() { return flag('guided').value; },
  };
}

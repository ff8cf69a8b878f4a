// The panels of one <attention-widget>: built for the example's shape (in four parts, so a first
// build is short tasks), laid out in the chapter's order, shown a few boxes per frame the first
// time (reveal.js), and painted from the model. The element (web/elements/widget.js) decides when;
// this decides what is on screen.
import { el } from '../../shared/dom.js';
import { isolate } from '../../shared/text.js';
import { continueRender, queueRender, whilePrintable } from '../../shared/near.js';
import { PRESETS, presetState } from '../../model/presets.js';
import { revealInFrames, showInFrames } from './reveal.js';
import { liveRegion, setTokenText } from './dom.js';
import { createCast } from './cast.js';
import { createAskerPanel } from './asker.js';
import { createArrowPlot } from './arrows.js';
import { createGrids } from './grids.js';
import { createFormula } from './formula.js';
import { createControls } from './controls.js';
import { createSharePanel } from './share-panel.js';
import { createFeedback } from '../guided/feedback.js';
import { inLocale, label, relabel, t, text } from '../../shared/i18n/messages.js';

// While a run trains, a step repaints only the panel groups on screen or within this margin of it
// (a step a frame; a repaint of the whole widget ran past 50 ms): the others go stale and are painted
// as they come this near, or as the run pauses (freshen). The margin has them painted before a scroll
// shows them.
const SCREEN_MARGIN = '25% 0px';
// One observer for every widget's panel groups: box -> (on screen?) => void.
const screenWatch = new WeakMap();
let screenObserver = null;
function watchScreen(box, onChange) {
  screenObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) screenWatch.get(entry.target)?.(entry.isIntersecting);
  }, { rootMargin: SCREEN_MARGIN });
  screenWatch.set(box, onChange);
  screenObserver.observe(box);
}

// Changes the learner makes in place leave text they are still typing alone; any other change
// rewrites every input ('wv' after a drag: only W_V's).
const FORCE = { edit: false, switch: false, asker: false, drag: 'wv' };

const HEAT_RAMPS = ['--_heat-weights', '--_heat-scores']; // what grids.js reads from the style

// The panels in the groups a first reveal shows (reveal.js): the cast; the asker's panel; the blend
// plot; everyone at once. Painted in this order, each in a task of its own on the first reveal.
const PANEL_GROUPS = ['cast', 'asker', 'arrows', 'everyone'];
// A figure's panel names (show="…") -> the group that builds them. The title, the switches, Reset
// and Share are small and always built (a figure hides what it does not show).
const GROUP_OF = { cast: 'cast', asker: 'asker', blend: 'arrows', formula: 'everyone', grids: 'everyone' };

// What the panels' markup depends on: the tokens, every dimension (d_k = rows of W_Q, d_v of W_V)
// and the groups built.
const shapeOf = (state, groups) => JSON.stringify([state.tokens, state.wq.length, state.wv.length,
  state.embeddings[0].length, [...groups]]);

// The named custom properties of an element's computed style, kept: { getPropertyValue(name) }.
function snapshotStyle(element, names) {
  const style = getComputedStyle(element);
  const values = new Map(names.map((name) => [name, style.getPropertyValue(name)]));
  return { getPropertyValue: (name) => values.get(name) ?? '' };
}

/**
 * @param {{ host: HTMLElement, ui: object, model: object, view: object, guided: () => object,
 *   showErrors: (outcome: object) => void }} parts ui: the element's skeleton { root, status, error,
 *   title, body }; view: the figure view (web/views/figures/view.js); guided: the tour's mount (guided-mount.js);
 *   bundle: the element's language now (web/shared/controllers/lang.js); ownStep: whether the change
 *   being painted is a step of this widget's own training run (train-mount.js)
 */
export function createPanels({ host, ui, model, view, guided, showErrors, bundle, ownStep }) {
  // Everything the panels build and paint is written in the element's language (bundle()).
  const speaking = (fn) => (...args) => inLocale(bundle(), () => fn(...args));
  let views = null;
  let groups = new Set(PANEL_GROUPS); // the groups `views` holds (built): a figure builds only what it shows
  let near = false;          // come near the viewport once, the core in (start): changes are painted, not only announced
  let painted = -1;          // the model version on screen
  let shape = '';            // the example's shape the panels were built for (shapeOf)
  let later = new Set();     // the panel groups (PANEL_GROUPS) not on screen yet, painted when they come (paintLater)
  const offScreen = new Set(); // the groups the observer last saw away from the screen (SCREEN_MARGIN)
  const stale = new Set();   // the groups a training step skipped off screen: older numbers, painted as they come near
  let printStale = null;     // while any are stale: cancels the print's hook that paints them (whilePrintable)
  let tourHides = false;     // `later` holds the groups a guided tour hid at load
  let revealing = null;      // the first reveal under way (reveal.js), finished at once before a rebuild
  let chapterState = null;   // { name, json } of the preset the chapter note compares against
  let theme = null;          // the heat ramps' custom properties, read before the first build (see start)
  let relabelled = false;    // the language changed: the next paint builds the panels again (relabel)
  const drag = { frame: 0, pending: null };
  const style = () => theme ?? getComputedStyle(host);

  /**
   * The panels for the example read so far, before the core has checked it (it rarely refuses one;
   * then the first paint builds again for the example it takes instead), a part per task. Queued
   * before the first paint (start), so they run first; if the example changes shape midway, or
   * `live()` turns false, the rest is dropped and the first paint builds it all.
   */
  function prebuild(live) {
    const state = model.state;
    const wanted = shapeOf(state, wantedGroups());
    const steps = buildSteps(state, wantedGroups());
    const last = steps.length - 1;
    let going = true;
    steps.forEach((step, k) => queueRender(speaking(() => {
      going &&= live() && shape === '' && (k > 0 || !views) && shapeOf(model.state, wantedGroups()) === wanted;
      if (!going) return;
      step();
      if (k === last) shape = wanted;
    })));
  }

  /** The widget came near with its core in: from now on the screen follows the model. */
  function start() {
    // The theme is read from the host (the ramps are set on :host): read inside the shadow tree,
    // an off-screen widget's skipped style and layout (content-visibility) would be forced here.
    theme = snapshotStyle(host, HEAT_RAMPS);
    // A guided widget keeps its loading line (a screen's height) until its tour is in, so the
    // page below does not move when the tour arrives a task later (guided-mount.js). The panels
    // the tour hides wait too: painted when it leaves.
    if (guided().on) {
      later = new Set(['asker', 'arrows', 'everyone']);
      tourHides = true;
    } else reveal();
    near = true;
  }

  /**
   * Shows the body (once): a full widget a few boxes per frame (a print runs them all before it lays
   * the page out: web/shared/near.js), a figure or a guided tour as it comes.
   */
  function reveal() {
    const { root, status, body } = ui;
    status.hidden = true;
    if (tourHides && !body.classList.contains('is-guided')) { // the tour leaves
      tourHides = false;
      paintLater();
    }
    if (!body.hidden) return;
    body.hidden = false;
    // A full widget's first style and layout (its text shaped for the first time, about a thousand
    // boxes) is the heaviest work of a page's load: a few boxes per frame, it is many small tasks.
    // Their numbers are painted in those frames too: the first task paints only what it shows.
    // A figure shows few panels at once; a guided widget its tour, which comes the same way.
    if (root.hasAttribute('data-figure')) return;
    if (body.classList.contains('is-guided')) {
      revealing = showInFrames(body, { tour: [views.guided?.element] });
      return;
    }
    revealing = revealInFrames(body, (group) => paintLater([group]));
    later = new Set(revealing.groups);
  }

  // The first reveal, if still under way, shows the rest at once; its groups are painted by the next paint.
  function finishReveal() {
    for (const group of revealing?.finish() ?? []) later.delete(group);
    revealing = null;
  }

  /** One committed change of the model, painted: rebuilt first when the example changed shape. */
  const paint = speaking((reason) => {
    const { state, result } = model;
    const first = painted < 0;
    painted = model.version;
    let force = FORCE[reason] ?? true;
    let rebuilt = false; // a new shape (a typed sentence): every group painted, none left empty
    const wanted = wantedGroups();
    const now = shapeOf(state, wanted);
    if (now !== shape || relabelled) {
      relabelled = false;
      shape = now;
      finishReveal(); // a rebuild replaces boxes a reveal still holds back
      for (const step of buildSteps(state, wanted)) step();
      force = rebuilt = true;
    } else if (first) view.built(); // built ahead (prebuild): the figure applies now
    // Only this widget's own run leaves groups stale: its panel freshens them as it pauses. A step
    // of a run in another view of a shared example is painted whole here.
    paintAll(force, reason === 'train' && !rebuilt && ownStep());
    views.feedback?.painted(state, result, reason);
  });

  // The groups to build: a figure's shown panels; a full widget, a guided tour or a train panel
  // (which use them all) every group. 'formula' too when the formula box is shown: a figure of
  // the grids alone builds no formula (it would be hidden).
  function wantedGroups() {
    const shown = host.hasAttribute('guided') || host.hasAttribute('train') ? null : view.shown();
    if (!shown) return new Set([...PANEL_GROUPS, 'formula']);
    const wanted = new Set(PANEL_GROUPS.filter((g) => [...shown].some((name) => GROUP_OF[name] === g)));
    if (shown.has('formula')) wanted.add('formula');
    return wanted;
  }

  // Building the panels for a state, in four parts of a few ms each on a phone-sized 2-core VM (the
  // first widget's views cost the most: their code runs for the first time): run together by
  // paint, or one task each by prebuild. Other groups than those built before: built anew.
  function buildSteps(state, wanted) {
    return [
      () => {
        if (views && String([...groups]) !== String([...wanted])) {
          views = null;
          ui.body.replaceChildren();
        }
        groups = wanted;
        views ??= createViews(wanted);
      },
      () => {
        setTokenText(ui.title, state.tokens.map(isolate).join(' ')); // right-to-left tokens keep their order
        views.cast?.build(state, { axes: PRESETS[model.source.presetName]?.axes });
      },
      () => {
        views.asker?.build(state);
        views.arrows?.build(state);
      },
      () => {
        views.grids?.build(state);
        if (!ui.body.firstChild) layout(views);
        view.built();
      },
    ];
  }

  // The views of the groups wanted; a group not built has no view (undefined).
  function createViews(wanted) {
    const refusal = (outcome) => (outcome.ok ? null : { code: outcome.code, message: outcome.message });
    const showRefusal = (outcome) => { if (!outcome.ok) showErrors(outcome); };
    const toggle = (field) => (value) => showRefusal(model.setSwitch(field, value));
    const everyone = wanted.has('everyone');
    return {
      controls: createControls({
        onCausal: toggle('causal'), onScaled: toggle('scaled'), onTemperature: toggle('temperature'),
        onReset: () => showErrors(model.reset()),
      }),
      cast: wanted.has('cast') ? createCast({ onEdit: (matrix, r, c, x) => refusal(model.edit(matrix, r, c, x)) }) : undefined,
      asker: wanted.has('asker') ? createAskerPanel({ onAsker: (i) => showRefusal(model.setAsker(i)) }) : undefined,
      arrows: wanted.has('arrows') ? createArrowPlot({ onMove: dragValue }) : undefined,
      grids: everyone ? createGrids({ root: host.shadowRoot }) : undefined,
      formula: everyone && wanted.has('formula') ? createFormula({ onHighlight: highlight }) : undefined,
      share: createSharePanel({ host, root: host.shadowRoot, getState: () => host.state,
        linkHost: () => view.example ?? host }), // a figure's link restores its shared example
    };
  }

  // Panels in the chapter's order (one asker, the blend, the cast, everyone at once), each
  // switch beside what it changes: the thermostat and temperature above the asker's shares,
  // the causal mask above the grids. Feedback (../guided/feedback.js) adds its notes to both.
  // A figure's groups not built are left out; the switches keep their places (the everyone
  // section holds the causal switch even without its grids).
  function layout(v) {
    const { causal, scaled, temperature } = v.controls.parts;
    const causalNote = el('p', { class: 'note causal-why', hidden: true });
    const dragNote = el('p', { class: 'note drag-note', 'aria-live': 'polite', hidden: true });
    v.arrows?.element.append(dragNote);
    const everyone = el('section', { class: 'panel everyone', ...label('everyone.title') },
      el('h3', text('everyone.title')),
      el('div', { class: 'panel-switches' }, causal, causalNote),
      el('p', { class: 'lead', ...text('everyone.lead') }));
    if (v.formula) everyone.append(v.formula.element);
    if (v.grids) everyone.append(liveRegion('grids-live', v.grids.element));
    const asker = el('div', { class: 'panel-column' }, el('div', { class: 'panel-switches' }, scaled, temperature));
    if (v.asker) asker.append(v.asker.element);
    const boxes = { asker, arrows: v.arrows?.element, cast: v.cast?.element, everyone };
    for (const [group, box] of Object.entries(boxes)) if (box) watchScreen(box, speaking((near) => cameNear(group, near)));
    const panels = [asker, v.arrows?.element, v.cast?.element, everyone].filter(Boolean);
    ui.body.append(v.controls.element, el('div', { class: 'panels' }, ...panels), v.share.element);
    // Without grids, the feedback's cell explanations have nowhere to go: a detached box takes them
    // (its flashes and the arrows' glide still work).
    v.feedback = createFeedback({ watch: ui.body, grids: v.grids?.element ?? el('div'), arrows: v.arrows,
      causalNote, dragNote, onAsker: (i) => showErrors(model.setAsker(i)) });
  }

  // `training`: a step of a run, which leaves the groups off screen stale.
  function paintAll(force, training = false) {
    const { state, result } = model;
    views.controls.update(state);
    for (const group of PANEL_GROUPS) {
      if (training && offScreen.has(group) && groups.has(group)) leaveStale(group);
      else paintGroup(group, force);
    }
    if (views.guided?.element.isConnected) views.guided.update(state, result);
  }

  // A printout shows the panels off screen too: a print while a run plays paints them first.
  function leaveStale(group) {
    stale.add(group);
    printStale ??= whilePrintable(() => {
      printStale = null;
      paintStale();
    });
  }

  const paintStale = speaking(() => {
    for (const group of [...stale]) if (model.result) paintGroup(group, true);
  });

  // One group of panels, unless it is not on screen yet (`later`) or not built (a figure's).
  function paintGroup(group, force) {
    if (later.has(group) || !groups.has(group)) return;
    stale.delete(group);
    if (!stale.size && printStale) {
      printStale();
      printStale = null;
    }
    const { state, result } = model;
    if (group === 'cast') views.cast.update(state, result, force);
    else if (group === 'asker') views.asker.update(state, result, { chapterNote: chapterNote(state) });
    else if (group === 'arrows') views.arrows.update(state, result);
    else views.grids.update(state, result, style);
  }

  // The groups held back (`later`) are painted as they come on screen: all at once as a tour leaves.
  const paintLater = speaking((groups = [...later]) => {
    for (const group of groups) {
      later.delete(group);
      if (model.result) paintGroup(group, true);
    }
  });

  // A group's box came near the screen, or left it: a stale one is painted now, before it shows.
  // (After a rebuild the old box's last word comes first: the observer reports in the order observed.)
  function cameNear(group, near) {
    if (near) offScreen.delete(group);
    else offScreen.add(group);
    if (near && stale.has(group) && model.result) paintGroup(group, true);
  }

  // The chapter's rounding remark belongs only to the chapter's own, untouched numbers:
  // { text, applies } for a preset that has one, else null.
  function chapterNote(state) {
    const name = model.source.presetName;
    // The preset says whether it has a note; the words are the catalogue's (preset.NAME.note).
    const note = name && Object.hasOwn(PRESETS, name) && PRESETS[name].chapterNote ? t(`preset.${name}.note`) : null;
    if (!note) return null;
    if (chapterState?.name !== name) chapterState = { name, json: JSON.stringify(presetState(name)) };
    return { text: note, applies: JSON.stringify(state) === chapterState.json };
  }

  function highlight(role) {
    if (role) ui.root.dataset.highlight = role;
    else delete ui.root.dataset.highlight;
  }

  // Drags repaint at most once per animation frame; a release or a key press applies at once.
  function dragValue(j, target, phase) {
    drag.pending = { j, target };
    if (phase === 'move') {
      drag.frame ||= requestAnimationFrame(applyDrag);
      return;
    }
    cancelAnimationFrame(drag.frame);
    applyDrag();
  }

  function applyDrag() {
    drag.frame = 0;
    const { pending } = drag;
    if (!pending) return;
    drag.pending = null;
    const outcome = model.drag(pending.j, pending.target);
    // An all-zero embedding cannot move (the plot says so); nothing to explain here.
    if (!outcome.ok && outcome.code !== 'zero_embedding' && outcome.code !== 'bad_edit') showErrors(outcome);
  }

  return {
    /** The views once built ({ controls, cast, asker, arrows, grids, formula, share, feedback, guided? }), else null. */
    get views() { return views; },
    /** Whether the widget has come near the viewport with its core in: changes are painted from then on. */
    get near() { return near; },
    prebuild,
    start,
    reveal,
    paint,
    /** Once near, paints what the model has and the screen does not (computed off screen, or a shared example's). */
    catchUp() {
      if (near && model.result && painted !== model.version) paint('load');
    },
    /** The heat shades (a stylesheet made once per page and theme, heat.js), in a task of their own before the grids' first paint. */
    prepareGrids() {
      continueRender(() => views?.grids?.prepare(style));
    },
    /** The colour scheme changed: the heat ramps are read again (by the next paint, if none is on screen yet). */
    themeChanged() {
      theme = null;
      if (!views) return;
      views.grids?.themeChanged();
      // Panels still being built ahead (prebuild) have nothing painted to repaint.
      if (near && model.result && shape === shapeOf(model.state, groups)) speaking(paintAll)(false);
    },
    /** `show`, `guided` or `train` changed: once painted, a figure that needs other panels builds them. */
    panelsChanged() {
      if (near && model.result && shape !== shapeOf(model.state, wantedGroups())) paint('load');
    },
    /**
     * The language changed: the words built once are rewritten in place, the panels built for the
     * example are built again (their cells, captions and names), the state and the reveal kept.
     */
    relabel: speaking(() => {
      relabel(ui.root);
      if (!views) return;
      // Built but maybe not laid out yet (a build ahead, prebuild, still under way): relabelled apart.
      for (const part of Object.values(views)) if (part?.element && !part.element.isConnected) relabel(part.element);
      relabelled = true;
      if (near && model.result) paint('lang');
    }),
    /**
     * A run paused or stepped once: the groups its steps left stale off screen are painted, in a task
     * after the next frame (continueRender). The last step, its repaint and its layout fill this task
     * and frame: painted in them too, a run's end was a long task.
     */
    freshen() {
      continueRender(paintStale);
    },
    /** The widget was disconnected: a drag's pending frame is dropped, Play stops. */
    stop() {
      views?.guided?.pause();
      cancelAnimationFrame(drag.frame);
      drag.frame = 0;
    },
  };
}

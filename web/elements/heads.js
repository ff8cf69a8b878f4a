// The <attention-heads> element class: a tiny attention-only language model
// trained live (in a worker, through the heads lab's own wasm module), its
// heads side by side. Press Train and watch two heads that start near uniform
// become a previous-word head and a first-noun head, each labelled from
// held-out measurements; Zero head N takes a head out of what the model shows.
// The package entry web/attention-heads.js registers it.
//
// Attributes are the API: seed, heads, no-worker. The controls write them. Lifecycle and wiring
// only: what it shows is web/views/heads/view.js.
import { ElementBase, defineElement } from '../shared/element.js';
import { styleSheet as tokenSheet } from '../shared/tokens.css.js';
import { followTheme } from '../shared/controllers/theme.js';
import { createVoice } from '../shared/controllers/voice.js';
import { problem, said } from '../shared/i18n/say.js';
import { clip } from '../shared/text.js';
import { el } from '../shared/dom.js';
import { startWhenNear } from '../shared/controllers/start-near.js';
import { DEFAULTS, RANGES } from '../views/heads/attributes.js';
import { HeadsClient } from '../views/heads/client.js';
import { HeadsView } from '../views/heads/view.js';
import { HeadsRun } from '../views/heads/run.js';
import { AttentionHeadsTrainedEvent } from '../views/heads/events.js';
import { styleSheet } from '../views/heads/heads.css.js';

/**
 * Two heads learn two jobs: a tiny multi-head model trained live by the core (docs/heads.md).
 * @tagname attention-heads
 * @attr {'light'|'dark'|'auto'} theme - Light or dark colours; auto (or absent) follows the page's own toggle, else the reader's system setting.
 * @attr {number} seed - 0 … 4294967295 (absent: 1): the corpus split, the initial weights and the batch order.
 * @attr {number} heads - 1 … 4 (absent: 2): number of heads; changing it starts a new model.
 * @attr {boolean} no-worker - Train on the page's thread instead of a worker (absent: off).
 * @fires {AttentionErrorEvent} attention-error - Each message the element shows, with a stable code.
 * @fires {AttentionHeadsTrainedEvent} attention-heads-trained - Training stopped with new steps: paused, paused itself, or a Step done (reason, steps, heads, heldOutLoss, jobs).
 * @cssprop [--aw-heads-fg=#1c1c21] - Text.
 * @cssprop [--aw-heads-muted=#55555f] - Secondary text.
 * @cssprop [--aw-heads-surface=#f6f6f8] - Controls' background.
 * @cssprop [--aw-heads-border=#c9c9d1] - Borders.
 * @cssprop [--aw-heads-accent=#6d28d9] - Controls and focus (the chapter's violet).
 * @cssprop [--aw-heads-alert-fg=#8a1c1c] - Messages.
 * @cssprop [--aw-heads-alert-bg=#fdecec] - Messages' background.
 * @cssprop [--aw-heads-masked=#ececf0] - The grids' masked (future) cells.
 * @cssprop [--aw-heads-job=#c2410c] - The outline of the row each head's job is measured on.
 * @cssprop [--aw-heads-train=#1d4ed8] - The training-loss curve.
 * @cssprop [--aw-heads-held=#c2410c] - The held-out-loss curve.
 * @cssprop [--aw-heads-grid=#e2e2e8] - The curves' grid lines.
 */
export class AttentionHeadsElement extends ElementBase {
  static observedAttributes = ['seed', 'heads', 'no-worker', 'theme'];

  /** Registers the element (no-op without a registry; safe twice); returns the registered class. */
  static define(tag = 'attention-heads', registry = globalThis.customElements) {
    return defineElement(this, tag, registry);
  }

  #state = { ...DEFAULTS };
  // The lab is built, and the worker (and its core) started, when it first comes near the viewport
  // (or is printed); the worker stops on removal.
  #near = startWhenNear(this, { start: () => this.#start(), stop: () => this.#stopClient() });
  #client = null;
  #run = new HeadsRun();  // the model on screen: its curves, measurement, zeroed heads (views/heads/run.js)
  #wanted = null;         // "seed/heads" the worker was last asked to build
  #running = false;
  #failed = false;        // the worker failed after starting: its model is gone until Reset
  #view = null;           // the lab's DOM (web/views/heads/view.js), built when it first comes near
  #voice;                 // its language and message line (web/shared/controllers/voice.js)
  #line;                  // the message line (#voice.line)
  #theme;                 // light or dark (web/shared/controllers/theme.js)
  #box;                   // the lab's box: its lang and dir (rtl in Arabic)

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.adoptedStyleSheets = [tokenSheet(), styleSheet()]; // the shared theme tokens, then heads.css: built once per page
    // One box (its lang and dir are the lab's) that holds the lab's room until it comes near: the
    // lab itself (some 700 nodes, and a container whose style needs a layout) is built in it then,
    // not as the page's modules upgrade it.
    this.#box = el('div', { class: 'reserve' });
    root.append(this.#box);
    // The language changed or arrived: the lab's words written again, its model and pictures kept.
    this.#voice = createVoice(this, { box: this.#box, line: () => this.#view?.parts.message ?? null,
      relabel: () => this.#view?.relabel() });
    this.#line = this.#voice.line;
    this.#theme = followTheme(this, { root, report: (problems) => this.#line.report('theme', problems) });
  }

  attributeChanged(name, oldValue, value) {
    if (name === 'theme') return this.#theme.attributeChanged();
    if (name === 'no-worker') {
      if (this.#client) this.#startClient();
      return;
    }
    this.#state[name] = this.#voice.whole(name, value, RANGES[name], this.#state[name]);
    this.#line.show();
    this.#view?.showSettings(this.#state, this.#line.has('seed'));
    // Still the skeleton: its blank panels follow the attribute.
    if (name === 'heads' && this.#view && this.#run.generation === 0 && this.#view.heads !== this.#state.heads) this.#view.buildHeads(this.#state.heads);
    if (this.isConnected) queueMicrotask(() => this.#resetIfChanged());
  }

  /** 'worker' or 'main': where the model trains for this element. */
  get computeMode() {
    return this.#client?.mode ?? null;
  }

  // ---- the worker ------------------------------------------------------------

  // Near (or printed), or connected again: the lab's DOM the first time, then its worker.
  #start() {
    if (!this.#view) {
      // blank, sized like the first picture (.loading in the CSS); its words in the element's language
      this.#view = new HeadsView(this.#box, this.#state.heads, this.#voice.speak);
      this.#box.classList.remove('reserve'); // the lab takes its own room now
      this.#view.showSettings(this.#state, this.#line.has('seed'));
      this.#wireControls();
      this.#line.show(); // a bad attribute read before the lab was built
    }
    this.#startClient();
  }

  #startClient() {
    this.#client?.close();
    const noWorker = this.#voice.boolean('no-worker', this.getAttribute('no-worker'), false);
    this.#line.show();
    this.#client = new HeadsClient({
      onMessage: (m) => this.#receive(m),
      forceMainThread: noWorker,
      onModeChange: (mode, why) => {
        this.#view.showMode(mode, why);
        this.#wanted = null;
        queueMicrotask(() => this.#resetIfChanged());
      },
    });
    this.#view.showMode(this.#client.mode, this.#client.why); // a worker again: the note goes
    this.#setFailed(false);
    this.#wanted = null;
    this.#resetIfChanged();
  }

  #stopClient() {
    this.#client?.close();
    this.#client = null;
    this.#wanted = null;
    this.#setRunning(false);
  }

  #resetIfChanged() {
    if (this.#failed && this.#client) return this.#startClient(); // a new worker for the new model
    const key = `${this.#state.seed}/${this.#state.heads}`;
    if (!this.#client || this.#wanted === key) return;
    this.#wanted = key;
    this.#client.send({ type: 'reset', config: { seed: this.#state.seed, heads: this.#state.heads } });
  }

  #receive(m) {
    if (m.type === 'error') {
      this.#line.report('engine', [{ code: m.code, message: m.message }]);
      return this.#setRunning(false);
    }
    if (m.type === 'worker-failed') {
      // Its model is lost with it: the pictures stay as they were, and Reset starts a new one.
      this.#setFailed(true);
      this.#line.report('engine', [problem('worker_failed', said('heads.workerStopped', { reason: clip(m.message, 80), steps: this.#run.steps }))]);
      return this.#setRunning(false);
    }
    if (m.type === 'reset') {
      this.#run.reset(m.generation);
      this.#setRunning(false);
      this.#line.report('engine', []);
      this.#view.buildHeads(m.config.heads, true); // a new model: its texts keep their lines until its first picture
      this.#view.showZeroed([], null);
      return;
    }
    if (!this.#run.isCurrent(m)) return; // news about a model already replaced
    if (m.type === 'running') {
      if (!m.running) this.#announceTrained(m.reason);
      return this.#setRunning(m.running, m);
    }
    if (m.type === 'view') {
      this.#run.index = m.index;
      return this.#view.showView(m.view, m.zeroed);
    }
    if (m.type === 'progress') this.#showProgress(m);
  }

  // ---- controls ----------------------------------------------------------------

  #wireControls() {
    const p = this.#view.parts;
    p.form.addEventListener('submit', (e) => e.preventDefault());
    p.train.addEventListener('click', () => this.#client?.send({ type: this.#running ? 'pause' : 'train' }));
    p.step.addEventListener('click', () => {
      if (!this.#client) return;
      this.#run.stepAsked();
      this.#client.send({ type: 'step' });
    });
    p.reset.addEventListener('click', () => {
      this.#wanted = null; // the same seed again: a fresh start
      this.#resetIfChanged();
    });
    // A control's value goes through its attribute, read as every whole number is (a message, and
    // the last good value or the range's end), so the attributes always say what the learner typed.
    p.seed.addEventListener('change', () => this.setAttribute('seed', p.seed.value));
    p.headsSelect.addEventListener('change', () => this.setAttribute('heads', p.headsSelect.value));
    p.another.addEventListener('click', () => this.#client?.send({ type: 'sentence', index: this.#run.nextSentence() }));
    // Zero head N (the buttons are rebuilt with the heads): toggles that head in what the model shows.
    p.heads.addEventListener('click', (event) => {
      const button = event.target.closest?.('button.zero');
      if (!button) return;
      this.#client?.send({ type: 'zero', heads: this.#run.toggleZero(Number(button.dataset.head)) });
    });
  }

  // pause: the engine's 'running' message (why it paused, with its numbers)
  #setRunning(running, pause) {
    this.#running = running;
    this.#view.showRunning(running, pause);
  }

  // Training stopped: once per stop that trained steps since the last (a pause at the same step fires none).
  #announceTrained(reason) {
    const detail = this.#run.trained(reason, this.#state.heads);
    if (detail) this.dispatchEvent(new AttentionHeadsTrainedEvent(detail));
  }

  #setFailed(failed) {
    this.#failed = failed;
    this.#view.showFailed(failed);
  }

  // ---- pictures ----------------------------------------------------------------------

  // Progress is recorded as it arrives and painted once per frame: a worker
  // faster than the page never queues up repaints on the main thread.
  #showProgress(m) {
    const { paint, stepDone } = this.#run.progress(m);
    if (stepDone) this.#announceTrained('step');
    if (paint) requestAnimationFrame(() => this.#paint());
  }

  #paint() {
    const { message, labels } = this.#run.takePending();
    if (!message) return;
    const run = this.#run;
    if (labels) this.#view.showLabels(run.measured);
    this.#view.showProgress(message, { train: run.train, heldOut: run.heldOut, measured: run.measured });
    this.#view.showZeroed(message.zeroed, run.measured);
  }
}

// What <attention-heads> keeps of the model on screen, free of the DOM: the engine's messages
// (engine.js) come in, and out come the curves' points, the newest measurement, the heads asked
// to be zeroed, and when a stop has trained new steps (the attention-heads-trained event).
// Progress is painted once per frame: `takePending()` hands the newest message not yet painted.
export class HeadsRun {
  generation = 0;   // the model on screen (engine.js); news about another is dropped
  steps = 0;        // the steps of the newest picture
  index = 0;        // the sample sentence (held-out index)
  train = [];       // { steps, loss } training loss per chunk
  heldOut = [];     // { steps, loss } held-out loss per measurement
  measured = null;  // the newest measurement
  zeroed = [];      // heads asked to be zeroed (0-based): from what was asked, not the last answer
  #stepping = false;  // a Step was asked for: its forced measurement ends it
  #announced = 0;     // the steps the last attention-heads-trained named
  #pending = null;    // the newest progress message not yet painted
  #labelsDue = false; // a measurement arrived since the last paint

  /** A new model: everything of the old one goes. */
  reset(generation) {
    Object.assign(this, { generation, steps: 0, index: 0, train: [], heldOut: [], measured: null, zeroed: [] });
    this.#stepping = false;
    this.#announced = 0;
    this.#pending = null;
    this.#labelsDue = false;
  }

  /** A message about this model (not a replaced one). */
  isCurrent(m) {
    return m.generation === this.generation;
  }

  stepAsked() {
    this.#stepping = true;
  }

  /** Head h zeroed or back; two quick presses zero two heads. Returns the list to ask for. */
  toggleZero(h) {
    this.zeroed = this.zeroed.includes(h) ? this.zeroed.filter((x) => x !== h) : [...this.zeroed, h];
    return this.zeroed;
  }

  /** The next held-out sentence's index. */
  nextSentence() {
    return (this.index + 1) % (this.measured?.heldOutSentences ?? 1);
  }

  /**
   * Records a progress message. Returns { paint, stepDone }: paint when this is the first message
   * since the last paint (ask for a frame), stepDone when it ends an asked-for Step (a Step's
   * picture is always measured).
   */
  progress(m) {
    this.steps = m.steps;
    if (Number.isFinite(m.trainLoss)) this.train.push({ steps: m.steps, loss: m.trainLoss });
    let stepDone = false;
    if (m.measured) {
      this.measured = m.measured;
      if (this.heldOut.at(-1)?.steps === m.steps) this.heldOut.pop(); // measured again at the same step
      this.heldOut.push({ steps: m.steps, loss: m.measured.heldOutLoss });
      this.#labelsDue = true;
      stepDone = this.#stepping;
      this.#stepping = false;
    }
    const paint = this.#pending === null;
    this.#pending = m;
    return { paint, stepDone };
  }

  /** The message to paint (null when none, or about a replaced model) and whether the labels changed. */
  takePending() {
    const m = this.#pending;
    this.#pending = null;
    if (!m || !this.isCurrent(m)) return { message: null, labels: false };
    const labels = this.#labelsDue;
    this.#labelsDue = false;
    this.index = m.index;
    return { message: m, labels };
  }

  /** The detail of an attention-heads-trained event, once per stop that trained new steps; else null. */
  trained(reason, heads) {
    if (this.steps === this.#announced) return null;
    this.#announced = this.steps;
    return { reason, steps: this.steps, heads, heldOutLoss: this.measured?.heldOutLoss ?? null,
      jobs: this.measured?.heads.map((h) => h.job) ?? [] };
  }
}

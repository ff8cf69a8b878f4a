// A model as a readonly figure's own controls see it: everything to read, nothing to change.
// `readonly` promises that nothing the learner does in a figure changes the example, shared
// by other figures or not. Disabling inputs keeps most of that promise, but not all of it (a
// grid row's click, Enter on a cell, a train panel, a guided tour): so the widget hands its
// panels, tour and train panel the model through this gate, which refuses every change while
// the figure is readonly. The page's own code (`widget.model`, `config`, attributes) is not
// the learner's and goes past it.
const CHANGES = new Set(['edit', 'setSwitch', 'setAsker', 'drag', 'reset', 'propose']);

/** The refusal's code: the widget shows no message for it (the figure's controls say readonly). */
export const READONLY = 'readonly';

const refuse = () => ({ ok: false, code: READONLY, message: 'this figure is read-only: it changes nothing', notes: [] });

/**
 * @param {object} model the widget's model (its switch, web/model/switch.js)
 * @param {() => boolean} isReadonly asked at every change: the attribute may come and go
 * @returns {object} the same model, its changes refused while isReadonly()
 */
export function readonlyGate(model, isReadonly) {
  return new Proxy(model, {
    get(target, prop) {
      if (CHANGES.has(prop) && isReadonly()) return refuse;
      return Reflect.get(target, prop);
    },
  });
}

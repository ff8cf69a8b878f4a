// The switches the chapter mentions: causal mask, divide by √d_k, the softmax
// temperature (Chapter 9's knob), and a reset to the preset.
import { el, setAttr, setText, uid } from '../../shared/dom.js';
import { fixed2 } from '../../shared/numbers.js';
import { label, t, text } from '../../shared/i18n/messages.js';

export const T_MIN = 0.1;
export const T_MAX = 5;

/** @param {{ onCausal, onScaled, onTemperature, onReset }} handlers */
export function createControls({ onCausal, onScaled, onTemperature, onReset }) {
  const causal = switchControl('controls.causal', onCausal);
  const scaled = switchControl('controls.scaled', onScaled);
  scaled.wrap.classList.add('divisor-switch');
  const tId = uid('temp');
  const slider = el('input', { type: 'range', id: tId, min: T_MIN, max: T_MAX, step: 0.05, value: 1 });
  const tValue = el('output', { for: tId, class: 'num-cell' });
  slider.addEventListener('input', () => onTemperature(Number(slider.value)));
  const reset = el('button', { type: 'button', class: 'reset', ...text('controls.reset') });
  reset.addEventListener('click', onReset);
  const temperature = el('span', { class: 'temperature' },
    el('label', { for: tId, ...text('controls.temperature') }), slider, tValue);
  const element = el('div', { class: 'controls', role: 'group', ...label('controls.group') },
    causal.wrap, scaled.wrap, temperature, reset);

  function update(state) {
    causal.input.checked = state.causal;
    scaled.input.checked = state.scaled;
    // The slider covers 0.1..5; a temperature set by attribute may lie beyond, the label says the truth.
    if (Number(slider.value) !== state.temperature) slider.value = String(state.temperature);
    setAttr(slider, 'aria-valuetext', t('controls.temperatureValue', { t: fixed2(state.temperature) }));
    setText(tValue, `T = ${fixed2(state.temperature)}`);
  }

  // parts: each switch on its own, for a layout that puts it beside what it changes.
  return { element, update, parts: { causal: causal.wrap, scaled: scaled.wrap, temperature } };
}

function switchControl(key, onChange) {
  const input = el('input', { type: 'checkbox', role: 'switch' });
  input.addEventListener('change', () => onChange(input.checked));
  const wrap = el('label', { class: 'switch' }, input, el('span', text(key)));
  return { input, wrap };
}

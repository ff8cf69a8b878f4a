// One editable number: a text input that parses as you type, steps with the
// arrow keys (1, or 0.1 with Shift), and on bad text shows an inline message,
// marks itself aria-invalid and reports nothing (so the last good state stays).
import { el, uid } from '../../shared/dom.js';
import { AttentionErrorEvent } from '../../shared/events.js';
import { decimalSeparator, inputText, restText } from '../../shared/numbers.js';
import { inLocaleOf } from '../../shared/i18n/messages.js';
import { parseNumber as parseDotted } from '../../model/limits.js';

// The locale's decimal comma ("0,5" in German) is read as well as the point; what is shared (links,
// events, the state) is always a number. Called in the element's language (inLocale).
const parseNumber = (text) =>
  parseDotted(decimalSeparator() === ',' && /^[^.,]*,[^.,]*$/.test(text) ? text.replace(',', '.') : text);

/**
 * @param {{ label: string, value: number, onValue: (x: number) => {code, message}|null,
 *           messageHost: Element, className?: string }} options
 *   onValue returns null when the widget accepted the number, or the refusal when it did not.
 *   Every message shown is also dispatched from the input as an attention-error event.
 */
export function createNumberInput({ label, value, onValue, messageHost, className = '' }) {
  // No inputmode="decimal": iOS's decimal keypad has no minus sign, and the chapter's own
  // weights are negative (−1, −2, −3). The text keyboard's number row has both.
  const input = el('input', {
    type: 'text', autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
    class: `num ${className}`, 'aria-label': label, value: restText(value),
  });
  const message = el('span', { id: uid('msg'), class: 'cell-message', role: 'alert', hidden: true });
  messageHost.append(message);
  let good = value; // last accepted number
  let behind = null; // the state moved on while the learner was typing here: { force } to write on leaving

  function showError({ code, message: text }) {
    message.textContent = `${label} ${text}`;
    input.dispatchEvent(new AttentionErrorEvent({ code, message: message.textContent }));
    message.hidden = false;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', message.id);
  }

  function clearError() {
    if (message.hidden) return;
    message.hidden = true;
    message.textContent = '';
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }

  function commitText() {
    const parsed = parseNumber(input.value);
    if (!parsed.ok) return showError({ code: 'bad_number', message: parsed.message });
    const refused = onValue(parsed.value);
    if (refused) return showError(refused);
    good = parsed.value;
    clearError();
  }

  // A cell reads as the chapter prints, two decimals at most (training moves cells by thousandths);
  // what the learner types stays as typed until they leave the cell.
  // The learner's events run outside a paint: in the language of the element the cell is in.
  const speaking = (fn) => (event) => inLocaleOf(input, () => fn(event));
  input.addEventListener('input', speaking(commitText));
  input.addEventListener('blur', speaking(() => {
    const late = behind;
    behind = null;
    if (late && (late.force || message.hidden)) write(good);
    else if (message.hidden) input.value = restText(good);
  }));

  // The state's number into the text (a focused cell's text is kept while it reads as it). Text
  // that reads the same is not written again: training forces every cell each step, yet moves most
  // by less than their two decimals show, and each write re-lays out the cell's box.
  function write(x) {
    const focused = input.matches(':focus');
    const parsed = parseNumber(input.value);
    if (!focused) {
      const text = restText(x);
      if (input.value !== text) input.value = text;
    } else if (!parsed.ok || parsed.value !== x) input.value = inputText(x);
    clearError();
  }
  input.addEventListener('keydown', speaking((event) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const parsed = parseNumber(input.value);
    const base = parsed.ok ? parsed.value : good;
    const step = (event.shiftKey ? 0.1 : 1) * (event.key === 'ArrowUp' ? 1 : -1);
    input.value = inputText(Number((base + step).toFixed(6)));
    commitText();
  }));

  return {
    input,
    get invalid() { return !message.hidden; },
    /**
     * Shows a number from the state; `force` also replaces text the learner left invalid. Never
     * rewrites the text of the cell that has focus: the learner is typing there, and a repaint
     * many times a second (training: every one forced) would mix its numbers into their
     * keystrokes and move their selection. The newest number is written when they leave the cell.
     */
    set(x, force = false) {
      if (!force && (this.invalid || x === good)) return; // unchanged (or left for the learner to fix)
      good = x;
      if (input.matches(':focus')) {
        behind = { force: force || behind?.force === true };
        return;
      }
      behind = null;
      write(x);
    },
  };
}

// The guided and predict attributes: absent = off; '', 'true', 'on', '1', 'yes' = on;
// 'false', 'off', '0', 'no' = off; anything else = off, with a short message.
const ON = new Set(['', 'true', 'on', '1', 'yes']);
const OFF = new Set(['false', 'off', '0', 'no']);

/** { on, message } for a boolean attribute's value (null when absent). */
export function readSwitch(name, value) {
  if (value === null) return { on: false, message: null };
  const v = value.trim().toLowerCase();
  if (ON.has(v)) return { on: true, message: null };
  if (OFF.has(v)) return { on: false, message: null };
  return { on: false, message: `${name}="${value.slice(0, 20)}" is not on or off; use ${name} or ${name}="false"` };
}

// Text a person typed is shown back to them as text (never markup), and short.

/** At most `max` characters of `raw`, with an ellipsis when cut. */
export function clip(raw, max = 24) {
  const s = String(raw);
  return s.length > max ? `${s.slice(0, max)}\u2026` : s;
}

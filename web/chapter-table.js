// Placeholder page script: the chapter's weights grid as a plain table, computed by the core.
import { loadAttention } from '../wasm/attention.js';

const tokens = ['the', 'cat', 'sat'];
const attn = await loadAttention();
const { weights } = attn.attend({
  embeddings: [[1, 0, 0], [0, 1, 0], [1, 1, 1]],
  wq: [[2, 0, -1], [0, 2, -1]],
  wk: [[1, 1, -2], [-1, 1, 1]],
  wv: [[0, 3, -2], [2, 1, -3]],
});
const table = document.getElementById('weights');
const head = table.createTHead().insertRow();
head.appendChild(document.createElement('th'));
for (const t of tokens) head.appendChild(document.createElement('th')).textContent = t;
weights.forEach((row, i) => {
  const tr = table.insertRow();
  tr.appendChild(document.createElement('th')).textContent = tokens[i];
  for (const w of row) tr.insertCell().textContent = w.toFixed(2);
});

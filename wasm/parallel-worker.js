// A worker of wasm/parallel.js's pool: its own core, K and V kept between calls,
// one band of rows per request (see serveRows there).
import { loadAttention } from './attention.js';
import { serveRows } from './parallel.js';

const attnReady = loadAttention({ path: 'raw' });
const state = {};
self.addEventListener('message', async ({ data }) => {
  const { reply, transfer } = await serveRows(attnReady, state, data);
  self.postMessage(reply, transfer);
});

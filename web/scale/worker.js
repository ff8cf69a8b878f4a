// The scale lab's worker: loads the attention core once, then runs one job per
// message and posts the result back. The page sends at most one job at a time
// (it keeps only the newest waiting request), so nothing queues up here.
// The heat map's pixel means travel as a transferred buffer, never copied.

import { loadAttention } from '../../wasm/attention.js';
import { runJob } from './compute.js';

const attnReady = loadAttention();

self.addEventListener('message', async ({ data: job }) => {
  try {
    const attn = await attnReady;
    const result = runJob(attn, job);
    const transfer = result.means ? [result.means.buffer] : [];
    self.postMessage({ id: job.id, kind: job.kind, result }, transfer);
  } catch (err) {
    self.postMessage({ id: job.id, kind: job.kind, error: err?.message ?? String(err) });
  }
});

// The scale lab's worker: loads the attention core's kernel runner once, then runs one job per
// message and posts the result back. The page sends at most one job at a time
// to each worker (it keeps only the newest waiting request), so nothing queues
// up here. A grid job may be one band of rows (several workers share a grid;
// see client.js). The heat map's pixel means travel as a transferred buffer,
// never copied, and the page may send one back with a later job for reuse.
//
// Errors go back as { code, message }: the core's AttentionError code
// ('load_failed' when the core itself could not start here, which makes the
// page compute without this worker).

import { loadKernelRunner } from '../../../wasm/attention.js';
import { serveJobs } from './compute.js';

serveJobs(self, loadKernelRunner()); // the best build here: relaxed SIMD where it validates

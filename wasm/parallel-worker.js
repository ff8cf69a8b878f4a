// A worker of wasm/parallel.js's pool: its own core, K and V kept between calls,
// one band of rows per request (rowsHandler there; the loop is worker-pool.js's).
import { loadAttention } from './attention.js';
import { rowsHandler } from './parallel.js';
import { servePool } from './worker-pool.js';

servePool(self, rowsHandler(loadAttention({ path: 'raw' }), {}));

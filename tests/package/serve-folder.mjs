// A tiny static server for one folder, for tests that need a page outside the
// repo's demo server: the packed package's site, a parent page on another origin.
// Sends the given Content-Security-Policy on every response and, when asked,
// CORS headers (as a host serving the widget's modules to other origins must).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8', '.ts': 'text/plain; charset=utf-8', '.wasm': 'application/wasm',
};

/**
 * Serves `root` on 127.0.0.1 (a free port). Options: csp (string or null), cors (origin or '*'),
 * pages ({ '/path': html } served from memory). Resolves to { server, origin, requests, close() }.
 */
export function serveFolder(root, { csp = null, cors = null, pages = {} } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    const headers = { 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' };
    if (csp) headers['Content-Security-Policy'] = csp;
    if (cors) headers['Access-Control-Allow-Origin'] = cors;
    if (path in pages) {
      res.writeHead(200, { ...headers, 'Content-Type': TYPES['.html'] });
      res.end(pages[path]);
      return;
    }
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    try {
      if (!file.startsWith(root + sep) || !(await stat(file)).isFile()) throw new Error('not found');
      const body = await readFile(file);
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('not found\n');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const origin = `http://127.0.0.1:${server.address().port}`;
      resolve({ server, origin, requests, close: () => new Promise((done) => server.close(done)) });
    });
  });
}

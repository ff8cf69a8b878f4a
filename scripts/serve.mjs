// Static server for the demo: serves web/, wasm/ and dist/ on 127.0.0.1 with
// the strict Content-Security-Policy a careful course site would send, so the
// demo proves the widget works under it. No dependencies. Every file also goes
// with Access-Control-Allow-Origin: *, as a widget host must send it: a page on
// another origin loads the modules with CORS, and so does embed.html inside an
// <iframe sandbox="allow-scripts"> (its origin is "null"), the core's .wasm included.
// The files are public and no request carries credentials, so * is right.
//
//   PORT=8080 node scripts/serve.mjs      (PORT=0 picks a free port)
//
// The demo pages load the production build (dist/browser/, rebuilt by `npm start` and `node scripts/build-web.mjs`);
// http://127.0.0.1:8080/dev/ serves the same pages loading the source modules instead.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVED = ['web', 'wasm', 'dist']; // nothing else of the repo is reachable
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.d.ts': 'text/plain; charset=utf-8',
};
export const CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
].join('; ');

// Development: /dev/PATH is PATH, but a demo page under /dev/web/ loads its scripts from the sources
// (web/*.js) instead of the production build (../dist/browser/; the builder's ../dist/demo/), so an
// edit shows without a build.
// Every demo page, as served at /web/, loads what a course copies.
export const DEV = '/dev/';
// (A preload of the production core goes: the sources load the core another way.)
export function devPage(html) {
  return html.replace(/^ *<link rel="(?:module)?preload" href="\.\.\/dist\/[^"]*"[^>]*>\n/gm, '')
    .replace(/src="\.\.\/dist\/(browser|demo)\//g, 'src="./');
}

// URL path -> file path inside a served folder, or null.
function resolvePath(urlPath) {
  let path = decodeURIComponent(urlPath.split('?')[0]);
  if (path.startsWith(DEV)) path = path.slice(DEV.length - 1);
  if (path.endsWith('/')) path += 'index.html';
  const file = normalize(join(ROOT, path));
  const top = file.slice(ROOT.length).split(sep)[0];
  return file.startsWith(ROOT) && SERVED.includes(top) ? file : null;
}

async function handle(req, res) {
  const home = ['/', DEV].find((start) => req.url === start || req.url.startsWith(`${start}?`));
  if (home) {
    // The demo's relative imports resolve from /web/, so send the browser there.
    res.writeHead(302, { Location: `${home}web/${req.url.slice(home.length)}` });
    res.end();
    return;
  }
  let file;
  try {
    file = resolvePath(req.url);
  } catch {
    file = null; // malformed %-encoding
  }
  try {
    if (!file || !(await stat(file)).isFile()) throw new Error('not found');
    const dev = req.url.startsWith(DEV) && extname(file) === '.html';
    const body = dev ? devPage(await readFile(file, 'utf8')) : await readFile(file);
    res.writeHead(200, {
      'Content-Type': (Object.hasOwn(TYPES, extname(file)) && TYPES[extname(file)]) || 'application/octet-stream',
      'Content-Security-Policy': CSP,
      'Access-Control-Allow-Origin': '*',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end('not found\n');
  }
}

// Node refuses requests whose headers pass 16 KB with 431. An embed URL carrying a share payload at
// its cap (16,000 characters, web/model/share.js) is that long, and the browser sends the whole URL
// again as the Referer of every module the page loads: allow 64 KB. Other hosts cut the request line
// near 8 KB (nginx and Apache answer 414), so docs/hardening.md points long payloads at the
// fragment (embed.html#w=…), which never reaches a server.
const MAX_HEADER_BYTES = 64 * 1024;

export function serve(port = 8080, host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, handle);
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  serve(port).then(
    (server) => console.log(`Attention widget demo: http://127.0.0.1:${server.address().port}/`),
    (err) => {
      console.error(`serve: cannot listen on port ${port}: ${err.message}` +
        (err.code === 'EADDRINUSE' ? ` (try PORT=${port + 1} npm start)` : ''));
      process.exit(1);
    });
}

// The demo server (scripts/serve.mjs) serves what the docs promise: an embed URL carrying a
// share payload at its documented cap in the query string (`embed.html?w=…`) is answered, not
// refused with 431 (Node's default header limit is 16 KB, and the browser repeats the whole
// URL as the Referer of every module the page then loads).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFile } from 'node:fs/promises';
import { devPage, serve } from '../../scripts/serve.mjs';
import { hostedPage } from '../../scripts/build-web.mjs';
import { MAX_PAYLOAD_CHARS } from '../../web/model/share.js';

function get(port, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

test('embed.html?w= with a payload at the cap, and a module fetched with that URL as Referer, are served', async () => {
  const server = await serve(0);
  try {
    const { port } = server.address();
    const page = `/web/embed.html?w=1.${'A'.repeat(MAX_PAYLOAD_CHARS - 2)}`;
    assert.equal(await get(port, page), 200);
    const referer = `http://127.0.0.1:${port}${page}`;
    assert.equal(await get(port, '/web/embed.js', { Referer: referer, 'User-Agent': 'x'.repeat(300) }), 200);
  } finally {
    server.close();
  }
});

test('headers far beyond any share link are still refused (the limit is raised, not removed)', async () => {
  const server = await serve(0);
  try {
    const { port } = server.address();
    const status = await get(port, `/web/embed.html?w=${'A'.repeat(200_000)}`).catch(() => 431);
    assert.equal(status, 431);
  } finally {
    server.close();
  }
});

// The iframe page preloads the production core beside its script. Inside dist/browser/ its links point
// beside it; the development copy, which loads the core from the sources, has no preload to leave unused.
const EMBED_HEAD = `  <script type="module" src="../dist/browser/embed.js"></script>
  <link rel="modulepreload" href="../dist/browser/attention-core.mjs">
  <link rel="preload" href="../dist/browser/attention-core.wasm" as="fetch" type="application/wasm" crossorigin>
`;

test('the hosted embed page loads and preloads from beside it; the development page preloads nothing', () => {
  assert.equal(hostedPage(EMBED_HEAD), `  <script type="module" src="./embed.js"></script>
  <link rel="modulepreload" href="./attention-core.mjs">
  <link rel="preload" href="./attention-core.wasm" as="fetch" type="application/wasm" crossorigin>
`);
  assert.equal(devPage(EMBED_HEAD), '  <script type="module" src="./embed.js"></script>\n');
});

test('web/embed.html has the preloads those rewrites expect', async () => {
  const page = await readFile(new URL('../../web/embed.html', import.meta.url), 'utf8');
  for (const line of EMBED_HEAD.split('\n').filter(Boolean)) assert.ok(page.includes(line), line);
});

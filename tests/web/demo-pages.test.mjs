// Every demo page loads the production build a course copies (dist/browser/), so what the browser
// tests and the load benchmark see is what ships; /dev/web/PAGE (scripts/serve.mjs) is the same
// page loading the source modules, for development; the hosted copy of embed.html loads its script
// from beside it. The oracle reads the markup itself: script tags are found with a regular expression.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { serve } from '../../scripts/serve.mjs';

const WEB = new URL('../../web/', import.meta.url);
const scripts = (html) => [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);

function get(port, path) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => { body += chunk; });
      res.on('end', () => resolve({ status: res.statusCode, body, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pages = async () => (await readdir(WEB)).filter((name) => name.endsWith('.html'));

test('every demo page loads only the production build, and that file is built', async () => {
  for (const page of await pages()) {
    const srcs = scripts(await readFile(new URL(page, WEB), 'utf8'));
    assert.ok(srcs.length > 0, `${page} loads a script`);
    for (const src of srcs) {
      // The builder, a tool for authors, has a build of its own outside the package (dist/demo/).
      assert.match(src, page === 'builder.html' ? /^\.\.\/dist\/demo\/builder\.js$/ : /^\.\.\/dist\/browser\/[\w-]+\.js$/,
        `${page} loads ${src}`);
      assert.ok(existsSync(new URL(src, WEB)), `${page}: ${src} is built`);
    }
  }
});

test('/dev/ serves each page loading the source modules, and the sources it names exist', async () => {
  const server = await serve(0);
  try {
    const { port } = server.address();
    assert.equal((await get(port, '/dev/?preset=river-bank')).location, '/dev/web/?preset=river-bank');
    for (const page of await pages()) {
      const shipped = await get(port, `/web/${page}`);
      const dev = await get(port, `/dev/web/${page}`);
      assert.equal(dev.status, 200, page);
      assert.deepEqual(scripts(dev.body), scripts(shipped.body).map((src) => src.replace(/^\.\.\/dist\/\w+\//, './')), page);
      for (const src of scripts(dev.body)) {
        assert.ok(existsSync(new URL(src, WEB)), `${page} (dev): ${src} exists`);
        assert.equal((await get(port, `/dev/web/${src.slice(2)}`)).status, 200, `${page} (dev): ${src} is served`);
      }
    }
    // A module under /dev/ is the file itself (only pages are rewritten).
    const module = await get(port, '/dev/web/attention-widget.js');
    assert.equal(module.body, await readFile(new URL('attention-widget.js', WEB), 'utf8'));
  } finally {
    server.close();
  }
});

test('the hosted embed.html loads its script from beside it', async () => {
  const hosted = await readFile(new URL('../dist/browser/embed.html', WEB), 'utf8');
  assert.deepEqual(scripts(hosted), ['./embed.js']);
  assert.deepEqual(scripts(await readFile(new URL('embed.html', WEB), 'utf8')), ['../dist/browser/embed.js']);
});

// bench/kernel-ab.mjs's paired A/B rounds in Chromium (Debian's, driven by Playwright),
// where the relaxed-SIMD build is the one the scale lab loads.
//
//   node bench/kernel-ab-browser.mjs OLD.mjs NEW.mjs [rounds] [main|big|odd]
//
// OLD and NEW as for kernel-ab.mjs (inlined modules, optionally MODULE=raw-path.js).
// The page is served here: the repo's wasm/, web/ and bench/, plus the two modules
// and raw paths under /ab/; an import of checks.js in a raw-path.js given here is
// pointed at the repo's wasm/checks.js.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { machine } from './browser.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVED = ['wasm', 'web', 'bench'];
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

function serve(extra) {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path === '/favicon.ico') return res.writeHead(204).end();
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<!doctype html><meta charset="utf-8"><title>kernel A/B</title>');
    }
    let file = extra[path];
    if (!file) {
      const candidate = normalize(join(ROOT, path));
      if (candidate.startsWith(ROOT) && SERVED.includes(candidate.slice(ROOT.length).split(sep)[0])) file = candidate;
    }
    if (!file) return res.writeHead(404).end();
    try {
      let body = await readFile(file);
      if (extra[path] && extname(file) === '.js')
        body = body.toString().replace(/from '[^']*checks\.js'/, "from '/wasm/checks.js'");
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

async function main([oldArg, newArg, rounds = '15', set = 'main']) {
  if (!oldArg || !newArg) throw new Error('usage: kernel-ab-browser.mjs OLD.mjs NEW.mjs [rounds]');
  const extra = {}, builds = [];
  for (const [k, arg] of [oldArg, newArg].entries()) {
    const [module, rawPath] = arg.split('=');
    extra[`/ab/module${k}.mjs`] = resolve(module);
    if (rawPath) extra[`/ab/raw-path${k}.js`] = resolve(rawPath);
    builds.push({ module: `/ab/module${k}.mjs`, rawPath: rawPath ? `/ab/raw-path${k}.js` : '/wasm/raw-path.js' });
  }
  const server = await serve(extra);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
  const m = machine();
  try {
    const page = await (await browser.newContext()).newPage();
    page.on('console', (msg) => { if (msg.type() === 'error') console.error(msg.text()); });
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    console.log(`# kernel A/B in Chromium ${browser.version()}, ${new Date().toISOString()}, ${m.model}, ${m.cpus} CPUs, `
      + `load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    console.log(`# old ${oldArg}\n# new ${newArg}\n# new / old time, ${rounds} alternating rounds (median of calls each), cases ${set}`);
    const lines = await page.evaluate(async ([builds, rounds, set]) => {
      const { abRounds, startRawPath } = await import('/bench/kernel-ab-rounds.mjs');
      const paths = [];
      for (const { module, rawPath } of builds) {
        const { createRawPath } = await import(rawPath);
        paths.push(await startRawPath(createRawPath, (await import(module)).default));
      }
      return abRounds(paths[0], paths[1], rounds, set);
    }, [builds, Number(rounds), set]);
    for (const line of lines) console.log(line);
    console.log(`# load at the end ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  } finally {
    await browser.close();
    server.close();
  }
}

await main(process.argv.slice(2));

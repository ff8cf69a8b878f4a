// Packs this repo with `npm pack` and installs the tarball into an empty folder,
// as a course site would: `npm install --offline` (the package has no dependencies,
// so no network is needed). Used by tests/browser/ship-package.spec.js.
//
// The tarball is made with --ignore-scripts: the test tiers run after scripts/build.sh,
// so dist/ is fresh, and a pack test must not rebuild under other tests' feet.
import { execFile } from 'node:child_process';
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** { dir, tarball, bytes, files, remove() }: an empty folder with the packed package installed. */
export async function packAndInstall() {
  const dir = await mkdtemp(join(tmpdir(), 'attention-widget-pkg-'));
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir],
    { cwd: REPO, maxBuffer: 16 << 20 });
  const [info] = JSON.parse(stdout);
  const tarball = join(dir, info.filename);
  const site = join(dir, 'site');
  await mkdir(site);
  await writeFile(join(site, 'package.json'), JSON.stringify({ name: 'course-site', private: true, type: 'module' }));
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--loglevel=error', tarball], { cwd: site });
  return { dir: site, tarball, bytes: (await stat(tarball)).size, files: info.files.map((f) => f.path),
    remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes a file into the site folder. */
export async function writeSiteFile(site, name, text) {
  await writeFile(join(site, name), text);
}

export async function readInstalled(site, path) {
  return readFile(join(site, 'node_modules', 'attention-widget', path), 'utf8');
}

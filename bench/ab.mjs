// The other side of an A/B run (npm run bench -- --ab REF [NAME ...]): REF checked out in a
// temporary git worktree, with this tree's node_modules linked in, and built by its own
// scripts/build.sh, so its wasm/, dist/ and web/ are what REF ships. bench/run.mjs then runs each
// measurement's cases on both checkouts, interleaved round by round (bench/rounds.mjs).
import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const git = (...args) => execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' }).trim();

/**
 * Checks REF out and builds it. Returns { root, label, remove() }. A worktree left from an earlier
 * run of the same commit (--keep) is reused, and its build is incremental.
 */
export function checkoutRef(ref) {
  let commit;
  try {
    commit = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
  } catch {
    throw new Error(`--ab ${ref}: not a commit this repository has (a branch, tag or hash)`);
  }
  const root = join(tmpdir(), `attention-ab-${commit.slice(0, 12)}`);
  if (!existsSync(root)) {
    git('worktree', 'add', '--detach', root, commit);
    symlinkSync(realpathSync(join(ROOT, 'node_modules')), join(root, 'node_modules'));
  }
  process.stderr.write(`bench: building ${ref} (${commit.slice(0, 7)}) in ${root}\n`);
  execFileSync('bash', ['scripts/build.sh'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  return {
    root,
    label: `${ref} (${commit.slice(0, 7)})`,
    remove: () => git('worktree', 'remove', '--force', root),
  };
}

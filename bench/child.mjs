// Runs a node script in a fresh process and parses the JSON line it prints last.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// nodeArgs: flags for the child node (e.g. --experimental-wasm-relaxed-simd, which node 20 refuses
// in NODE_OPTIONS).
export function runInChild(scriptUrl, args, nodeArgs = []) {
  const script = fileURLToPath(scriptUrl);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...nodeArgs, script, ...args], { maxBuffer: 1 << 26 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${script} ${args.join(' ')} failed: ${stderr || err.message}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      } catch {
        reject(new Error(`no JSON from ${script}: ${stdout}`));
      }
    });
  });
}

// Runs a node script in a fresh process and parses the JSON line it prints.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export function runInChild(scriptUrl, args) {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [fileURLToPath(scriptUrl), ...args], { maxBuffer: 1 << 20 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${fileURLToPath(scriptUrl)} ${args.join(' ')} failed: ${stderr || err.message}`));
      try {
        resolve(JSON.parse(stdout.trim().split('\n').pop()));
      } catch {
        reject(new Error(`no JSON from ${fileURLToPath(scriptUrl)}: ${stdout}`));
      }
    });
  });
}

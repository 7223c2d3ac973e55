import { spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * Runs a JS tool from node_modules/.bin on the Node that runs this script (not whatever `node` is
 * first on PATH: the system one may be too old), and rejects on failure.
 */
export function run(tool, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join('node_modules', '.bin', tool), ...args], { stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

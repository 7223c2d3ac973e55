import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout then stderr, as an operator's terminal shows them. */
  out: string;
}

/**
 * The built command behind `npm run orders|stock|content:sync|vitals` (dist/server/db-cli.js).
 * Run without blocking this process (not spawnSync): a test's emulators keep answering meanwhile,
 * and its keep-alive connections see the shop close them instead of reusing a dead one afterwards.
 */
export function runDbCli(args: string[], options: { env: Record<string, string | undefined>; cwd?: string }): Promise<CliRun> {
  const child = spawn(process.execPath, [resolve('dist/server/db-cli.js'), ...args], {
    cwd: options.cwd,
    env: { ...process.env, LOG_LEVEL: 'error', ...options.env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, stdout, stderr, out: `${stdout}${stderr}` }));
  });
}

// The built Node server (what `npm start` runs) on a fresh libSQL file in a temporary folder, for the
// benchmarks: waited for until /healthz answers (it migrates and loads content/ first); stop() ends it
// and removes the folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startBenchServer({ logLevel = 'warn' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  const port = 8800 + Math.floor(Math.random() * 200);
  const server = spawn(process.execPath, ['dist/server/node.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      TURSO_DATABASE_URL: `file:${join(dir, 'bench.db')}`,
      LOG_LEVEL: logLevel,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
    rmSync(dir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 300) {
      await stop();
      throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, dbFile: join(dir, 'bench.db'), stop };
}

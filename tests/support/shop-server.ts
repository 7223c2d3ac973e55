import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGeoEmulator, type GeoEmulator } from './geo-emulator';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

export interface ShopServer {
  url: string;
  /** The region services the browser calls (unless `env` pointed them elsewhere). */
  geo: GeoEmulator;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs the built Node entry (what `npm start` runs) on a free port with a fresh database. The
 * browser's region services point at a loopback emulator that names no country (there is no
 * internet here), unless `env` points them elsewhere.
 */
export async function startShopServer(opts: { buildDir?: string; env?: Record<string, string> } = {}): Promise<ShopServer> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const geo = await startGeoEmulator();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(opts.buildDir ?? 'dist', 'server', 'node.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      SITE_URL: `http://127.0.0.1:${port}`,
      TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      REVERSE_GEOCODE_URL: geo.reverseGeocodeUrl,
      IP_LOOKUP_URL: geo.ipLookupUrl,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await geo.close();
      throw new Error(`shop server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`shop server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    geo,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
      await Promise.all([rm(dir, { recursive: true, force: true }), geo.close()]);
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGeoEmulator, type GeoEmulator } from './geo-emulator';
import { closedPort } from './loopback';

export interface ShopServer {
  url: string;
  /** The server's libSQL file, for tests that add rows (SQLite takes writers from two processes). */
  dbFile: string;
  /** Where the outbox mailer writes (no Postmark token): one JSON file per e-mail. */
  outboxDir: string;
  /** The region services the browser calls (unless `env` pointed them elsewhere). */
  geo: GeoEmulator;
  output: () => string;
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-whatever (no shutdown); its files are removed, `env`'s database kept. */
  crash(): Promise<void>;
}

/**
 * Runs the built Node entry (what `npm start` runs) with a fresh database on a port the server
 * picks itself (PORT=0), read back from its 'shop listening' log line, so parallel runs never race.
 * The browser's region services point at a loopback emulator that names no country (there is no
 * internet here), unless `env` points them elsewhere. With `ownSiteUrl` the server takes a port
 * chosen here and SITE_URL names it: Stripe sends the shopper back there and mails link to it.
 */
export async function startShopServer(
  opts: { buildDir?: string; env?: Record<string, string>; ownSiteUrl?: boolean } = {},
): Promise<ShopServer> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-e2e-'));
  const geo = await startGeoEmulator();
  const chosenPort = opts.ownSiteUrl ? await closedPort() : 0;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(opts.buildDir ?? 'dist', 'server', 'node.js')], {
    env: {
      ...process.env,
      // As `npm start` runs it; the development build (dist-dev) runs React's development code.
      NODE_ENV: opts.buildDir === 'dist-dev' ? 'development' : 'production',
      PORT: String(chosenPort),
      ...(chosenPort ? { SITE_URL: `http://127.0.0.1:${chosenPort}` } : {}),
      LOG_LEVEL: 'info',
      TURSO_DATABASE_URL: `file:${join(dir, 'shop.db')}`,
      MAIL_OUTBOX_DIR: join(dir, 'outbox'),
      CONTACT_SPOOL_DIR: join(dir, 'contact-spool'),
      // The browser these tests drive fills a form in milliseconds, faster than the check lets a person; the
      // fill check is on with the shop's default in the integration and Worker tests (issue 76).
      CONTACT_MIN_FILL_MS: '0',
      REVERSE_GEOCODE_URL: geo.reverseGeocodeUrl,
      IP_LOOKUP_URL: geo.ipLookupUrl,
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 30_000;
  let url = '';
  while (!url) {
    if (child.exitCode !== null) {
      await geo.close();
      throw new Error(`shop server exited early:\n${output}`);
    }
    if (Date.now() > deadline) throw new Error(`shop server did not start:\n${output}`);
    const port = output.match(/"msg":"shop listening".*?"url":"http:\/\/localhost:(\d+)"/)?.[1];
    if (port) url = `http://127.0.0.1:${port}`;
    else await new Promise((r) => setTimeout(r, 50));
  }
  const end = async (signal: NodeJS.Signals) => {
    child.kill(signal);
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(null) : child.once('exit', resolve)));
    await Promise.all([rm(dir, { recursive: true, force: true }), geo.close()]);
  };
  return {
    url,
    dbFile: join(dir, 'shop.db'),
    outboxDir: opts.env?.MAIL_OUTBOX_DIR ?? join(dir, 'outbox'),
    geo,
    output: () => output,
    stop: () => end('SIGTERM'),
    crash: () => end('SIGKILL'),
  };
}

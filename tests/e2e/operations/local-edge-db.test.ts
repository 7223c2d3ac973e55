import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient } from '@libsql/client/web';
import { afterAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../support/loopback';

/**
 * `npm run db:edge` (issue 69): the local database the docs name for the Worker in local workerd, as
 * the built command runs it: a libSQL file migrated and loaded from content/, served as Turso's HTTP
 * API, read here by the same client the Worker uses (@libsql/client/web).
 */
const dir = await mkdtemp(join(tmpdir(), 'shop-edge-db-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('npm run db:edge', () => {
  it('serves a migrated database loaded from content/ at the address .dev.vars.example names, with its token', async () => {
    const port = await closedPort();
    const child = spawn(process.execPath, [resolve('dist/server/local-db.js')], {
      env: { ...process.env, LOCAL_DB_FILE: join(dir, 'edge.db'), LOCAL_DB_PORT: String(port), LOG_LEVEL: 'error' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await expect.poll(() => out, { timeout: 20_000 }).toContain('Stop with Ctrl+C.');
      expect(out).toContain(`TURSO_DATABASE_URL=http://127.0.0.1:${port}`);
      expect(out).toContain('TURSO_AUTH_TOKEN=local-edge-token');
      const db = createClient({ url: `http://127.0.0.1:${port}`, authToken: 'local-edge-token' });
      const { rows } = await db.execute('select count(*) as n from products where listed = 1');
      expect(Number(rows[0]!.n)).toBe(15);
      db.close();
      const refused = createClient({ url: `http://127.0.0.1:${port}`, authToken: 'wrong' });
      await expect(refused.execute('select 1')).rejects.toThrow();
      refused.close();
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);
});

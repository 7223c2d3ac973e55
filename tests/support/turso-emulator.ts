import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '#worker/db/client.ts';
import { startLocalTurso, type LocalTurso } from '#worker/runtimes/local-turso.ts';
import { prepareDatabase } from '#worker/runtimes/migrate-node.ts';

/** The tests' Turso: the shop's own local libSQL server (npm run db:edge) on a free loopback port, with its knobs. */
export type TursoEmulator = LocalTurso;

export const startTursoEmulator = (file: string, token = 'test-turso-token'): Promise<TursoEmulator> =>
  startLocalTurso(file, { token, port: 0, record: true });

/** The emulation over a fresh libSQL file, migrated and seeded as a deployed database is; close removes the file. */
export async function startPreparedTurso(): Promise<TursoEmulator> {
  const dir = await mkdtemp(join(tmpdir(), 'shop-turso-'));
  const file = join(dir, 'shop.db');
  const setup = createClient({ url: `file:${file}` });
  await prepareDatabase(createDb(setup));
  setup.close();
  const turso = await startTursoEmulator(file);
  return {
    ...turso,
    async close() {
      await turso.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

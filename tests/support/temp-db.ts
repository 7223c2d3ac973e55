import { createClient } from '@libsql/client';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type Db } from '#worker/db/client.ts';
import { migrateDatabase } from '#worker/runtimes/migrate-node.ts';

/**
 * A libSQL file database in a fresh temporary folder, migrated by the real migrations and empty,
 * for the tests of one file: ready before them, closed and removed after them. Read `db` inside tests.
 */
export function useMigratedDb(): { readonly db: Db } {
  const state = {} as { db: Db; dir: string };
  beforeAll(async () => {
    state.dir = await mkdtemp(join(tmpdir(), 'shop-db-test-'));
    state.db = createDb(createClient({ url: `file:${join(state.dir, 'shop.db')}` }));
    await migrateDatabase(state.db);
  });
  afterAll(async () => {
    state.db?.$client.close();
    if (state.dir) await rm(state.dir, { recursive: true, force: true });
  });
  return state;
}

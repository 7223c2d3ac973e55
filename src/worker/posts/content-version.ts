import { sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { contentVersion } from './post-tables.ts';

/** The content version moves with a catalogue or post write: every instance's kept reads are outdated within their check. */
export const bumpContentVersion = (db: Db) =>
  db
    .insert(contentVersion)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: contentVersion.id, set: { version: sql`${contentVersion.version} + 1` } });

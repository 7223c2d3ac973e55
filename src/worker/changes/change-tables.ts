import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/**
 * What a write changed, as the cache tags of the pages and reads it touches (a product's stock label,
 * a synced price or post, a post coming due): written by whoever made the change (the shop, or the
 * command line on another machine), purged from the page cache by the shop, then marked. A row not
 * yet purged is retried by the scheduled job; its id is also what kept reads are checked against.
 */
export const pageChanges = sqliteTable(
  'page_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** JSON array of cache tags (src/shared/caching/cache-tags.ts). */
    tags: text('tags').notNull(),
    createdAt: text('created_at').notNull().default(now),
    purgedAt: text('purged_at'),
  },
  (t) => [
    index('page_changes_pending_idx')
      .on(t.id)
      .where(sql`${t.purgedAt} is null`),
    index('page_changes_created_idx').on(t.createdAt),
  ],
);

/**
 * When a shared cache was last purged, by cache (the edge's Workers Cache): a purge takes the slot
 * only when the last one is a window old, so a burst of changes makes one purge per window.
 */
export const purgeSlots = sqliteTable('purge_slots', {
  name: text('name').primaryKey(),
  /** Milliseconds since the epoch. */
  lastAt: integer('last_at').notNull(),
});

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { PostFields } from '#shared/editorial/post-fields.ts';
import { now } from '#worker/db/table-parts.ts';

/** A post's fields and Markdown body, as a change keeps them. */
export type PostSnapshot = Partial<PostFields> & { body?: string };

/**
 * Every change the owner made to a post in the back office: who, when, and the fields before and after
 * (only those that changed). Its history, and what one change's undo puts back.
 */
export const postChanges = sqliteTable(
  'post_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    by: text('by').notNull(),
    at: text('at').notNull().default(now),
    before: text('before', { mode: 'json' }).notNull().$type<PostSnapshot>(),
    after: text('after', { mode: 'json' }).notNull().$type<PostSnapshot>(),
  },
  (t) => [index('post_changes_post_idx').on(t.postId, t.id)],
);

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/**
 * A sign-in link for the back office (/admin): one per request, for an address ADMIN_EMAILS lists.
 * Only the token's SHA-256 is kept; it works once (`used_at`) until `expires_at`.
 */
export const adminLinks = sqliteTable(
  'admin_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('admin_links_expires_idx').on(t.expiresAt), index('admin_links_email_idx').on(t.email, t.createdAt)],
);

/**
 * A signed-in back-office session, kept here (so it holds across Worker isolates and can be ended):
 * the cookie carries a token, the row its SHA-256. It ends at sign-out or after 12 hours unused.
 */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    endedAt: text('ended_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('admin_sessions_seen_idx').on(t.lastSeenAt)],
);

/**
 * Each back-office form carries a one-time token (rendered with the form); a post claims it here, and a
 * second post of the same form (a double tap, a resent request) finds it claimed and changes nothing.
 */
export const adminFormUses = sqliteTable(
  'admin_form_uses',
  {
    token: text('token').primaryKey(),
    usedAt: text('used_at').notNull(),
  },
  (t) => [index('admin_form_uses_used_idx').on(t.usedAt)],
);

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, emailFold } from '#worker/db/table-parts.ts';

/**
 * A shopper's way to their orders without an account: a one-time link mailed to their address
 * (`link`, 15 minutes), and the hour of access it opens once used (`session`, its token in a cookie).
 * Only each token's SHA-256 is kept; the address in lower case, as orders are found by it.
 */
export const orderAccess = sqliteTable(
  'order_access',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['link', 'session'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('order_access_email_idx').on(t.email, t.createdAt),
    index('order_access_expires_idx').on(t.expiresAt),
    index('order_access_fold_idx').on(t.emailFold),
  ],
);

import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/**
 * Secrets the shop draws itself, once, when the operator set none (RATE_LIMIT_SECRET on Node): kept
 * here so every process on this database, and every restart, keys the same way.
 */
export const keptSecrets = sqliteTable('kept_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * Durable rate limits (checkout creation, the thank-you page's Stripe reads, …): hits per scope, key
 * (an HMAC of the address, never the address) and fixed window, so a limit holds across Worker
 * isolates and restarts. The scheduled job deletes windows that have passed.
 */
export const rateHits = sqliteTable(
  'rate_hits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The window's start, epoch seconds. */
    window: integer('window').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.window] }), index('rate_hits_window_idx').on(t.window)],
);

/** Addresses that asked for no more promotional mail (a checkout's reminder): only their HMAC key is kept. */
export const mailOptOuts = sqliteTable('mail_opt_outs', {
  emailKey: text('email_key').primaryKey(),
  at: text('at').notNull().default(now),
});

/**
 * Addresses erased (UK GDPR Art. 17), as their recipient HMAC key and when: what the erasure could not
 * reach yet (a contact message the Worker's queue still holds) is checked against it before it is saved.
 */
export const erasedAddresses = sqliteTable('erased_addresses', {
  emailKey: text('email_key').primaryKey(),
  at: text('at').notNull().default(now),
});

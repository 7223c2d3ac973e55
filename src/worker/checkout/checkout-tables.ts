import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * A single-use store credit code carried by an open checkout (issue 64): one checkout at a time may
 * take it to Stripe, until its session stops taking payment (`until`, epoch seconds).
 */
export const creditCodeHolds = sqliteTable('credit_code_holds', {
  code: text('code').primaryKey(),
  /** The checkout's reservation (its stock hold's name): the same checkout again keeps the hold. */
  reservation: text('reservation').notNull(),
  /** The browser that checks out with it (its nonce's hash): its next checkout takes the code over. */
  buyer: text('buyer').notNull(),
  until: integer('until').notNull(),
});

import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ProductFields } from '#shared/catalogue/product-fields.ts';
import { now } from '#worker/db/table-parts.ts';

/** A product's fields and description, as a change keeps them. */
export type ProductSnapshot = Partial<ProductFields> & { description?: string; listed?: boolean };

/**
 * Every change the owner made to a product in the back office: who, when, and the fields before and
 * after (only those that changed). Its history, and what one change's undo puts back.
 */
export const productChanges = sqliteTable(
  'product_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    by: text('by').notNull(),
    at: text('at').notNull().default(now),
    before: text('before', { mode: 'json' }).notNull().$type<ProductSnapshot>(),
    after: text('after', { mode: 'json' }).notNull().$type<ProductSnapshot>(),
  },
  (t) => [index('product_changes_product_idx').on(t.productId, t.id)],
);

import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { now } from '#worker/db/table-parts.ts';

/**
 * The catalogue, written by content:sync from content/products/*.md: `doc` is the product as pages
 * use it; id, slug, name and category are columns of their own for the sync's checks and reports.
 * A product whose file is gone stays (orders name it) and is unlisted only with --prune.
 */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    listed: integer('listed', { mode: 'boolean' }).notNull().default(true),
    doc: text('doc', { mode: 'json' }).$type<CatalogueProduct>().notNull(),
    updatedAt: text('updated_at').notNull().default(now),
    /** Moves with every write: an edit opened on an older version is refused (409), never saved over another. */
    version: integer('version').notNull().default(1),
    /** Who changed it in the back office last, and when (null: as its file says): content:sync leaves it alone. */
    editedBy: text('edited_by'),
    editedAt: text('edited_at'),
  },
  // Lists read the listed products in id order up to a limit: a seek, however many are unlisted.
  (t) => [
    index('products_listed_idx').on(t.listed, t.id),
    // A payment link's sale names the link, not our product: these find the product whose file names it.
    index('products_link_standard_idx').on(sql`json_extract(${t.doc}, '$.payment_links.standard')`),
    index('products_link_uk_idx').on(sql`json_extract(${t.doc}, '$.payment_links.uk')`),
  ],
);

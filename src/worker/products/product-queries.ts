import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/products/product-tables.ts';

/**
 * The most products a list reads at once. The product list shows the whole catalogue on one page
 * (the spec's list has no paging), so a catalogue past this needs paging before it needs a larger
 * number; content:sync refuses more listed products than this.
 */
export const CATALOGUE_LIMIT = 500;

/** The listed catalogue in id order (the primary key: no sort, no scan past the limit). */
export function listedProducts(db: Db) {
  return db.select({ doc: products.doc }).from(products).where(eq(products.listed, true)).orderBy(asc(products.id)).limit(CATALOGUE_LIMIT);
}

/** The listed catalogue's ids, as a subquery (the stock read of a list). */
export function listedProductIds(db: Db) {
  return db.select({ id: products.id }).from(products).where(eq(products.listed, true)).orderBy(asc(products.id)).limit(CATALOGUE_LIMIT);
}

/** Listed products with these ids (bounded by the ids asked for: a page, a cart, an order). */
export function productsByIds(db: Db, ids: readonly number[]) {
  return db
    .select({ doc: products.doc })
    .from(products)
    .where(and(inArray(products.id, [...ids]), eq(products.listed, true)))
    .orderBy(asc(products.id));
}

/** Products with these ids whether listed or not: what an order or a stock report names. */
export function anyProductsByIds(db: Db, ids: readonly number[]) {
  return db
    .select({ doc: products.doc })
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/**
 * The product whose file names this payment link (its standard or UK link), listed or not: a payment
 * link's sale names the link, not our product. Served by the two expression indexes on the links.
 */
export async function productIdByPaymentLink(db: Db, url: string): Promise<number | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      or(
        sql`json_extract(${products.doc}, '$.payment_links.standard') = ${url}`,
        sql`json_extract(${products.doc}, '$.payment_links.uk') = ${url}`,
      ),
    )
    .orderBy(asc(products.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Listed products by id straight from the database, as a lookup: what checkouts and the webhook use
 * (a price changed by a sync is what the next Checkout Session charges; no cache in between).
 */
export async function productLookup(db: Db, ids: readonly number[], opts: { listedOnly?: boolean } = {}) {
  const unique = [...new Set(ids)];
  const rows = unique.length === 0 ? [] : await (opts.listedOnly === false ? anyProductsByIds(db, unique) : productsByIds(db, unique));
  const byId = new Map(rows.map((r) => [r.doc.id, r.doc]));
  return (id: number) => byId.get(id);
}

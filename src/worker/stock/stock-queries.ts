import { inArray, sql } from 'drizzle-orm';
import { listedProductIds } from '#worker/products/product-queries.ts';
import type { Db } from '#worker/db/client.ts';
import { stock, stockReservations } from '#worker/db/schema.ts';

/** Now in epoch seconds, as reservations keep their expiry (Stripe's unit). */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Units held by checkouts, for the `stock` row being selected (uses stock_reservations_product_idx). A
 * hold counts until it is let go, not merely until its time (reserve.ts says why). The outer column
 * is named with its table: drizzle leaves columns unqualified in a one-table select, which inside
 * this subquery would mean the reservation's own.
 */
export const heldUnits = () =>
  sql<number>`coalesce((select sum(${stockReservations.quantity}) from ${stockReservations} where ${stockReservations.productId} = "stock"."product_id"), 0)`;

/**
 * On hand and held for these products, or for the listed catalogue (one row each that has a count;
 * bounded by the ids asked for, or by the catalogue's limit).
 */
export function stockCounts(db: Db, ids: readonly number[] | 'catalogue') {
  return db
    .select({ productId: stock.productId, onHand: stock.onHand, reserved: heldUnits().mapWith(Number) })
    .from(stock)
    .where(inArray(stock.productId, ids === 'catalogue' ? listedProductIds(db) : [...ids]));
}

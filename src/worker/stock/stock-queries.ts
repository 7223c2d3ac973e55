import { desc, eq, inArray, sql } from 'drizzle-orm';
import { listedProductIds } from '#worker/products/product-queries.ts';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/products/product-tables.ts';
import { stock, stockMoves, stockReservations } from '#worker/stock/stock-tables.ts';

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

/** The latest stock moves with their product's name, note and who made them. */
export function recentMoves(db: Db, limit = 30) {
  return db
    .select({
      id: stockMoves.id,
      productId: stockMoves.productId,
      name: products.name,
      change: stockMoves.change,
      reason: stockMoves.reason,
      orderNumber: stockMoves.orderNumber,
      note: stockMoves.note,
      actor: stockMoves.actor,
      at: stockMoves.at,
    })
    .from(stockMoves)
    .leftJoin(products, eq(products.id, stockMoves.productId))
    .orderBy(desc(stockMoves.id))
    .limit(limit);
}

/**
 * Of `quantity` units just sold, how many were not there to sell: what on hand, less what other open
 * checkouts hold (every hold but the sale's own `reservation`), does not cover after the sale. A payment
 * link holds nothing, so its sale can take units a cart holds: those count as oversold too. SQL for the
 * sale's batch.
 */
export const unitsShort = (productId: number, quantity: number, reservation: string | null) =>
  sql`min(${quantity}, max(0, coalesce((select sum(${stockReservations.quantity}) from ${stockReservations} where ${stockReservations.productId} = ${productId} and ${stockReservations.reservation} is not ${reservation}), 0) - (select ${stock.onHand} from ${stock} where ${stock.productId} = ${productId})))`;

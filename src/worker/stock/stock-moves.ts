import { eq, sql, type SQL } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import type { Db } from '#worker/db/client.ts';
import { stock, stockMoves, type StockReason } from '#worker/stock/stock-tables.ts';

export interface StockMove {
  productId: number;
  /** Units added (negative: taken away). */
  change: number;
  reason: StockReason;
  /** The order's number, or an expression reading it inside the batch (a number chosen there). */
  orderNumber?: string | SQL | null;
  note?: string | null;
  /** Who made it by hand (the back office's address, `terminal`); none for sales and returns recorded by the shop. */
  actor?: string | null;
}

/**
 * The statements of one move, for a caller's batch: a count row for a product that had none, the
 * move, and on hand changed by the same amount, so the moves always sum to on hand. With `when`, all
 * of it happens only where that condition holds (a sale only for the order this call inserted).
 */
export function stockMoveStatements(db: Db, move: StockMove, when: SQL = sql`1`, at = nowIso()) {
  return [
    db.run(sql`insert or ignore into ${stock} (product_id, on_hand) select ${move.productId}, 0 where ${when}`),
    db.run(
      sql`insert into ${stockMoves} (product_id, change, reason, order_number, note, actor, at)
        select ${move.productId}, ${move.change}, ${move.reason}, ${move.orderNumber ?? null}, ${move.note ?? null}, ${move.actor ?? null}, ${at} where ${when}`,
    ),
    db.run(
      sql`update ${stock} set on_hand = on_hand + ${move.change}, updated_at = ${at} where ${stock.productId} = ${move.productId} and ${when}`,
    ),
  ] as const;
}

/** Records one move on its own (the operator's restock or adjustment); the new quantity on hand. */
export async function moveStock(db: Db, move: StockMove): Promise<number> {
  const [, , , after] = await db.batch([
    ...stockMoveStatements(db, move),
    db.select({ onHand: stock.onHand }).from(stock).where(eq(stock.productId, move.productId)),
  ]);
  return after[0]?.onHand ?? 0;
}

/**
 * Sets on hand to `quantity` by one `adjust` move of the difference, worked out inside the batch (a
 * sale landing meanwhile is not overwritten, it is part of the difference). No move when nothing changes.
 */
export async function setStock(
  db: Db,
  productId: number,
  quantity: number,
  note: string | null,
  actor: string | null = null,
): Promise<{ before: number; after: number }> {
  const at = nowIso();
  const current = sql`coalesce((select ${stock.onHand} from ${stock} where ${stock.productId} = ${productId}), 0)`;
  const [before, , , , after] = await db.batch([
    db.select({ onHand: stock.onHand }).from(stock).where(eq(stock.productId, productId)),
    db.run(sql`insert or ignore into ${stock} (product_id, on_hand) values (${productId}, 0)`),
    db.run(
      sql`insert into ${stockMoves} (product_id, change, reason, note, actor, at)
        select ${productId}, ${quantity} - ${current}, 'adjust', ${note}, ${actor}, ${at} where ${quantity} <> ${current}`,
    ),
    db.run(
      sql`update ${stock} set on_hand = ${quantity}, updated_at = ${at} where ${stock.productId} = ${productId} and on_hand <> ${quantity}`,
    ),
    db.select({ onHand: stock.onHand }).from(stock).where(eq(stock.productId, productId)),
  ]);
  return { before: before[0]?.onHand ?? 0, after: after[0]?.onHand ?? 0 };
}

import { eq, lte, sql } from 'drizzle-orm';
import { availableOf, shortLines, type ShortLine, type StockCount } from '#shared/catalogue/stock-level.ts';
import type { CartLine } from '#shared/cart/cart.ts';
import type { Db } from '#worker/db/client.ts';
import { stock, stockReservations } from '#worker/db/schema.ts';
import { stockCounts } from './stock-queries';

/**
 * `fresh`: this call wrote the hold (not a retry finding it held), so this call may let it go again.
 * `emptied`: the cart's products with none left available now (their payment links must stop).
 */
export type Reserved = { ok: true; fresh: boolean; emptied: number[] } | { ok: false; short: ShortLine[] };

/**
 * Holds the cart's units for a checkout until `expiresAt` (epoch seconds), all lines or none, in one
 * batch (one transaction: SQLite runs one writer at a time, so two shoppers for the last unit cannot
 * both see it free). Each line is inserted only if what is on hand, less what other live reservations
 * hold, covers it; if any line was not, the lines that were are deleted again in the same batch. The
 * same reservation id asked again (a double submit) finds its rows held and is not counted twice.
 */
export async function reserve(db: Db, reservation: string, lines: readonly CartLine[], expiresAt: number, now: number): Promise<Reserved> {
  const r = stockReservations;
  const inserts = lines.map(({ id, quantity }) =>
    db.run(sql`insert or ignore into ${r} (reservation, product_id, quantity, expires_at)
      select ${reservation}, ${id}, ${quantity}, ${expiresAt}
      where coalesce((select ${stock.onHand} from ${stock} where ${stock.productId} = ${id}), 0)
        - coalesce((select sum(${r.quantity}) from ${r} where ${r.productId} = ${id} and ${r.expiresAt} > ${now} and ${r.reservation} <> ${reservation}), 0)
        >= ${quantity}`),
  );
  const allOrNothing = db.run(
    sql`delete from ${r} where ${r.reservation} = ${reservation} and (select count(*) from ${r} where ${r.reservation} = ${reservation}) < ${lines.length}`,
  );
  // Read in the same batch, after the writes: what this reservation now holds, and what is left.
  const held = db.select({ productId: r.productId }).from(r).where(eq(r.reservation, reservation));
  const counts = stockCounts(
    db,
    lines.map((l) => l.id),
  );
  const results: unknown[] = await db.batch([inserts[0]!, ...inserts.slice(1), allOrNothing, held, counts]);
  const after = results.at(-2) as Array<{ productId: number }>;
  const countsAfter = results.at(-1) as StockCount[];
  const inserted = (results.slice(0, inserts.length) as Array<{ rowsAffected: number }>).some((result) => result.rowsAffected > 0);
  if (after.length === lines.length) {
    return { ok: true, fresh: inserted, emptied: countsAfter.filter((c) => availableOf(c) === 0).map((c) => c.productId) };
  }
  return { ok: false, short: shortLines(lines, countsAfter) };
}

/** The statement that lets a checkout's units go, for a caller's batch (an order recorded in one transaction). */
export function releaseStatement(db: Db, reservation: string) {
  return db.delete(stockReservations).where(eq(stockReservations.reservation, reservation));
}

/** Lets a checkout's units go (the session expired, or it could not be created): the products it held. */
export async function release(db: Db, reservation: string): Promise<number[]> {
  const rows = await releaseStatement(db, reservation).returning({ productId: stockReservations.productId });
  return rows.map((row) => row.productId);
}

/**
 * Deletes holds whose time has passed (they count for nothing already; their expiry event may never
 * have come): the table stays as small as the checkouts open now. The products they were for.
 */
export async function releaseLapsed(db: Db, now: number): Promise<number[]> {
  const rows = await db
    .delete(stockReservations)
    .where(lte(stockReservations.expiresAt, now))
    .returning({ productId: stockReservations.productId });
  return [...new Set(rows.map((row) => row.productId))];
}

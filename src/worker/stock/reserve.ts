import { asc, eq, lte, sql } from 'drizzle-orm';
import { availableOf, shortLines, type ShortLine, type StockCount } from '#shared/catalogue/stock-level.ts';
import type { CartLine } from '#shared/cart/cart.ts';
import type { Db } from '#worker/db/client.ts';
import { stock, stockReservations } from '#worker/stock/stock-tables.ts';
import { stockCounts } from './stock-queries.ts';

/**
 * `capped`: over the address's cap or the share one address or network may hold (nothing was held).
 * `fresh`: this call wrote the hold (not a retry finding it held), so this call may let it go again.
 * `expiresAt` and `idempotencyKey`: as the hold stored them (a retry finds the first call's, so both ask Stripe alike).
 * `emptied`: the cart's products with none left available now (their payment links must stop).
 * `capped`: the holder would hold more units than its cap (nothing was held).
 */
export type Reserved =
  | { ok: true; fresh: boolean; expiresAt: number; idempotencyKey: string; emptied: number[] }
  | { ok: false; short: ShortLine[] }
  | { ok: false; capped: true };

/**
 * Who asks for the hold: its address's key and its network's (an IPv4 /24, an IPv6 /48), how many
 * units the address may hold at once in all (`cap`, 0: none), and the share of each product's units
 * on hand (percent, at least one unit) that the address, and the network, may hold at once (0: none).
 */
export interface Holder {
  key: string;
  network: string;
  cap: number;
  sharePercent: number;
}

/** A share is in per cent. */
const PERCENT = 100;

/** A product's units on hand, as SQL for a hold's conditions. */
const onHand = (id: number) => sql`coalesce((select ${stock.onHand} from ${stock} where ${stock.productId} = ${id}), 0)`;

/**
 * Holds the cart's units for a checkout until `expiresAt` (epoch seconds), all lines or none, in one
 * batch (one transaction: SQLite runs one writer at a time, so two shoppers for the last unit cannot
 * both see it free). Each line is inserted only if what is on hand, less what other reservations
 * hold, covers it, and if the holder's other holds and this cart stay within its cap; if any line was
 * not, the lines that were are deleted again in the same batch. The same reservation id asked again
 * (a double submit) finds its rows held and is not counted twice. A hold counts until it is let go
 * (a sale, an expired session, the lapsed-hold job once Stripe says its session was not paid), not
 * merely until its time: a paid session whose webhook is late keeps its units.
 */
export async function reserve(
  db: Db,
  reservation: string,
  lines: readonly CartLine[],
  expiresAt: number,
  holder: Holder,
): Promise<Reserved> {
  const r = stockReservations;
  // New with each hold made: a hold let go after a failure is made again with a new key.
  const key = `${reservation}-${crypto.randomUUID()}`;
  const units = lines.reduce((sum, l) => sum + l.quantity, 0);
  const withinCap =
    holder.cap > 0
      ? sql`coalesce((select sum(${r.quantity}) from ${r} where ${r.holder} = ${holder.key} and ${r.reservation} <> ${reservation}), 0) + ${units} <= ${holder.cap}`
      : sql`1`;
  const heldBy = (column: typeof r.holder | typeof r.network, value: string, id: number) =>
    sql`coalesce((select sum(${r.quantity}) from ${r} where ${r.productId} = ${id} and ${column} = ${value} and ${r.reservation} <> ${reservation}), 0)`;
  // The share is of what is on hand, so it does not shrink as others hold: many addresses of one network share one bound.
  const withinShare = (id: number, quantity: number) => {
    if (holder.sharePercent <= 0) return sql`1`;
    // Integer arithmetic in SQL: units on hand times the share, in hundredths, rounded down.
    const bound = sql`max(1, (${onHand(id)} * ${holder.sharePercent}) / ${PERCENT})`;
    return sql`${heldBy(r.holder, holder.key, id)} + ${quantity} <= ${bound} and ${heldBy(r.network, holder.network, id)} + ${quantity} <= ${bound}`;
  };
  const inserts = lines.map(({ id, quantity }) =>
    db.run(sql`insert or ignore into ${r} (reservation, product_id, quantity, expires_at, holder, network, idempotency_key)
      select ${reservation}, ${id}, ${quantity}, ${expiresAt}, ${holder.key}, ${holder.network}, ${key}
      where ${onHand(id)}
        - coalesce((select sum(${r.quantity}) from ${r} where ${r.productId} = ${id} and ${r.reservation} <> ${reservation}), 0)
        >= ${quantity} and ${withinCap} and ${withinShare(id, quantity)}`),
  );
  const allOrNothing = db.run(
    sql`delete from ${r} where ${r.reservation} = ${reservation} and (select count(*) from ${r} where ${r.reservation} = ${reservation}) < ${lines.length}`,
  );
  // Read in the same batch, after the writes: what this reservation now holds, and what is left.
  const held = db
    .select({ productId: r.productId, expiresAt: r.expiresAt, idempotencyKey: r.idempotencyKey })
    .from(r)
    .where(eq(r.reservation, reservation));
  const counts = stockCounts(
    db,
    lines.map((l) => l.id),
  );
  const results: unknown[] = await db.batch([inserts[0]!, ...inserts.slice(1), allOrNothing, held, counts]);
  const after = results.at(-2) as Array<{ productId: number; expiresAt: number; idempotencyKey: string | null }>;
  const countsAfter = results.at(-1) as StockCount[];
  const inserted = (results.slice(0, inserts.length) as Array<{ rowsAffected: number }>).some((result) => result.rowsAffected > 0);
  if (after.length === lines.length) {
    return {
      ok: true,
      fresh: inserted,
      expiresAt: Math.min(...after.map((row) => row.expiresAt)),
      idempotencyKey: after[0]!.idempotencyKey ?? key,
      emptied: countsAfter.filter((c) => availableOf(c) === 0).map((c) => c.productId),
    };
  }
  const short = shortLines(lines, countsAfter);
  return short.length > 0 ? { ok: false, short } : { ok: false, capped: true };
}

/** Names the Checkout Session a hold is for, once Stripe made it (the lapsed-hold job asks Stripe about it). */
export async function attachSession(db: Db, reservation: string, sessionId: string): Promise<void> {
  await db.update(stockReservations).set({ sessionId }).where(eq(stockReservations.reservation, reservation));
}

/** Keeps a hold until a later time (an agent's checkout handed to its payment page, whose session ends later). */
export async function extendHold(db: Db, reservation: string, expiresAt: number): Promise<void> {
  await db.update(stockReservations).set({ expiresAt }).where(eq(stockReservations.reservation, reservation));
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

/** At most this many lapsed holds are looked at per run (each may cost a Stripe read). */
const LAPSED_PER_RUN = 50;

/** Holds past their time, oldest first, with the session each is for (null when none was named). */
export async function lapsedHolds(
  db: Db,
  now: number,
): Promise<Array<{ reservation: string; sessionId: string | null; expiresAt: number }>> {
  const r = stockReservations;
  return db
    .selectDistinct({ reservation: r.reservation, sessionId: r.sessionId, expiresAt: r.expiresAt })
    .from(r)
    .where(lte(r.expiresAt, now))
    .orderBy(asc(r.expiresAt))
    .limit(LAPSED_PER_RUN);
}

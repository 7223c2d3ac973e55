import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnState } from '#shared/after-sale/return-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { orders, returnRequests } from '#worker/db/schema.ts';

/** The most requests one order page or the back office's list reads. */
const MAX_LISTED = 50;

/** An order's return requests, oldest first. */
export function returnsOfOrder(db: Db, orderId: number) {
  return db.select().from(returnRequests).where(eq(returnRequests.orderId, orderId)).orderBy(returnRequests.id).limit(MAX_LISTED);
}

export type ReturnRequest = Awaited<ReturnType<typeof returnsOfOrder>>[number];

/** One request by its number, with its order's number. */
export async function returnByNumber(db: Db, number: string) {
  const [row] = await db.select().from(returnRequests).where(eq(returnRequests.number, number)).limit(1);
  return row ?? null;
}

/**
 * The back office's list: requests in these states, newest first, with their order's number and
 * currency. One newest-first range of return_requests_state_idx per state, merged: never more than
 * MAX_LISTED rows read per state, however many wait.
 */
export async function returnList(db: Db, states: readonly ReturnState[]) {
  const perState = await Promise.all(
    states.map((state) =>
      db
        .select({
          number: returnRequests.number,
          orderNumber: orders.number,
          currency: orders.currency,
          email: orders.email,
          state: returnRequests.state,
          reason: returnRequests.reason,
          outcome: returnRequests.outcome,
          value: returnRequests.value,
          createdAt: returnRequests.createdAt,
        })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.state, state))
        .orderBy(desc(returnRequests.createdAt))
        .limit(MAX_LISTED),
    ),
  );
  return perState
    .flat()
    .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, MAX_LISTED);
}

/** How many on Today, by order number: the oldest waiting first (they have waited longest). */
const TODAY_LISTED = 5;

/**
 * How many requests wait for the shop (asked and not yet answered, or accepted and not yet received),
 * and the oldest few of each by their order's number: one count and one oldest-first range of
 * return_requests_state_idx per state.
 */
export async function returnsWaiting(db: Db) {
  const [rows, ...oldest] = await Promise.all([
    db
      .select({ state: returnRequests.state, n: sql<number>`count(*)` })
      .from(returnRequests)
      .where(inArray(returnRequests.state, ['requested', 'accepted']))
      .groupBy(returnRequests.state),
    ...(['requested', 'accepted'] as const).map((state) =>
      db
        .select({
          number: returnRequests.number,
          orderNumber: orders.number,
          state: returnRequests.state,
          createdAt: returnRequests.createdAt,
        })
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.state, state))
        .orderBy(asc(returnRequests.createdAt))
        .limit(TODAY_LISTED),
    ),
  ]);
  const of = (state: ReturnState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  const waiting = oldest
    .flat()
    .toSorted((a, b) => a.createdAt.localeCompare(b.createdAt))
    .slice(0, TODAY_LISTED);
  return { toAnswer: of('requested'), toReceive: of('accepted'), oldest: waiting };
}

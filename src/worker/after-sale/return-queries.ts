import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReturnState } from '#shared/after-sale/return-rules.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { returnRequests } from './after-sale-tables.ts';

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

/** The request as it stands now, in the state `from`, or a Refusal saying what it is instead. */
export async function requestIn(db: Db, number: string, from: ReturnState): Promise<ReturnRequest> {
  const now = await returnByNumber(db, number);
  if (!now) throw new Refusal(`There is no return request ${number.slice(0, 24)}.`, 'unknown');
  if (now.state !== from) throw new Refusal(`Return ${now.number} is ${now.state}, not ${from}: nothing was done.`);
  return now;
}

/** What the back office's lists show of a request, with its order's number, currency and address. */
const listed = {
  number: returnRequests.number,
  orderNumber: orders.number,
  currency: orders.currency,
  email: orders.email,
  state: returnRequests.state,
  reason: returnRequests.reason,
  outcome: returnRequests.outcome,
  value: returnRequests.value,
  createdAt: returnRequests.createdAt,
};

/**
 * Requests in these states, newest (or oldest) first, at most `limit`: one range of
 * return_requests_state_idx per state, merged, so never more than `limit` rows read per state,
 * however many wait.
 */
async function inStates(db: Db, states: readonly ReturnState[], first: 'newest' | 'oldest', limit: number) {
  const perState = await Promise.all(
    states.map((state) =>
      db
        .select(listed)
        .from(returnRequests)
        .innerJoin(orders, eq(orders.id, returnRequests.orderId))
        .where(eq(returnRequests.state, state))
        .orderBy(first === 'newest' ? desc(returnRequests.createdAt) : asc(returnRequests.createdAt))
        .limit(limit),
    ),
  );
  const sign = first === 'newest' ? -1 : 1;
  return perState
    .flat()
    .toSorted((x, y) => sign * x.createdAt.localeCompare(y.createdAt))
    .slice(0, limit);
}

/** The back office's list: requests in these states, newest first. */
export const returnList = (db: Db, states: readonly ReturnState[]) => inStates(db, states, 'newest', MAX_LISTED);

/** How many on Today, by order number: the oldest waiting first (they have waited longest). */
const TODAY_LISTED = 5;

/**
 * How many requests wait for the shop (asked and not yet answered, or accepted and not yet received),
 * and the oldest few by their order's number.
 */
export async function returnsWaiting(db: Db) {
  const [rows, oldest] = await Promise.all([
    db
      .select({ state: returnRequests.state, n: sql<number>`count(*)` })
      .from(returnRequests)
      .where(inArray(returnRequests.state, ['requested', 'accepted']))
      .groupBy(returnRequests.state),
    inStates(db, ['requested', 'accepted'], 'oldest', TODAY_LISTED),
  ]);
  const of = (state: ReturnState) => Number(rows.find((r) => r.state === state)?.n ?? 0);
  return { toAnswer: of('requested'), toReceive: of('accepted'), oldest };
}

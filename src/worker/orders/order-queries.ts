import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderLines, orders } from '../db/schema';

/** An order with its lines, by its Checkout Session id (never cached: orders are written, not published). */
export async function orderBySession(db: Db, sessionId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.sessionId, sessionId)).limit(1);
  if (!order) return null;
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position);
  return { ...order, lines };
}

export type StoredOrder = NonNullable<Awaited<ReturnType<typeof orderBySession>>>;

import { and, desc, eq, sql } from 'drizzle-orm';
import { ORDERS_LISTED } from '#shared/orders/your-orders-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { orderEvents, orders } from '#worker/orders/order-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';

/**
 * Every order of one address (any case), newest first, at most ORDERS_LISTED: what "your orders"
 * lists, each with its statuses, tracking once shipped, and the token its own page takes. On the
 * lower(email) index; each shipment by the timeline's primary key.
 */
export async function ordersOfAddress(db: Db, email: string) {
  const rows = await db
    .select({
      number: orders.number,
      token: orders.token,
      createdAt: orders.createdAt,
      currency: orders.currency,
      total: orders.total,
      refunded: orders.refunded,
      status: orders.status,
      fulfilment: orders.fulfilment,
      afterSale: orders.afterSale,
      shipment: orderEvents.detail,
    })
    .from(orders)
    .leftJoin(orderEvents, and(eq(orderEvents.orderId, orders.id), eq(orderEvents.step, 'shipped')))
    .where(eq(sql`lower(${orders.email})`, email))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ORDERS_LISTED);
  return rows.map(({ shipment, ...order }) => ({
    ...order,
    tracking: shipment?.tracking ? { number: shipment.tracking, url: shipment.url ?? null, carrier: shipment.carrier ?? null } : null,
  }));
}

export type AddressOrder = Awaited<ReturnType<typeof ordersOfAddress>>[number];

/** The address's Refer a Friend code, once a paid order gave it one (referrals/), or null. */
export async function referralCodeOf(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.email, normaliseRecipient(email)));
  return row?.code ?? null;
}

import { and, eq, sql } from 'drizzle-orm';
import { orderNumber, orderToken } from './order-number';
import { canMove, type OrderStatus } from './order-status';
import type { Db } from '../db/client';
import { orderEvents, orderLines, orders } from '../db/schema';
import type { SessionRecord } from '../payments/checkout-gateway';

/** What fulfil did: the order's number and status after it, whether this call changed anything, and whether it recorded the order. */
export interface Fulfilled {
  number: string;
  status: OrderStatus;
  changed: boolean;
  /** This call inserted the order: it holds the order's mail (leaseUntil) and sends it (mailNewOrder). */
  created: boolean;
}

const nowIso = () => new Date().toISOString();

/**
 * Records a paid or pending Checkout Session as an order, or moves it to `status`: the one function
 * the webhook and the thank-you page both call. The database decides, not the process: the order is
 * inserted only if its session id is new (ON CONFLICT DO NOTHING), its lines and first status in the
 * same transaction; a later status is a compare-and-set from pending. So the same event delivered five
 * times at once, or async_payment_succeeded before completed, give one order and one status history.
 */
export async function fulfil(db: Db, session: SessionRecord, status: OrderStatus, mailLeaseUntil: Date): Promise<Fulfilled> {
  const number = await orderNumber(session.id);
  const at = nowIso();
  const token = orderToken();
  // What the cart's checkout put beside the campaign (session-params.ts) is not part of it.
  const { region, buyer, cart: _cart, ...campaign } = session.metadata;
  const order = db
    .insert(orders)
    .values({
      sessionId: session.id,
      number,
      status,
      statusChangedAt: at,
      email: session.email,
      name: session.name,
      shippingAddress: session.shippingAddress,
      shippingOption: session.shippingOption,
      currency: session.currency,
      subtotal: session.subtotal,
      shipping: session.shipping,
      total: session.total,
      region: region ?? null,
      campaign: Object.keys(campaign).length > 0 ? campaign : null,
      paymentLink: session.paymentLink,
      token,
      buyerHash: buyer ?? null,
      // A new order owes its pair of e-mails, held by this caller until it has sent them. An order
      // first heard of as failed owes none (no sale to confirm or pack).
      ...(status === 'failed'
        ? { notifiedAt: at, confirmationWanted: false, emailStatus: 'success' as const }
        : { confirmationWanted: session.email !== null, emailLeaseUntil: mailLeaseUntil.toISOString() }),
    })
    .onConflictDoNothing({ target: orders.sessionId })
    .returning({ id: orders.id });
  const orderId = sql`(select ${orders.id} from ${orders} where ${orders.sessionId} = ${session.id})`;
  const lines = session.lines.map((line, position) =>
    db
      .insert(orderLines)
      .values({
        orderId: sql`${orderId}`,
        position,
        productId: line.productId,
        name: line.name,
        quantity: line.quantity,
        unitAmount: line.unitAmount,
      })
      .onConflictDoNothing(),
  );
  // The first step only for the row this call inserted (its token is new to this call): a known
  // order's history gains a step only where it moves, below.
  const firstEvent = db.run(
    sql`insert or ignore into ${orderEvents} (order_id, status, at) select ${orders.id}, ${status}, ${at} from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.token} = ${token}`,
  );
  const [inserted] = await db.batch([order, ...lines, firstEvent]);
  if (inserted.length > 0) return { number, status, changed: true, created: true };

  // Known already: move it if it may move (pending → paid or failed), in one statement.
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.sessionId, session.id));
  if (!current || !canMove(current.status, status)) return { number, status: current?.status ?? status, changed: false, created: false };
  const [moved] = await db.batch([
    db
      .update(orders)
      .set({ status, statusChangedAt: at })
      .where(and(eq(orders.sessionId, session.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id }),
    // Only the delivery that moved it records the step (a racing failed/paid pair cannot both land).
    db.run(
      sql`insert or ignore into ${orderEvents} (order_id, status, at) select ${orders.id}, ${status}, ${at} from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.status} = ${status} and ${orders.statusChangedAt} = ${at}`,
    ),
  ]);
  return { number, status: moved.length > 0 ? status : current.status, changed: moved.length > 0, created: false };
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { nowIso } from '#worker/base/clock.ts';
import { orderNumber, orderToken } from './order-number.ts';
import { canMove, type PaymentStatus } from '#shared/orders/order-status.ts';
import type { Db } from '#worker/db/client.ts';
import { orderEvents, orderLines, orderMails, orders } from '#worker/orders/order-tables.ts';
import type { SessionRecord } from '#worker/payments/checkout-gateway.ts';
import { stockMoveStatements } from '#worker/stock/stock-moves.ts';
import { unitsShort } from '#worker/stock/stock-queries.ts';
import { releaseStatement } from '#worker/stock/reserve.ts';

/** What fulfil did: the order's number and status after it, whether this call changed anything, and whether it recorded the order. */
export interface Fulfilled {
  /** The order's row id (null only when the order could not be read back). */
  id: number | null;
  number: string;
  status: PaymentStatus;
  changed: boolean;
  /** This call inserted the order: it holds the order's mail (leaseUntil) and sends it (mailNewOrder). */
  created: boolean;
}

/**
 * Records a paid or pending Checkout Session as an order, or moves it to `status`: the one function
 * the webhook and the thank-you page both call. The database decides, not the process: the order is
 * inserted only if its session id is new (ON CONFLICT DO NOTHING), its lines and first status in the
 * same transaction; a later status is a compare-and-set from pending. So the same event delivered five
 * times at once, or async_payment_succeeded before completed, give one order and one status history.
 */
export async function fulfil(db: Db, session: SessionRecord, status: PaymentStatus, mailLeaseUntil: Date): Promise<Fulfilled> {
  const [short, long] = await Promise.all([orderNumber(session.id), orderNumber(session.id, true)]);
  // Another order took this short number (40 bits: rare, not impossible): this one takes the long one.
  const newNumber = sql`(case when exists (select 1 from ${orders} where ${orders.number} = ${short} and ${orders.sessionId} <> ${session.id}) then ${long} else ${short} end)`;
  const numberOf = sql`(select ${orders.number} from ${orders} where ${orders.sessionId} = ${session.id})`;
  const at = nowIso();
  const token = orderToken();
  // What the cart's checkout put beside the campaign (session-params.ts) is not part of it.
  const { region, buyer, network, cart: _cart, reservation, ...campaign } = session.metadata;
  const order = db
    .insert(orders)
    .values({
      sessionId: session.id,
      number: newNumber,
      status,
      statusChangedAt: at,
      email: session.email,
      name: session.name,
      shippingAddress: session.shippingAddress,
      billingAddress: session.billingAddress,
      shippingOption: session.shippingOption,
      currency: session.currency,
      subtotal: session.subtotal,
      shipping: session.shipping,
      total: session.total,
      discount: session.discount.amount,
      discountCode: session.discount.code,
      tax: session.tax.amount,
      taxLabel: session.tax.label,
      taxInclusive: session.tax.inclusive,
      region: region ?? null,
      campaign: Object.keys(campaign).length > 0 ? campaign : null,
      paymentLink: session.paymentLink,
      token,
      buyerHash: buyer ?? null,
      buyerNetwork: network ?? null,
      paymentIntent: session.paymentIntent,
      paymentMethod: session.paymentMethod,
      invoiceUrl: session.invoiceUrl,
      // A new order owes its pair of e-mails, held by this caller until it has sent them. An order
      // first heard of as failed owes none (no sale to confirm or pack).
      ...(status === 'failed'
        ? { notifiedAt: at, confirmationWanted: false, emailStatus: 'success' as const }
        : { confirmationWanted: session.email !== null, emailLeaseUntil: mailLeaseUntil.toISOString() }),
    })
    .onConflictDoNothing({ target: orders.sessionId })
    .returning({ id: orders.id, number: orders.number });
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
    sql`insert or ignore into ${orderEvents} (order_id, step, status, at) select ${orders.id}, ${status}, ${status}, ${at} from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.token} = ${token}`,
  );
  // Stock: a paid or pending order is a sale of its lines (the money is taken or on its way), in the
  // same transaction as the order and only for the row this call inserted; whatever a checkout held
  // for it is let go. A sale beyond what was on hand stays recorded: the line says how many were short.
  const insertedHere = sql`exists (select 1 from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.token} = ${token})`;
  const sold = status === 'failed' ? [] : stocked(session);
  const sale = sold.flatMap(({ line, position }) => [
    ...stockMoveStatements(
      db,
      { productId: line.productId, change: -line.quantity, reason: 'sale', orderNumber: numberOf },
      insertedHere,
      at,
    ),
    db.run(
      sql`update ${orderLines} set short = ${unitsShort(line.productId, line.quantity, reservation ?? null)}
        where ${orderLines.orderId} = ${orderId} and ${orderLines.position} = ${position} and ${insertedHere}`,
    ),
  ]);
  const held = reservation ? [releaseStatement(db, reservation)] : [];
  const [inserted] = await db.batch([order, ...lines, firstEvent, ...sale, ...held]);
  if (inserted.length > 0) return { id: inserted[0]!.id, number: inserted[0]!.number, status, changed: true, created: true };

  // Known already. An order recorded before the shop kept payment intents learns its own now, so
  // refunds and disputes (which name only the payment intent) find it from then on.
  if (session.paymentIntent) {
    await db
      .update(orders)
      .set({ paymentIntent: session.paymentIntent })
      .where(and(eq(orders.sessionId, session.id), isNull(orders.paymentIntent)));
  }
  // A delayed payment's method is known once it is charged: the order learns it then.
  if (session.paymentMethod) {
    await db
      .update(orders)
      .set({ paymentMethod: session.paymentMethod })
      .where(and(eq(orders.sessionId, session.id), isNull(orders.paymentMethod)));
  }
  // A delayed payment's invoice is made once it settles: the order learns it then.
  if (session.invoiceUrl) {
    await db
      .update(orders)
      .set({ invoiceUrl: session.invoiceUrl })
      .where(and(eq(orders.sessionId, session.id), isNull(orders.invoiceUrl)));
  }
  // Move it if it may move (pending → paid or failed), in one statement.
  const [current] = await db
    .select({ id: orders.id, status: orders.status, number: orders.number })
    .from(orders)
    .where(eq(orders.sessionId, session.id));
  if (!current) return { id: null, number: short, status, changed: false, created: false };
  const { number } = current;
  if (!canMove(current.status, status)) return { id: current.id, number, status: current.status, changed: false, created: false };
  // A pending sale that failed gives its units back, in the statement batch of the move that landed.
  const movedHere = sql`exists (select 1 from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.status} = ${status} and ${orders.statusChangedAt} = ${at})`;
  const giveBack =
    status === 'failed'
      ? stocked(session).flatMap(({ line }) =>
          stockMoveStatements(
            db,
            { productId: line.productId, change: line.quantity, reason: 'release', orderNumber: numberOf, note: 'payment failed' },
            movedHere,
            at,
          ),
        )
      : [];
  const [moved] = await db.batch([
    db
      .update(orders)
      .set({ status, statusChangedAt: at })
      .where(and(eq(orders.sessionId, session.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id }),
    // Only the delivery that moved it records the step (a racing failed/paid pair cannot both land).
    db.run(
      sql`insert or ignore into ${orderEvents} (order_id, step, status, at) select ${orders.id}, ${status}, ${status}, ${at} from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.status} = ${status} and ${orders.statusChangedAt} = ${at}`,
    ),
    // A delayed payment that went through: the shopper, told at first that it was being confirmed, is told it is.
    ...(status === 'paid'
      ? [
          db.run(
            sql`insert or ignore into ${orderMails} (order_id, step, kind, confirmation_wanted) select ${orders.id}, 'paid', 'payment_confirmed', 0 from ${orders} where ${orders.sessionId} = ${session.id} and ${orders.status} = 'paid' and ${orders.statusChangedAt} = ${at} and ${orders.email} is not null`,
          ),
        ]
      : []),
    ...giveBack,
  ]);
  return { id: current.id, number, status: moved.length > 0 ? status : current.status, changed: moved.length > 0, created: false };
}

/** The session's lines that are catalogue products (their stock moves), with their position on the order. */
function stocked(session: SessionRecord) {
  return session.lines.flatMap((line, position) =>
    line.productId === null ? [] : [{ line: { productId: line.productId, quantity: line.quantity }, position }],
  );
}

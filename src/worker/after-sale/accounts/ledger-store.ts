import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { afterSaleOf } from '#shared/after-sale/after-sale.ts';
import type { Move } from '#shared/after-sale/ledger-moves.ts';
import { ledgerOf, type Ledger, type OrderFacts } from '#shared/after-sale/order-ledger.ts';
import { type LedgerEntry } from '#shared/after-sale/ledger-entry.ts';
import { creditPaidOf } from '#shared/offers/offer.ts';
import { nowIso } from '#worker/base/clock.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { OrderMailDeps } from '#worker/orders/order-deps.ts';
import { sendOrderStepMails } from '#worker/orders/order-mail.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import type { OrderMailKind, OrderStepDetail, OrderStepKind } from '#shared/timeline/order-timeline.ts';
import { ledgerEntries } from './ledger-tables.ts';
import { orderLines, orders } from '#worker/orders/order-tables.ts';

/** The most entries one order's ledger holds (a handful per request, refund or credit): a bound on every read. */
export const MAX_LEDGER_ENTRIES = 500;

/** How often a write reads the ledger again when another write landed between its read and its own. */
const TRIES = 6;

export interface LedgerRead {
  ledger: Ledger;
  /** The ledger's stamp when read: a write lands only while it is still this. */
  stamp: string | null;
}

/** An order's ledger as it stands (three bounded reads in one round trip), or null for no such order. */
export async function readLedger(db: Db, orderId: number): Promise<LedgerRead | null> {
  const [order, lines, entries] = await db.batch([
    db
      .select({
        currency: orders.currency,
        total: orders.total,
        shipping: orders.shipping,
        subtotal: orders.subtotal,
        refunded: orders.refunded,
        discount: orders.discount,
        discountCode: orders.discountCode,
        stamp: orders.ledgerStamp,
      })
      .from(orders)
      .where(eq(orders.id, orderId)),
    db
      .select({ productId: orderLines.productId, quantity: orderLines.quantity, unitAmount: orderLines.unitAmount })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position))
      .limit(100),
    db
      .select({
        kind: ledgerEntries.kind,
        ref: ledgerEntries.ref,
        productId: ledgerEntries.productId,
        quantity: ledgerEntries.quantity,
        fit: ledgerEntries.fit,
        amount: ledgerEntries.amount,
        basis: ledgerEntries.basis,
        code: ledgerEntries.code,
        request: ledgerEntries.request,
        tender: ledgerEntries.tender,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, orderId))
      .orderBy(asc(ledgerEntries.id))
      .limit(MAX_LEDGER_ENTRIES),
  ]);
  const row = order[0];
  if (!row) return null;
  const { stamp, discount, discountCode, ...facts } = row;
  // What the code really held of what Stripe took off, once its spending was written (credit_in); before, the discount.
  const paidIn = entries.filter((e) => e.kind === 'credit_in');
  const creditPaid = paidIn.length > 0 ? paidIn.reduce((t, e) => t + e.amount, 0) : creditPaidOf({ discount, discountCode });
  return { ledger: ledgerOf({ ...facts, creditPaid, lines } satisfies OrderFacts, entries as LedgerEntry[]), stamp };
}

/** A step an action adds to the order's timeline, and the mail it owes (the shopper's, or the shop's). */
export interface LedgerStep {
  step: string;
  kind: OrderStepKind;
  detail?: OrderStepDetail;
  mail?: OrderMailKind | readonly OrderMailKind[];
}

/**
 * What an action decides on the ledger it read: its move, the steps it adds to the order's timeline
 * (with the mail each owes), and the statements of its other effects (stock, a request's state), each
 * written only where `landed` holds.
 */
export interface Decision<T> {
  move: Move;
  steps?: LedgerStep[];
  effects?: (landed: SQL, at: string) => BatchItem<'sqlite'>[];
  value: T;
}

/**
 * Runs an after-sale action on an order's ledger: reads it, lets `decide` check it and name its
 * entries and effects, and writes them in one batch that lands only if the ledger is still as read
 * (its stamp moves with every write). A write that finds it changed reads it again and decides anew,
 * so two posts at once are decided one after the other. The order row takes the ledger's summary
 * (and "returned" once every unit is back) in the same batch. A refused move throws a Refusal.
 */
export async function onLedger<T>(
  db: Db,
  orderId: number,
  by: string,
  decide: (ledger: Ledger) => Decision<T> | Promise<Decision<T>>,
): Promise<{ value: T; wrote: boolean }> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const read = await readLedger(db, orderId);
    if (!read) throw new Refusal('There is no such order.', 'unknown');
    const decision = await decide(read.ledger);
    if ('refusal' in decision.move) throw new Refusal(decision.move.refusal);
    const entries = decision.move.entries;
    const steps = decision.steps ?? [];
    if (entries.length === 0 && !decision.effects && steps.length === 0) return { value: decision.value, wrote: false };
    if (read.ledger.entries.length + entries.length > MAX_LEDGER_ENTRIES)
      throw new Refusal('This order’s account is full: write to the developers.');
    const stamp = randomToken(12);
    const at = nowIso();
    const landed = sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.ledgerStamp} = ${stamp})`;
    const afterLedger = ledgerOf(read.ledger.facts, [...read.ledger.entries, ...entries]);
    const after = afterSaleOf(afterLedger);
    const allBack = after.bought > 0 && after.back >= after.bought;
    const [moved] = await db.batch([
      db
        .update(orders)
        // What Stripe confirmed given back of the charge, as its refunds seen by id add up.
        .set({
          ledgerStamp: stamp,
          afterSale: after,
          refunded: afterLedger.confirmed,
          ...(allBack ? { fulfilment: 'returned' as const } : {}),
        })
        .where(and(eq(orders.id, orderId), read.stamp === null ? sql`${orders.ledgerStamp} is null` : eq(orders.ledgerStamp, read.stamp)))
        .returning({ id: orders.id }),
      ...entries.map((e) =>
        db.run(
          sql`insert into ${ledgerEntries} (order_id, kind, ref, product_id, quantity, fit, amount, basis, code, request, tender, by, at)
            select ${orderId}, ${e.kind}, ${e.ref}, ${e.productId}, ${e.quantity}, ${e.fit}, ${e.amount}, ${e.basis}, ${e.code}, ${e.request}, ${e.tender}, ${by}, ${at} where ${landed}`,
        ),
      ),
      ...(decision.effects?.(landed, at) ?? []),
      // The after-sale's steps and their owed mail, written here only: the order's timeline reads them.
      ...steps.flatMap((step) => stepStatements(db, { orderId, ...step, when: landed, at })),
    ]);
    if (moved.length > 0) return { value: decision.value, wrote: true };
  }
  throw new Refusal('This order changed several times while it was being changed: look at it again, then try again.');
}

/**
 * Sends the mail the ledger's steps owe an order now (the order's step mail); never throws: what fails
 * stays owed for the retry job. True when there was mail and all of it went.
 */
export const mailOwedSteps = (deps: OrderMailDeps & { log: Logger }, orderId: number) => sendOrderStepMails(deps, deps.log, orderId);

/** The order whose ledger holds this store credit or reward code, and the kind of its entry; null when no order's does. */
export async function orderOfCode(db: Db, code: string) {
  const [row] = await db
    .select({ orderId: ledgerEntries.orderId, kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.code, code))
    .orderBy(asc(ledgerEntries.id))
    .limit(1);
  return row ?? null;
}

/** The order whose exchange difference this payment intent paid (a difference's own charge) and its request, or null. */
export async function orderOfDifference(db: Db, paymentIntent: string): Promise<{ orderId: number; request: string | null } | null> {
  const [row] = await db
    .select({ orderId: ledgerEntries.orderId, request: ledgerEntries.request })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'difference_paid'), eq(ledgerEntries.tender, paymentIntent)))
    .limit(1);
  return row ?? null;
}

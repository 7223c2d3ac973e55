import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#worker/db/client.ts';
import { orderEvents, orderMails, orders } from '#worker/orders/order-tables.ts';
import { type OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import { formatMinor } from '#shared/money.ts';
import { SHOP_MAILS, STEP_WORDS, type OrderMailKind, type OrderStepKind } from '#shared/timeline/order-timeline.ts';
import type { Currency } from '#shared/region/region.ts';
import { dueDelivery } from '#shared/orders/delivery-due.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { marketOfStored } from '#shared/market/market.ts';

/** The most steps an order's timeline reads (an order gathers a handful: placed, paid, shipped, refunds…). */
const MAX_STEPS = 100;

/**
 * The statements that add a step to an order's timeline and the mail it owes, for the batch that
 * made the change and only if `when` holds there (the compare-and-set that landed): a replay or a
 * racing delivery adds nothing, because (order, step) and (order, step, kind) are unique. A shopper's
 * mail is owed only to an order with an address.
 */
export function stepStatements(
  db: Db,
  s: {
    orderId: number;
    step: string;
    kind: OrderStepKind;
    detail?: OrderStepDetail;
    /** The mail it owes; a step may owe the shopper's and the shop's. */
    mail?: OrderMailKind | readonly OrderMailKind[];
    when: SQL;
    at: string;
  },
) {
  const detail = s.detail ? JSON.stringify(s.detail) : null;
  const statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] = [
    db.run(
      sql`insert or ignore into ${orderEvents} (order_id, step, status, detail, at) select ${orders.id}, ${s.step}, ${s.kind}, ${detail}, ${s.at} from ${orders} where ${orders.id} = ${s.orderId} and ${s.when}`,
    ),
  ];
  for (const mail of typeof s.mail === 'string' ? [s.mail] : (s.mail ?? [])) {
    const reachable = SHOP_MAILS.includes(mail) ? sql`1` : sql`${orders.email} is not null`;
    statements.push(
      db.run(
        sql`insert or ignore into ${orderMails} (order_id, step, kind, confirmation_wanted) select ${orders.id}, ${s.step}, ${mail}, 0 from ${orders} where ${orders.id} = ${s.orderId} and ${s.when} and ${reachable}`,
      ),
    );
  }
  return statements;
}

/**
 * True in SQL while a dispute holds the order whose id is `orderId` (disputeHold's rule): a dispute
 * opened and not closed, or closed lost. Reads that order's steps only (the key's order_id prefix).
 */
export const heldByDispute = (orderId: SQL | AnyColumn) =>
  sql`exists (select 1 from ${orderEvents} d where d.order_id = ${orderId} and ((d.status = 'dispute_opened' and not exists (select 1 from ${orderEvents} c where c.order_id = d.order_id and c.step = replace(d.step, ':opened', ':closed'))) or (d.status = 'dispute_closed' and json_extract(d.detail, '$.outcome') = 'lost')))`;

const stepColumns = { step: orderEvents.step, kind: orderEvents.status, detail: orderEvents.detail, at: orderEvents.at };

/** An order's timeline, oldest first. */
export function orderSteps(db: Db, orderId: number) {
  return db
    .select(stepColumns)
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.at), asc(orderEvents.step))
    .limit(MAX_STEPS);
}

export type OrderStep = Awaited<ReturnType<typeof orderSteps>>[number];

/** Those steps of an order, by their keys, in one read (a step's mail and the parcel's days). */
export function orderStepsNamed(db: Db, orderId: number, steps: readonly string[]): Promise<OrderStep[]> {
  return db
    .select(stepColumns)
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), inArray(orderEvents.step, [...new Set(steps)])));
}

/** What a step was and what came with it (tracking, amount, reason, lines, who), as words; products by id unless `nameOf` names them. */
export function stepWords(step: OrderStep, currency: Currency, nameOf = (id: number) => `product ${id}`): string[] {
  const d = step.detail ?? {};
  const money = (minor: number) => formatMinor(minor, currency);
  const details = [
    d.carrier,
    d.tracking,
    d.url,
    d.expected && `expected by ${d.expected.slice(0, 10)}`,
    d.deliveredOn && `on ${d.deliveredOn}`,
    d.amount !== undefined && money(d.amount),
    d.refunded !== undefined && `(${money(d.refunded)} refunded in all)`,
    d.refund,
    d.request,
    d.wants && `wants: ${d.wants}`,
    d.answer,
    d.code,
    d.reason && `reason: ${d.reason}`,
    d.outcome && `outcome: ${d.outcome}`,
    d.dueBy && `evidence due by ${d.dueBy.slice(0, 10)}`,
    d.lines?.map((l) => `${l.quantity} × ${nameOf(l.productId)}`).join(', '),
    d.by && `by ${d.by}`,
  ];
  return [STEP_WORDS[step.kind], ...details.filter((x): x is string => Boolean(x))];
}

/** One line of a step for the terminal: when (UTC), what, and its details. */
export function formatStep(step: OrderStep, currency: Currency): string {
  return `  ${step.at.slice(0, 16).replace('T', ' ')}  ${stepWords(step, currency).join('  ')}`;
}

/**
 * A shipped parcel's days in the order's market's words: the day it was marked delivered, else its
 * due day once that has passed (a mail days after shipping never says "on its way"); null otherwise.
 */
export function parcelDays(
  order: { region: string | null; shippingOption: string | null },
  steps: readonly Pick<OrderStep, 'kind' | 'at' | 'detail'>[],
  now = Date.now(),
): { deliveredOn: string | null; deliveredBy: string | null } {
  const day = (iso: string) => formatMarketDate(iso, marketOfStored(order.region));
  const delivered = steps.find((s) => s.kind === 'delivered');
  if (delivered) return { deliveredOn: day(delivered.detail?.deliveredOn ?? delivered.at), deliveredBy: null };
  const shipped = steps.find((s) => s.kind === 'shipped');
  if (!shipped) return { deliveredOn: null, deliveredBy: null };
  const due = dueDelivery(shipped.at, order.region, order.shippingOption);
  return { deliveredOn: null, deliveredBy: due < now ? day(new Date(due).toISOString()) : null };
}

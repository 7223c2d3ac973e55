import type { OrderMailDeps } from '#worker/orders/order-mail-parts.ts';
import { and, eq, sql } from 'drizzle-orm';
import {
  allowed,
  linesRefusal,
  RETURN_NOTE_MAX,
  returnedValue,
  returnWindow,
  type AskedLine,
  type ReturnOutcome,
  type ReturnReason,
} from '#shared/orders/return-rules.ts';
import { nowIso } from '#worker/base/clock.ts';
import type { Logger } from '#worker/base/log.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import { returnRequests } from '#worker/db/schema.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import { sendOrderStepMails } from '#worker/orders/order-step-mail.ts';
import { orderSteps, stepStatements, type OrderStep } from '#worker/orders/order-steps.ts';
import { returnsOfOrder, type ReturnRequest } from './return-queries.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { formatMinor, toMinorUnits } from '#shared/money.ts';
import { productLookup } from '#worker/products/product-queries.ts';

export interface ReturnAsk {
  lines: AskedLine[];
  reason: ReturnReason;
  wants: ReturnOutcome;
  /** An exchange's product id (one unit). */
  exchangeFor: number | null;
  note: string | null;
}

/** When the order was shipped (its shipped step), or null. */
export const shippedAt = (steps: readonly OrderStep[]) => steps.find((s) => s.kind === 'shipped')?.at ?? null;

/** What of each product may still be asked back: bought, less what requests not refused ask for. */
export function openToReturn(order: StoredOrder, requests: readonly ReturnRequest[]): Map<number, number> {
  const open = new Map<number, number>();
  for (const line of order.lines) if (line.productId !== null) open.set(line.productId, (open.get(line.productId) ?? 0) + line.quantity);
  for (const r of requests)
    if (r.state !== 'refused') for (const l of r.lines) open.set(l.productId, (open.get(l.productId) ?? 0) - l.quantity);
  return open;
}

/** Everything the order page's return form needs: the window, the requests so far, what is still open. */
export async function returnContext(db: Db, order: StoredOrder, now = Date.now()) {
  const [steps, requests] = await Promise.all([orderSteps(db, order.id), returnsOfOrder(db, order.id)]);
  const window = returnWindow(
    { shippedAt: shippedAt(steps), region: order.region, shippingOption: order.shippingOption, status: order.status },
    now,
  );
  return { window, requests, open: openToReturn(order, requests) };
}

/** The product an exchange asks for: listed, and worth at least what comes back in the order's currency; else a Refusal. */
async function exchangeProduct(db: Db, order: StoredOrder, id: number | null, value: number): Promise<number> {
  const product = id === null ? undefined : (await productLookup(db, [id], { listedOnly: true }))(id);
  if (!product) throw new Refusal('Choose the product you would like instead.', 'invalid');
  if (toMinorUnits(displayPrice(product, order.currency)) < value) {
    throw new Refusal(
      `An exchange is for a product of equal or greater value: choose one worth at least ${formatMinor(value, order.currency)}.`,
      'invalid',
    );
  }
  return product.id;
}

/**
 * A shopper's return or warranty claim (the caller has checked the order's token): inside the
 * policy's window, for lines bought and not yet asked back; the request, its step on the order's
 * timeline and the shopper's mail (what to do, where to send it, who pays the postage) in one batch.
 * Answers the request's number, or throws a Refusal in the shopper's words.
 */
export async function requestReturn(deps: OrderMailDeps & { log: Logger }, order: StoredOrder, ask: ReturnAsk): Promise<string> {
  const { window, requests, open } = await returnContext(deps.db, order);
  if (!window.open) throw new Refusal(`This order cannot be returned: ${window.why}.`);
  const may = allowed(window);
  if (!may.reasons.includes(ask.reason) || !may.outcomes.includes(ask.wants)) {
    throw new Refusal(
      window.open === 'warranty'
        ? 'The 14-day return window has closed: only a warranty claim for a fault (a repair or a replacement) can be made now.'
        : 'Choose a reason and what you would like back from the choices given.',
      'invalid',
    );
  }
  const lines = ask.lines.filter((l) => l.quantity > 0);
  const refusal = linesRefusal(open, lines);
  if (refusal) throw new Refusal(refusal, 'invalid');
  const value = returnedValue(order, lines);
  const exchangeFor = ask.wants === 'exchange' ? await exchangeProduct(deps.db, order, ask.exchangeFor, value) : null;
  const note = ask.note?.trim().slice(0, RETURN_NOTE_MAX) || null;
  const number = `${order.number}-R${requests.length + 1}`;
  const at = nowIso();
  const made = sql`exists (select 1 from ${returnRequests} where ${returnRequests.number} = ${number} and ${returnRequests.createdAt} = ${at})`;
  try {
    await deps.db.batch([
      deps.db.insert(returnRequests).values({
        number,
        orderId: order.id,
        reason: ask.reason,
        outcome: ask.wants,
        lines,
        note,
        value,
        exchangeFor,
        createdAt: at,
      }),
      ...stepStatements(deps.db, {
        orderId: order.id,
        step: `return:${number}:requested`,
        kind: 'return_requested',
        detail: { request: number, lines, reason: ask.reason, wants: ask.wants },
        mail: 'return_requested',
        when: made,
        at,
      }),
    ]);
  } catch (err) {
    // Two requests at once took the same number: this one was not kept.
    const [taken] = await deps.db
      .select({ id: returnRequests.id })
      .from(returnRequests)
      .where(and(eq(returnRequests.number, number)));
    if (taken) throw new Refusal('Another request for this order arrived at the same moment. Look at the order page, then try again.');
    throw err;
  }
  await sendOrderStepMails(deps, deps.log, order.id);
  return number;
}

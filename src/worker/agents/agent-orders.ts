import { and, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { ucpOrder } from '#shared/agents/ucp-order.ts';
import { CAPABILITY, ucpEnvelope } from '#shared/agents/ucp-profile.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { orderByNumber } from '#worker/orders/order-queries.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import { orderSteps } from '#worker/orders/order-steps.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import type { Db } from '#worker/db/client.ts';
import { release } from '#worker/stock/reserve.ts';
import { stockChanged, type StockChangeDeps } from '#worker/stock/stock-changed.ts';
import { agentCheckouts, agentOrderEvents } from './agent-tables.ts';
import { protocolError, type AgentDeps, type Answer } from './agent-answers.ts';

/**
 * The order an agent's checkout became, for that agent only (UCP order): its lines, totals, what was
 * sent with its tracking, and what came back (refunds, returns, disputes) as the timeline has them.
 */
export async function agentOrder(deps: Pick<AgentDeps, 'db' | 'settings'>, agent: string, number: string): Promise<Answer> {
  const [link] = await deps.db
    .select({ checkoutId: agentCheckouts.id })
    .from(agentCheckouts)
    .where(and(eq(agentCheckouts.orderNumber, number), eq(agentCheckouts.agent, agent)))
    .limit(1);
  const order = link ? await orderByNumber(deps.db, number) : null;
  if (!link || !order) return protocolError(404, 'not_found', 'No such order.');
  const steps = await orderSteps(deps.db, order.id);
  const view = ucpOrder({
    number: order.number,
    checkoutId: link.checkoutId,
    permalink: new URL(orderPagePath(order.number, order.token), deps.settings.SITE_URL).toString(),
    currency: order.currency,
    subtotal: order.subtotal,
    shipping: order.shipping,
    discount: order.discount,
    total: order.total,
    tax: order.tax,
    taxInclusive: order.taxInclusive,
    shippingOption: order.shippingOption,
    shippingAddress: order.shippingAddress,
    lines: order.lines,
    steps: steps.map((s) => ({ kind: s.kind, detail: s.detail, at: s.at })),
  });
  return { status: 200, body: { ucp: ucpEnvelope([CAPABILITY.order]), ...view } };
}

/**
 * Once a payment page an agent's checkout was handed to became an order (the order's handler ran
 * first and named it), the checkout is completed and names it. Idempotent, as every handler is.
 */
export const agentOrderHandler: StripeEventHandler<{ db: Db }> = async (deps, input, sofar) => {
  if (typeof sofar.order !== 'string') return {};
  const linked = await deps.db
    .update(agentCheckouts)
    // The order keeps the buyer's name and address now (for the law's period): the checkout's copy goes.
    .set({
      status: 'completed',
      orderNumber: sofar.order,
      reservation: null,
      buyer: null,
      destination: null,
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(agentCheckouts.sessionId, input.objectId), isNull(agentCheckouts.orderNumber)))
    .returning({ agent: agentCheckouts.agent });
  if (linked.length === 0) return {};
  // "Order created", owed to the agent's webhook (later steps are owed by the migration's trigger).
  await deps.db.insert(agentOrderEvents).values({ orderNumber: sofar.order, agent: linked[0]!.agent, nextAt: nowSeconds() });
  return { agent: linked[0]!.agent };
};

/** The agent an order came through, for the owner's views (npm run orders, the back office), by order number. */
export async function agentsOfOrders(db: Db, numbers: readonly string[]): Promise<Map<string, string>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({ number: agentCheckouts.orderNumber, agent: agentCheckouts.agent })
    .from(agentCheckouts)
    .where(inArray(agentCheckouts.orderNumber, [...numbers]));
  return new Map(rows.flatMap((r) => (r.number ? [[r.number, r.agent] as const] : [])));
}

/** At most this many ended sessions are closed per run. */
const ENDED_PER_RUN = 100;

/** Sessions past their end that still hold units or the buyer's details (the job's probe asks the same). */
export const endedWithSomething = (now: number) =>
  and(
    inArray(agentCheckouts.status, ['open', 'escalated']),
    lt(agentCheckouts.expiresAt, now),
    or(eq(agentCheckouts.status, 'open'), isNotNull(agentCheckouts.buyer), isNotNull(agentCheckouts.destination)),
  );

/**
 * Sessions that ended: one never handed to a payment page is cancelled and lets its hold go (one on a
 * payment page is let go by Stripe's expiry, as a cart's is); either way the buyer's details go, kept
 * no longer than the checkout lived. The scheduled job runs it.
 */
export async function closeEndedAgentCheckouts(deps: StockChangeDeps, now = nowSeconds()): Promise<number> {
  const { db } = deps;
  const ended = await db
    .select({ id: agentCheckouts.id, status: agentCheckouts.status, reservation: agentCheckouts.reservation })
    .from(agentCheckouts)
    .where(endedWithSomething(now))
    .limit(ENDED_PER_RUN);
  const freed: number[] = [];
  for (const row of ended) {
    const open = row.status === 'open';
    if (open && row.reservation) freed.push(...(await release(db, row.reservation)));
    await db
      .update(agentCheckouts)
      .set({ buyer: null, destination: null, ...(open && { status: 'canceled' as const, reservation: null }) })
      .where(eq(agentCheckouts.id, row.id));
  }
  await stockChanged(deps, freed);
  return ended.length;
}

import { sql } from 'drizzle-orm';
import { formatMarketDate } from '#shared/site/dates.ts';
import { marketOfStored } from '#shared/market/market.ts';
import { nowIso } from '#worker/base/clock.ts';
import { shopDate } from '#shared/policy/shop-time.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { findOrder } from '#worker/orders/order-queries.ts';
import { stepStatements } from '#worker/orders/order-steps.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Delivered: the owner marks a shipped parcel as arrived, on a day from its shipping to today (today
 * unless told; days are the shop's, in its own time zone), once. From then on every page and mail says "Delivered on …", never "on its way".
 * The step is the record (unique per order); the fulfilment status stays shipped (a return follows it).
 */
export async function markDelivered(deps: Pick<OrderActionDeps, 'db'>, asked: { number: string; on: string | null }, by: string) {
  const { order, steps } = await findOrder(deps.db, asked.number);
  const shipped = steps.find((s) => s.kind === 'shipped');
  if (order.fulfilment !== 'shipped' || !shipped)
    throw new Refusal(
      `order ${order.number} cannot be marked delivered: ${order.fulfilment === 'returned' ? 'its goods have come back' : 'it has not been shipped'}`,
    );
  const before = steps.find((s) => s.kind === 'delivered');
  const day = (iso: string) => formatMarketDate(iso, marketOfStored(order.region));
  if (before) throw new Refusal(`order ${order.number} was marked delivered already (${day(before.detail?.deliveredOn ?? before.at)}).`);
  const today = shopDate(Date.parse(nowIso()));
  const on = asked.on?.trim() || today;
  if (!DAY.test(on) || Number.isNaN(Date.parse(on))) throw new Refusal(`${on.slice(0, 20)} is not a day (YYYY-MM-DD).`, 'invalid');
  if (on < shopDate(Date.parse(shipped.at)))
    throw new Refusal(`It was shipped on ${day(shipped.at)}: it cannot have arrived before.`, 'invalid');
  if (on > today) throw new Refusal('That day has not come yet.', 'invalid');
  await deps.db.batch(
    stepStatements(deps.db, {
      orderId: order.id,
      step: 'delivered',
      kind: 'delivered',
      detail: { deliveredOn: on, by },
      when: sql`${orders.fulfilment} = 'shipped'`,
      at: nowIso(),
    }),
  );
  return `${order.number}: delivered on ${day(on)}.`;
}

import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import type { SessionRecord } from '#worker/payments/checkout-gateway.ts';
import { stockChanged, type StockChangeDeps } from './stock-changed.ts';
import { release } from './reserve.ts';

export interface ExpiredDeps extends StockChangeDeps {
  /** Payment links are switched after the answer (the Worker's waitUntil). */
  background: (work: Promise<unknown>) => void;
}

/**
 * A Checkout Session that expired unpaid: the units it held are let go (its reservation, named in the
 * metadata as read from Stripe), and the products' payment links follow. Nothing when it was not ours.
 */
export async function releaseExpired(deps: ExpiredDeps, session: SessionRecord | null): Promise<number[]> {
  const reservation = session?.status === 'expired' ? session.metadata.reservation : undefined;
  if (!reservation) return [];
  const products = await release(deps.db, reservation);
  if (products.length > 0) deps.background(stockChanged(deps, products));
  return products;
}

/** A Checkout Session expired: what it held is let go. */
export const expiredSessionHandler: StripeEventHandler<ExpiredDeps> = async (deps, input) => ({
  released: await releaseExpired(deps, await input.session()),
});

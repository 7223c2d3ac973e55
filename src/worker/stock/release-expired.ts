import type { Logger } from '#worker/base/log.ts';
import type { Db } from '#worker/db/client.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { syncPaymentLinks } from './payment-link-switch.ts';
import { release } from './reserve.ts';

export interface ExpiredDeps {
  db: Db;
  gateway: CheckoutGateway;
  log: Logger;
  /** Payment links are switched after the answer (the Worker's waitUntil). */
  background: (work: Promise<unknown>) => void;
}

/**
 * A Checkout Session that expired unpaid: the units it held are let go (its reservation, named in the
 * metadata as read from Stripe), and the products' payment links follow. Nothing when it was not ours.
 */
export async function releaseExpired(deps: ExpiredDeps, sessionId: string): Promise<number[]> {
  const session = await deps.gateway.readSession(sessionId);
  const reservation = session?.status === 'expired' ? session.metadata.reservation : undefined;
  if (!reservation) return [];
  const products = await release(deps.db, reservation);
  if (products.length > 0) deps.background(syncPaymentLinks(deps, products));
  return products;
}

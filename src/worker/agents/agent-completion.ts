import { eq } from 'drizzle-orm';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { shippingChoices } from '#shared/cart/shipping.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { errorFields } from '#worker/base/log.ts';
import { randomToken } from '#worker/base/hashing.ts';
import { dutyEstimates } from '#worker/base/settings.ts';
import { checkoutSessionParams } from '#worker/checkout/session-params.ts';
import { buyerHash } from '#worker/checkout/buyer-hash.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { attachSession, extendHold, release } from '#worker/stock/reserve.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { agentCheckouts } from './agent-tables.ts';
import { protocolError, type AgentDeps, type Answer } from './agent-answers.ts';
import { checkoutOf, HOLD_GRACE_S, sessionAnswer, sessionBody } from './agent-checkouts.ts';

type Row = typeof agentCheckouts.$inferSelect;

/** Stripe wants expires_at at least 30 minutes after creation: a minute's margin for clocks that differ (as the cart's). */
const SESSION_EXPIRY_MARGIN_S = 60;

/**
 * Complete (UCP): the shop's one payment handler is its own payment page, so a session with nothing
 * missing is handed to a Checkout Session of its own (its lines, the chosen delivery to the given
 * country, the hold named in its metadata, so the sale lets the hold go as a cart's does) and answers
 * requires_escalation with continue_url. Asked again, the same page is answered; once paid, the
 * session is completed and names its order (agent-orders.ts).
 */
export async function completeCheckout(deps: AgentDeps, agent: string, row: Row): Promise<Answer> {
  const checkout = checkoutOf(row);
  if (row.status !== 'open' || nowSeconds() >= row.expiresAt) return sessionAnswer(deps, row);
  const byId = await productLookup(
    deps.db,
    checkout.lines.flatMap((l) => (l.productId === null ? [] : [l.productId])),
  );
  const body = sessionBody(deps, checkout, byId);
  if (body.status !== 'ready_for_complete' || !row.reservation || !checkout.destination) return { status: 200, body };
  const { gateway, settings } = deps;
  if (!gateway) return protocolError(503, 'unavailable', 'Payments are not set up on this shop yet.', { 'Retry-After': '3600' });
  const items = cartProducts(
    checkout.lines.flatMap((l) => (l.productId === null ? [] : [{ id: l.productId, quantity: l.quantity }])),
    byId,
  );
  const priced = priceCart(items, body.currency);
  const expiresAt = nowSeconds() + settings.CHECKOUT_HOLD_MINUTES * 60 + SESSION_EXPIRY_MARGIN_S;
  await extendHold(deps.db, row.reservation, expiresAt + HOLD_GRACE_S);
  const chosen = shippingChoices(checkout.region, priced.subtotal, priced.currency).find((o) => o.service === checkout.option);
  const params = checkoutSessionParams({
    cart: priced,
    region: checkout.region,
    siteUrl: settings.SITE_URL,
    campaign: { utm_source: agent, utm_medium: 'ucp-agent' },
    market: null,
    // The buyer's browser is the agent's, not ours: no browser of the shop's holds this nonce.
    buyer: await buyerHash(randomToken(16)),
    network: `ucp-agent:${agent}`,
    hold: { reservation: row.reservation, expiresAt },
    // The code the view applied (Stripe checks it again); 'none' where none applies, so none is typed at Stripe either.
    promotionCode: body.discounts.applied.length > 0 && checkout.offer ? checkout.offer.id : 'none',
    tax: settings.STRIPE_TAX === 'on',
    duties: dutyEstimates(settings),
  });
  params.shipping = params.shipping.filter((s) => !chosen || s.label.startsWith(chosen.label));
  params.shipToCountries = [checkout.destination.address_country];
  params.metadata.agent_checkout = row.id;
  let session: { id: string; url: string };
  try {
    // Two completes at once send the same key (Stripe makes one session); a try after a failure has a new
    // one, since the failure moved updatedAt (Stripe replays a key's first answer, a 500 included).
    session = await gateway.createSession(params, `ucp-complete-${row.id}-${row.updatedAt}`);
  } catch (err) {
    deps.log('error', 'agent checkout: payment page not made', errorFields(err));
    await deps.db.update(agentCheckouts).set({ updatedAt: new Date().toISOString() }).where(eq(agentCheckouts.id, row.id));
    return protocolError(503, 'unavailable', 'The payment page could not be made; try again shortly.', { 'Retry-After': '30' });
  }
  await attachSession(deps.db, row.reservation, session.id);
  const [updated] = await deps.db
    .update(agentCheckouts)
    .set({ status: 'escalated', sessionId: session.id, continueUrl: session.url, expiresAt, updatedAt: new Date().toISOString() })
    .where(eq(agentCheckouts.id, row.id))
    .returning();
  deps.log('info', 'agent checkout handed to the payment page', { agent, checkout: row.id });
  return { status: 200, body: sessionBody(deps, checkoutOf(updated!), byId) };
}

/**
 * Cancel (UCP): the hold is let go at once; a session already handed to its payment page has that page
 * closed first (Stripe says 'closed' when it was paid meanwhile: then nothing is cancelled).
 */
export async function cancelCheckout(deps: AgentDeps, row: Row): Promise<Answer> {
  if (row.status === 'canceled') return sessionAnswer(deps, row);
  if (row.status === 'completed' || row.orderNumber)
    return protocolError(409, 'invalid_state', 'The checkout is completed: its order stands.');
  if (row.sessionId && deps.gateway) {
    let closed: 'expired' | 'closed';
    try {
      closed = await deps.gateway.expireSession(row.sessionId);
    } catch (err) {
      deps.log('error', 'agent checkout: payment page not closed', errorFields(err));
      return protocolError(503, 'unavailable', 'The payment page could not be closed; try again shortly.', { 'Retry-After': '30' });
    }
    if (closed === 'closed') {
      const session = await deps.gateway.readSession(row.sessionId).catch(() => null);
      if (session?.status === 'complete') return protocolError(409, 'invalid_state', 'The buyer has paid: the order stands.');
    }
  }
  const freed = row.reservation ? await release(deps.db, row.reservation) : [];
  if (freed.length > 0) deps.background(stockChanged(deps, freed));
  const [updated] = await deps.db
    .update(agentCheckouts)
    .set({ status: 'canceled', reservation: null, buyer: null, destination: null, updatedAt: new Date().toISOString() })
    .where(eq(agentCheckouts.id, row.id))
    .returning();
  return sessionAnswer(deps, updated!);
}

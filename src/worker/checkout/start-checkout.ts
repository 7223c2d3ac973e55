import { serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { cartNotices, shortNotice, type CartNotice } from '#shared/cart/notices.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { ShortLine } from '#shared/catalogue/stock-level.ts';
import type { Market } from '#shared/market/market.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { campaignQueryString, withCampaign, type CampaignParams } from '#shared/site/campaign.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { buyerHash } from '#worker/orders/buyer-cookie.ts';
import { orderNumber } from '#worker/orders/order-number.ts';
import { CheckoutUnavailableError, type CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { release, reserve, type Reserved } from '#worker/stock/reserve.ts';
import { nowSeconds } from '#worker/stock/stock-queries.ts';
import { regionPaymentLink } from './checkout-inputs.ts';
import { deploymentCheckoutMode } from './deployment-mode.ts';
import { checkoutSessionParams } from './session-params.ts';

/** Stripe wants expires_at at least 30 minutes after creation: a minute's margin for clocks that differ. */
const SESSION_EXPIRY_MARGIN_S = 60;
/** The hold outlives the session a little, so a payment in its last second still finds its units held. */
const HOLD_GRACE_S = 5 * 60;

export interface CheckoutDeps {
  db: Db;
  settings: Settings;
  log: Logger;
  /** Stripe when it is set up (checkoutGatewayFor), else null: lines are paid through payment links. */
  gateway: CheckoutGateway | null;
  /** Work that may finish after the answer (payment links switched off): the Worker's waitUntil. */
  background: (work: Promise<unknown>) => void;
}

export interface CheckoutRequest {
  cart: readonly CartLine[];
  region: Region;
  market: Market | null;
  campaign: CampaignParams;
  /** The attempt token the cart page rendered (a double submit sends the same one). */
  attempt: string | undefined;
  /** The buying browser's nonce, asked for only when a session is made (it may set a cookie). */
  buyerNonce: () => string;
}

/** What became of a checkout; the route turns each into a redirect, JSON or the cart page. */
export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'refused'; notice: CartNotice }
  | { kind: 'one-by-one' }
  | { kind: 'short'; notice: CartNotice; short: ShortLine[] }
  | { kind: 'unavailable' };

/**
 * The idempotency key of a checkout attempt: the attempt token the cart page rendered, bound to
 * what is being bought, so a double submit gets the same session and a changed cart a new one.
 */
async function idempotencyKey(
  attempt: string | undefined,
  lines: readonly CartLine[],
  region: string,
  campaign: CampaignParams,
  buyer: string,
) {
  const token = attempt && /^[\w-]{8,64}$/.test(attempt) ? attempt : crypto.randomUUID();
  const data = new TextEncoder().encode([token, serializeCart(lines), region, campaignQueryString(campaign), buyer].join('\n'));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  return `cart-checkout-${Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * One checkout for the cart, as checkoutMode decides (the cart page's island shows the same mode):
 * with Stripe set up, a Checkout Session priced on the server from the catalogue as the database has
 * it now (never a cached copy: a price a sync changed is what the session charges), for which the
 * cart's units are held first (a line the shop cannot fill is refused by name, no session); without
 * Stripe a single item goes to its payment link exactly as Buy Now does, and more is paid line by line.
 */
export async function startCheckout(deps: CheckoutDeps, request: CheckoutRequest): Promise<CheckoutOutcome> {
  const { db, settings, log, gateway } = deps;
  const { region, campaign } = request;
  let byId: Awaited<ReturnType<typeof productLookup>>;
  try {
    byId = await productLookup(
      db,
      request.cart.map((l) => l.id),
    );
  } catch (err) {
    log('error', 'checkout could not read the catalogue', errorFields(err));
    return { kind: 'unavailable' };
  }
  const items = cartProducts(request.cart, byId);
  // Only lines that are products are bought (and held): an id the catalogue lost is left out.
  const lines = items.map(({ item, quantity }) => ({ id: item.id, quantity }));
  if (items.length === 0) return { kind: 'refused', notice: cartNotices.empty };

  const mode = deploymentCheckoutMode(settings, items);
  if (mode === 'payment-link') {
    const link = regionPaymentLink(items[0]!.item, region, log);
    return link ? { kind: 'redirect', url: withCampaign(link, campaign) } : { kind: 'refused', notice: cartNotices.unavailable };
  }
  if (mode === 'per-line' || !gateway) return { kind: 'one-by-one' };

  const currency = currencyByRegion[region];
  const buyer = await buyerHash(request.buyerNonce());
  const key = await idempotencyKey(request.attempt, lines, region, campaign, buyer);
  // The units are held before Stripe is asked, under the attempt's key (a double submit holds once),
  // until a little after the session expires: Stripe takes no payment past expires_at.
  const now = nowSeconds();
  const expiresAt = now + settings.CHECKOUT_HOLD_MINUTES * 60 + SESSION_EXPIRY_MARGIN_S;
  let held: Reserved;
  try {
    held = await reserve(db, key, lines, expiresAt + HOLD_GRACE_S, now);
  } catch (err) {
    // Nothing can be held without the database: no session is created (it could sell what is gone).
    log('error', 'checkout hold failed', errorFields(err));
    return { kind: 'unavailable' };
  }
  if (!held.ok) {
    const notice = shortNotice(held.short.map((s) => ({ ...s, name: plainName(byId(s.productId)?.name ?? `Product ${s.productId}`) })));
    log('info', 'checkout refused: not enough stock', { short: held.short });
    return { kind: 'short', notice, short: held.short };
  }
  // A product this hold left with none available: its payment links stop (after the answer).
  const links = { db, gateway, log };
  if (held.emptied.length > 0) deps.background(syncPaymentLinks(links, held.emptied));
  const params = checkoutSessionParams({
    cart: priceCart(items, currency),
    gbpSubtotal: priceCart(items, 'GBP').subtotal,
    region,
    siteUrl: settings.SITE_URL,
    campaign,
    market: request.market,
    buyer,
    hold: { reservation: key, expiresAt },
  });
  try {
    const session = await gateway.createSession(params, key);
    // The order number, not the session id: logs open nothing.
    log('info', 'checkout session created', { order: await orderNumber(session.id), lines: items.length, currency });
    return { kind: 'redirect', url: session.url };
  } catch (err) {
    // Only the request that made the hold lets it go: a duplicate of a checkout that did get its
    // session (Stripe refuses a key still in use) must not free that session's units.
    if (held.fresh) {
      await release(db, key).then(
        () => held.emptied.length > 0 && deps.background(syncPaymentLinks(links, held.emptied)),
        (releaseErr: unknown) => log('error', 'checkout hold not released', errorFields(releaseErr)),
      );
    }
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    log('error', 'checkout session failed', { providerStatus: status, ...errorFields(err) });
    return { kind: 'unavailable' };
  }
}

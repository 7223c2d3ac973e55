import type { Context } from 'hono';
import { serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { campaignQueryString, withCampaign, type CampaignParams } from '#shared/site/campaign.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { errorFields } from '#worker/log.ts';
import { checkoutGatewayFor } from '#worker/payments/choose-gateway.ts';
import { CheckoutUnavailableError } from '#worker/payments/checkout-gateway.ts';
import { checkoutSessionParams } from '#worker/payments/session-params.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { buyerHash, ensureBuyerNonce } from '#worker/orders/buyer-cookie.ts';
import { orderNumber } from '#worker/orders/order-number.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { productLookup } from '#worker/catalogue/catalogue-queries.ts';
import { cartNotices, shortNotice } from '#shared/cart/notices.ts';
import { reserve, release, type Reserved } from '#worker/stock/reserve.ts';
import { syncPaymentLinks } from '#worker/stock/payment-link-switch.ts';
import { keepAlive } from '#worker/http/keep-alive.ts';
import { nowSeconds } from '#worker/stock/stock-queries.ts';
import { cartJson, rejectCartPost } from './cart-answers';
import { postedCampaign, regionPaymentLink } from './checkout-inputs';
import { cartCheckoutMode } from './checkout-mode';

/** Stripe wants expires_at at least 30 minutes after creation: a minute's margin for clocks that differ. */
const SESSION_EXPIRY_MARGIN_S = 60;
/** The hold outlives the session a little, so a payment in its last second still finds its units held. */
const HOLD_GRACE_S = 5 * 60;

/** Checkout cannot go on now: the cart stays, and the shopper is told to try again. */
function unavailable(c: Context<AppEnv>) {
  if (wantsJson(c)) return c.json({ error: cartNotices.unavailable.text }, 502);
  return c.redirect(c.get('href')('/cart?checkout=unavailable'), 303);
}

/** Where the browser goes next: JSON for the island, a 303 without JavaScript. */
function goTo(c: Context<AppEnv>, url: string) {
  return wantsJson(c) ? c.json({ url }) : c.redirect(url, 303);
}

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
 * cart's units are held first (a line the shop cannot fill gets 409 naming it, no session); without
 * Stripe a single item goes to its payment link exactly as Buy Now does, and more is paid line by line.
 */
export async function checkoutCart(c: Context<AppEnv>, fields: Record<string, string>) {
  const { db, settings } = c.get('deps');
  const log = c.get('log');
  const cart = c.get('cart');
  let byId: Awaited<ReturnType<typeof productLookup>>;
  try {
    byId = await productLookup(
      db,
      cart.map((l) => l.id),
    );
  } catch (err) {
    log('error', 'checkout could not read the catalogue', errorFields(err));
    return unavailable(c);
  }
  const items = cartProducts(cart, byId);
  // Only lines that are products are bought (and held): an id the catalogue lost is left out.
  const lines = items.map(({ item, quantity }) => ({ id: item.id, quantity }));
  if (items.length === 0) return rejectCartPost(c, cartNotices.empty);
  const region = c.get('region').region;
  const campaign = postedCampaign(c, fields);

  const mode = cartCheckoutMode(c, items);
  if (mode === 'payment-link') {
    const link = regionPaymentLink(c, items[0]!.item);
    return link ? goTo(c, withCampaign(link, campaign)) : rejectCartPost(c, cartNotices.unavailable);
  }
  const gateway = checkoutGatewayFor(c.get('deps').settings);
  if (mode === 'per-line' || !gateway) {
    if (wantsJson(c)) return c.json({ error: cartNotices.oneByOne.text }, 409);
    return c.redirect(c.get('href')('/cart'), 303);
  }
  const currency = currencyByRegion[region];
  const buyer = await buyerHash(ensureBuyerNonce(c));
  const key = await idempotencyKey(fields.attempt, lines, region, campaign, buyer);
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
    return unavailable(c);
  }
  if (!held.ok) {
    const notice = shortNotice(held.short.map((s) => ({ ...s, name: plainName(byId(s.productId)?.name ?? `Product ${s.productId}`) })));
    log('info', 'checkout refused: not enough stock', { short: held.short });
    if (wantsJson(c)) return c.json({ error: notice.text, short: held.short, ...(await cartJson(c)) }, 409);
    return c.redirect(c.get('href')('/cart?checkout=short'), 303);
  }
  // A product this hold left with none available: its payment links stop (after the answer).
  const links = { db, gateway, log };
  if (held.emptied.length > 0) keepAlive(c)(syncPaymentLinks(links, held.emptied));
  const params = checkoutSessionParams({
    cart: priceCart(items, currency),
    gbpSubtotal: priceCart(items, 'GBP').subtotal,
    region,
    siteUrl: settings.SITE_URL,
    campaign,
    market: c.get('market'),
    buyer,
    hold: { reservation: key, expiresAt },
  });
  try {
    const session = await gateway.createSession(params, key);
    // The order number, not the session id: logs open nothing.
    log('info', 'checkout session created', { order: await orderNumber(session.id), lines: items.length, currency });
    return goTo(c, session.url);
  } catch (err) {
    // Only the request that made the hold lets it go: a duplicate of a checkout that did get its
    // session (Stripe refuses a key still in use) must not free that session's units.
    if (held.fresh) {
      await release(db, key).then(
        () => held.emptied.length > 0 && keepAlive(c)(syncPaymentLinks(links, held.emptied)),
        (releaseErr: unknown) => log('error', 'checkout hold not released', errorFields(releaseErr)),
      );
    }
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    log('error', 'checkout session failed', { providerStatus: status, ...errorFields(err) });
    return unavailable(c);
  }
}

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
import { cartNotices } from '#shared/cart/notices.ts';
import { wantsJson } from '#worker/http/wants-json.ts';
import { buyerHash, ensureBuyerNonce } from '#worker/orders/buyer-cookie.ts';
import { orderNumber } from '#worker/orders/order-number.ts';
import { rejectCartPost } from './cart-answers';
import { postedCampaign, regionPaymentLink } from './checkout-inputs';
import { cartCheckoutMode } from './checkout-mode';

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
 * a single item goes to its payment link exactly as Buy Now does; more goes to a Stripe Checkout
 * Session priced on the server from the catalogue, when Stripe is set up. Without Stripe the cart
 * page offers each line's payment link instead.
 */
export async function checkoutCart(c: Context<AppEnv>, fields: Record<string, string>) {
  const lines = c.get('cart');
  const items = cartProducts(lines);
  if (items.length === 0) return rejectCartPost(c, cartNotices.empty);
  const region = c.get('region').region;
  const campaign = postedCampaign(c, fields);
  const log = c.get('log');

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
  const params = checkoutSessionParams({
    cart: priceCart(items, currency),
    gbpSubtotal: priceCart(items, 'GBP').subtotal,
    region,
    siteUrl: c.get('deps').settings.SITE_URL,
    campaign,
    market: c.get('market'),
    buyer,
  });
  try {
    const session = await gateway.createSession(params, await idempotencyKey(fields.attempt, lines, region, campaign, buyer));
    // The order number, not the session id: logs open nothing.
    log('info', 'checkout session created', { order: await orderNumber(session.id), lines: items.length, currency });
    return goTo(c, session.url);
  } catch (err) {
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    log('error', 'checkout session failed', { providerStatus: status, ...errorFields(err) });
    if (wantsJson(c)) return c.json({ error: cartNotices.unavailable.text }, 502);
    return c.redirect(c.get('href')('/cart?checkout=unavailable'), 303);
  }
}

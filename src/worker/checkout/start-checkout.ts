import { serializeCart, type CartLine } from '#shared/cart/cart.ts';
import { dutyEstimates } from '#worker/base/settings.ts';
import { cartNotices, shortNotice, type CartNotice } from '#shared/cart/notices.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartProducts } from '#shared/cart/view.ts';
import { plainName } from '#shared/catalogue/product.ts';
import type { ShortLine } from '#shared/catalogue/stock-level.ts';
import type { Market } from '#shared/market/market.ts';
import { offerRefusal, unknownCodeText } from '#shared/offers/offer.ts';
import { currencyByRegion, type Currency, type Region } from '#shared/region/region.ts';
import { campaignQueryString, withCampaign, type CampaignParams } from '#shared/site/campaign.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { holdCreditCode, releaseCreditCode } from './credit-holds.ts';
import { sha256Hex } from '#worker/base/hashing.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { buyerHash } from './buyer-hash.ts';
import { CheckoutUnavailableError, type CheckoutGateway, type CheckoutSessionParams } from '#worker/payments/checkout-gateway.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { attachSession, release, reserve, type Reserved } from '#worker/stock/reserve.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { networkKey, senderKey } from '#worker/limits/sender-key.ts';
import { regionPaymentLink } from './checkout-inputs.ts';
import { deploymentCheckoutMode } from './deployment-mode.ts';
import { checkoutSessionParams } from './session-params.ts';

/** Stripe wants expires_at at least 30 minutes after creation: a minute's margin for clocks that differ. */
const SESSION_EXPIRY_MARGIN_S = 60;
/** The hold outlives the session a little, so a payment in its last second still finds its units held. */
const HOLD_GRACE_S = 5 * 60;
/** CHECKOUT_RATE_LIMIT counts per this window. */
const CHECKOUT_WINDOW_S = 10 * 60;

export interface CheckoutDeps {
  db: Db;
  settings: Settings;
  log: Logger;
  /** Stripe when it is set up, else null: lines are paid through payment links. */
  gateway: CheckoutGateway | null;
  /** Where a hold's stock change is told, so the products' pages show it. */
  changes: ChangeFeed;
  /** Work that may finish after the answer (payment links switched off): the Worker's waitUntil. */
  background: (work: Promise<unknown>) => void;
}

export interface CheckoutRequest {
  cart: readonly CartLine[];
  /** The visitor's network address: one address starts a bounded number of checkouts and holds a bounded number of units. */
  sender: string | undefined;
  region: Region;
  market: Market | null;
  campaign: CampaignParams;
  /** The attempt token the cart page rendered (a double submit sends the same one). */
  attempt: string | undefined;
  /** The buying browser's nonce, asked for only when a session is made (it may set a cookie). */
  buyerNonce: () => string;
  /** The promotion code the cart carries (its cookie), checked with Stripe again before it is used. */
  offerCode: string | null;
}

/** What became of a checkout; the route turns each into a redirect, JSON or the cart page. */
export type CheckoutOutcome =
  | { kind: 'redirect'; url: string }
  | { kind: 'refused'; notice: CartNotice }
  | { kind: 'one-by-one' }
  | { kind: 'short'; notice: CartNotice; short: ShortLine[] }
  | { kind: 'limited'; notice: CartNotice; retryAfterS: number }
  /** The cart's code cannot go with this checkout; `ended`: Stripe no longer takes it (the cart forgets it). */
  | { kind: 'offer'; notice: CartNotice; ended: boolean }
  | { kind: 'unavailable' };

/** How long a double submit waits for the first request's session before it is told to try again. */
const IN_PROGRESS_WAITS_MS = [500, 1000, 2000];

/**
 * The reservation of a checkout attempt: the attempt token the cart page rendered, bound to what is
 * being bought, so a double submit finds the same hold and a changed cart makes a new one. Stripe's
 * Idempotency-Key is the hold's own (reserve makes it with the hold): a double submit finds the hold,
 * so it sends the same parameters under the same key and gets the first one's session; a try after a
 * failure (whose hold was let go) holds anew under a new key, so it reaches Stripe, which replays a
 * key's first answer, 500s included, and refuses the key with other parameters.
 */
async function reservationOf(
  attempt: string | undefined,
  lines: readonly CartLine[],
  region: string,
  campaign: CampaignParams,
  buyer: string,
  terms: { promotionCode: string | null; tax: boolean },
) {
  const token = attempt && /^[\w-]{8,64}$/.test(attempt) ? attempt : crypto.randomUUID();
  const parts = [token, serializeCart(lines), region, campaignQueryString(campaign), buyer, terms.promotionCode ?? '', String(terms.tax)];
  return `cart-checkout-${await sha256Hex(parts.join('\n'), 16)}`;
}

/**
 * The cart's code as Stripe has it now, or why it cannot go with this cart (ended: Stripe no longer
 * takes it; else the cart does not meet it). Asked before anything is held: a refused code holds nothing.
 */
async function checkedOffer(
  gateway: CheckoutGateway,
  code: string | null,
  cart: { subtotal: number; currency: Currency },
): Promise<{ promotionCode: string | null } | { notice: CartNotice; ended: boolean }> {
  if (code === null) return { promotionCode: null };
  const promo = await gateway.findPromotionCode(code);
  if (!promo) return { notice: { tone: 'error', text: `${unknownCodeText(code)} It was removed from your cart.` }, ended: true };
  const refusal = offerRefusal(promo, cart);
  return refusal ? { notice: { tone: 'error', text: refusal }, ended: false } : { promotionCode: promo.id };
}

/** Creates the session; a double submit whose first request is still with Stripe (409) waits for it a little. */
async function createSession(gateway: CheckoutGateway, params: CheckoutSessionParams, key: string) {
  for (const wait of IN_PROGRESS_WAITS_MS) {
    try {
      return await gateway.createSession(params, key);
    } catch (err) {
      if (!(err instanceof CheckoutUnavailableError && err.status === 409)) throw err;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return gateway.createSession(params, key);
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

  const mode = deploymentCheckoutMode(gateway, items);
  if (mode === 'payment-link') {
    const link = regionPaymentLink(items[0]!.item, region, log);
    return link ? { kind: 'redirect', url: withCampaign(link, campaign) } : { kind: 'refused', notice: cartNotices.unavailable };
  }
  if (mode === 'per-line' || !gateway) return { kind: 'one-by-one' };

  const currency = currencyByRegion[region];
  const priced = priceCart(items, currency);
  const sender = await senderKey(settings.RATE_LIMIT_SECRET, request.sender);
  // One address starts a bounded number of checkouts (a durable count), before anything is asked of
  // Stripe or held: a flood of forged carts costs neither.
  try {
    const limit = await takeHit(db, { scope: 'checkout', limit: settings.CHECKOUT_RATE_LIMIT, windowS: CHECKOUT_WINDOW_S }, sender);
    if (!limit.allowed) {
      log('warn', 'checkout rate limited', { senderKey: sender });
      return { kind: 'limited', notice: cartNotices.tooManyCheckouts, retryAfterS: limit.retryAfterS };
    }
  } catch (err) {
    // The count is the database's: without it nothing can be held either.
    log('error', 'checkout rate limit not counted', errorFields(err));
    return { kind: 'unavailable' };
  }
  let offer: Awaited<ReturnType<typeof checkedOffer>>;
  try {
    offer = await checkedOffer(gateway, request.offerCode, { subtotal: priced.subtotal, currency });
  } catch (err) {
    log('error', 'checkout could not check the promotion code', errorFields(err));
    return { kind: 'unavailable' };
  }
  if ('notice' in offer) {
    log('info', 'checkout refused: promotion code', { ended: offer.ended });
    return { kind: 'offer', notice: offer.notice, ended: offer.ended };
  }
  const terms = { promotionCode: offer.promotionCode, tax: settings.STRIPE_TAX === 'on' };
  const buyer = await buyerHash(request.buyerNonce());
  const reservation = await reservationOf(request.attempt, lines, region, campaign, buyer, terms);
  // The units are held before Stripe is asked, under the attempt's reservation (a double submit holds
  // once), until a little after the session expires: Stripe takes no payment past expires_at. One
  // address holds a bounded number of units (durable counts).
  let held: Reserved;
  const network = await networkKey(settings.RATE_LIMIT_SECRET, request.sender);
  const until = nowSeconds() + settings.CHECKOUT_HOLD_MINUTES * 60 + SESSION_EXPIRY_MARGIN_S + HOLD_GRACE_S;
  // A store credit code goes to one open checkout at a time (it is single-use): another is told now.
  const code = terms.promotionCode === null ? null : request.offerCode;
  try {
    const busy = await holdCreditCode(db, gateway, code, { reservation, buyer, until });
    if (busy !== null) {
      log('info', 'checkout refused: store credit code in another open checkout', {});
      const minutes = Math.max(1, Math.ceil((busy - HOLD_GRACE_S - nowSeconds()) / 60));
      const text = `Your store credit code is in another checkout that is still open: pay there, or use it here once that one closes (within ${minutes} minutes).`;
      return { kind: 'offer', notice: { tone: 'error', text }, ended: false };
    }
  } catch (err) {
    log('error', 'checkout could not hold the store credit code', errorFields(err));
    return { kind: 'unavailable' };
  }
  try {
    held = await reserve(db, reservation, lines, until, {
      key: sender,
      network,
      cap: settings.CHECKOUT_HOLD_UNITS,
      sharePercent: settings.CHECKOUT_HOLD_SHARE,
    });
  } catch (err) {
    // Nothing can be held without the database: no session is created (it could sell what is gone).
    log('error', 'checkout hold failed', errorFields(err));
    await releaseCreditCode(db, code, reservation).catch(() => undefined);
    return { kind: 'unavailable' };
  }
  if (!held.ok) await releaseCreditCode(db, code, reservation);
  if (!held.ok && 'capped' in held) {
    log('warn', 'checkout refused: the address or its network holds its share', {
      senderKey: sender,
      cap: settings.CHECKOUT_HOLD_UNITS,
      share: settings.CHECKOUT_HOLD_SHARE,
    });
    return { kind: 'limited', notice: cartNotices.tooManyHeld, retryAfterS: settings.CHECKOUT_HOLD_MINUTES * 60 };
  }
  if (!held.ok) {
    const notice = shortNotice(held.short.map((s) => ({ ...s, name: plainName(byId(s.productId)?.name ?? `Product ${s.productId}`) })));
    log('info', 'checkout refused: not enough stock', { short: held.short });
    return { kind: 'short', notice, short: held.short };
  }
  const expiresAt = held.expiresAt - HOLD_GRACE_S;
  const key = held.idempotencyKey;
  // What the hold took shows on the products' pages, and a product it left with none available has
  // its payment links stopped (after the answer; a fresh hold only: a double submit moved nothing).
  const changed = { db, gateway, log, settings, changes: deps.changes };
  const heldIds = lines.map((l) => l.id);
  if (held.fresh) deps.background(stockChanged(changed, heldIds));
  const params = checkoutSessionParams({
    cart: priced,
    region,
    siteUrl: settings.SITE_URL,
    campaign,
    market: request.market,
    buyer,
    network,
    hold: { reservation, expiresAt },
    ...terms,
    duties: dutyEstimates(settings),
  });
  try {
    const session = await createSession(gateway, params, key);
    // The hold names its session, so a hold past its time is let go only once Stripe says it was not paid.
    await attachSession(db, reservation, session.id).catch((err: unknown) =>
      log('error', 'checkout hold not linked to its session', errorFields(err)),
    );
    // The reservation (it is in the session's metadata), not the session id: logs open nothing.
    log('info', 'checkout session created', { reservation, lines: items.length, currency });
    return { kind: 'redirect', url: session.url };
  } catch (err) {
    // Only the request that made the hold lets it go: a duplicate of a checkout that did get its
    // session (Stripe refuses a key still in use) must not free that session's units.
    if (held.fresh) {
      await releaseCreditCode(db, code, reservation).catch(() => undefined);
      await release(db, reservation).then(
        () => deps.background(stockChanged(changed, heldIds)),
        (releaseErr: unknown) => log('error', 'checkout hold not released', errorFields(releaseErr)),
      );
    }
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    log('error', 'checkout session failed', { providerStatus: status, ...errorFields(err) });
    return { kind: 'unavailable' };
  }
}

import { Stripe } from 'stripe';
import { nowSeconds } from '#worker/base/clock.ts';
import {
  CheckoutUnavailableError,
  type ChargeRecord,
  type CheckoutGateway,
  type DisputeRecord,
  RefundRefusedError,
  type SessionRecord,
} from './checkout-gateway.ts';
import { isCurrency } from './currency.ts';
import { discountOf, idOf, paymentMethodOf, productIdOf, promotionRecord, sessionCreateParams, taxOf } from './stripe-objects.ts';

/** The one coupon every Refer a Friend code is made on. */
const REFERRAL_COUPON = 'refer-a-friend';

/** A visitor waits at most this long for the provider before being told checkout is unavailable. */
export const STRIPE_TIMEOUT_MS = 5000;

/**
 * The official client with its fetch HTTP client (it runs in workerd as on Node), pointed at
 * `apiUrl` (Stripe's own by default; tests use a local emulation). No automatic retries: the visitor
 * is waiting, and a second attempt is theirs to make (with the same idempotency key).
 */
function stripeClient(secretKey: string, apiUrl: string): Stripe {
  const api = new URL(apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

function unavailable(err: unknown): CheckoutUnavailableError {
  const status = err instanceof Stripe.errors.StripeError ? err.statusCode : undefined;
  const message = err instanceof Error ? err.message : String(err);
  return new CheckoutUnavailableError(`Stripe: ${message}`, status, { cause: err });
}

/** A read whose object Stripe does not know gives null; any other failure throws (the webhook answers 5xx, Stripe delivers again). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
    throw unavailable(err);
  }
}

export function stripeGateway(secretKey: string, apiUrl: string): CheckoutGateway {
  const stripe = stripeClient(secretKey, apiUrl);
  /**
   * Payment link ids by URL: the shop knows its links by URL, Stripe's API by id. Listed once per
   * process and kept as the list itself, never as a pending promise (in workerd another request
   * waiting on this request's I/O would be cancelled as hung).
   */
  let linkIds: Map<string, string> | null = null;
  const activeCode = async (code: string) => (await stripe.promotionCodes.list({ code, active: true, limit: 1 })).data[0];
  const switchOff = (id: string) => stripe.promotionCodes.update(id, { active: false });
  const listLinks = async () => {
    const links = await stripe.paymentLinks.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
    return (linkIds = new Map(links.map((link) => [link.url, link.id])));
  };
  /** Link URLs by id, kept once read (a link's URL never changes). */
  const linkUrls = new Map<string, string>();
  /** The referral coupon's creation, once it is under way or done. */
  let referralCoupon: Promise<void> | null = null;
  return {
    async readPaymentLinkUrl(id) {
      const known = linkUrls.get(id);
      if (known) return known;
      const link = await orNull(stripe.paymentLinks.retrieve(id));
      if (link) linkUrls.set(id, link.url);
      return link?.url ?? null;
    },
    async setPaymentLinksActive(urls, active) {
      try {
        let ids = linkIds ?? (await listLinks());
        // A link made since the list was read: read it again once.
        if (urls.some((url) => !ids.has(url))) ids = await listLinks();
        await Promise.all(urls.flatMap((url) => (ids.has(url) ? [stripe.paymentLinks.update(ids.get(url)!, { active })] : [])));
      } catch (err) {
        throw unavailable(err);
      }
    },
    async createSession(params, idempotencyKey) {
      try {
        const session = await stripe.checkout.sessions.create(sessionCreateParams(params), { idempotencyKey });
        if (!session.url) throw new Error(`session ${session.id} has no url`);
        return { id: session.id, url: session.url };
      } catch (err) {
        throw unavailable(err);
      }
    },
    async createRefund({ paymentIntent, amount, metadata }, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent, amount, metadata }, { idempotencyKey });
        return { id: refund.id };
      } catch (err) {
        // A refusal (400/402: more than is left, a disputed charge) is an answer, not an outage.
        if (err instanceof Stripe.errors.StripeInvalidRequestError || err instanceof Stripe.errors.StripeCardError) {
          throw new RefundRefusedError(err.message, { cause: err });
        }
        throw unavailable(err);
      }
    },
    async createCreditCode({ code, amount, currency, name }, idempotencyKey) {
      try {
        const coupon = await stripe.coupons.create(
          { amount_off: amount, currency: currency.toLowerCase(), duration: 'once', max_redemptions: 1, name },
          { idempotencyKey: `${idempotencyKey}:coupon` },
        );
        const promo = await stripe.promotionCodes.create(
          { promotion: { type: 'coupon', coupon: coupon.id }, code, max_redemptions: 1 },
          { idempotencyKey: `${idempotencyKey}:code` },
        );
        return { id: promo.id };
      } catch (err) {
        throw unavailable(err);
      }
    },
    async createReferralCode({ code, amounts, firstTimeOnly, maxRedemptions }, idempotencyKey) {
      try {
        // One coupon for every referral code, made the first time one is needed (an existing one is kept);
        // asked once per instance, not before every code.
        const [first, ...rest] = Object.entries(amounts);
        referralCoupon ??= stripe.coupons
          .create(
            {
              id: REFERRAL_COUPON,
              name: 'Refer a Friend',
              duration: 'once',
              currency: first![0].toLowerCase(),
              amount_off: first![1],
              currency_options: Object.fromEntries(rest.map(([currency, amount]) => [currency.toLowerCase(), { amount_off: amount }])),
            },
            { idempotencyKey: 'referral-coupon' },
          )
          .then(
            () => undefined,
            (err: unknown) => {
              if (err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists') return;
              referralCoupon = null; // asked again next time
              throw err;
            },
          );
        await referralCoupon;
        const promo = await stripe.promotionCodes.create(
          {
            promotion: { type: 'coupon', coupon: REFERRAL_COUPON },
            code,
            ...(maxRedemptions !== null && { max_redemptions: maxRedemptions }),
            ...(firstTimeOnly && { restrictions: { first_time_transaction: true } }),
          },
          { idempotencyKey },
        );
        return { id: promo.id };
      } catch (err) {
        throw unavailable(err);
      }
    },
    async createWelcomeCode({ code, percentOff }, idempotencyKey) {
      try {
        const coupon = `digest-welcome-${percentOff}`;
        await stripe.coupons
          .create(
            { id: coupon, name: `Digest welcome ${percentOff}%`, duration: 'once', percent_off: percentOff },
            { idempotencyKey: coupon },
          )
          .catch((err: unknown) => {
            // Made by an earlier welcome: the one coupon every welcome code is on.
            if (!(err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_already_exists')) throw err;
          });
        const promo = await stripe.promotionCodes.create(
          { promotion: { type: 'coupon', coupon }, code, max_redemptions: 1, restrictions: { first_time_transaction: true } },
          { idempotencyKey },
        );
        return { id: promo.id };
      } catch (err) {
        throw unavailable(err);
      }
    },
    async withdrawUnusedCode(code) {
      try {
        const promo = await activeCode(code);
        if (!promo) return 'none';
        if (promo.times_redeemed > 0) return 'used';
        await switchOff(promo.id);
        return 'withdrawn';
      } catch (err) {
        throw unavailable(err);
      }
    },
    async expireSession(id) {
      try {
        await stripe.checkout.sessions.expire(id);
        return 'expired';
      } catch (err) {
        // Paid or expired meanwhile: nothing left to stop.
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 400) return 'closed';
        throw unavailable(err);
      }
    },
    async endCode(code) {
      try {
        const promo = await activeCode(code);
        if (!promo) return 'none';
        await switchOff(promo.id);
        return 'ended';
      } catch (err) {
        throw unavailable(err);
      }
    },
    async readCharge(id): Promise<ChargeRecord | null> {
      const charge = await orNull(stripe.charges.retrieve(id));
      return charge && { id: charge.id, paymentIntent: idOf(charge.payment_intent), amountRefunded: charge.amount_refunded };
    },
    async listRefunds(paymentIntent) {
      try {
        const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }).autoPagingToArray({ limit: 1000 });
        return refunds.map((r) => ({ id: r.id, amount: r.amount, status: r.status ?? 'pending' }));
      } catch (err) {
        throw unavailable(err);
      }
    },
    async readRefundCharge(id) {
      const refund = await orNull(stripe.refunds.retrieve(id));
      return refund ? idOf(refund.charge) : null;
    },
    async readDispute(id): Promise<DisputeRecord | null> {
      const dispute = await orNull(stripe.disputes.retrieve(id));
      return (
        dispute && {
          id: dispute.id,
          paymentIntent: idOf(dispute.payment_intent),
          amount: dispute.amount,
          currency: dispute.currency,
          reason: dispute.reason,
          status: dispute.status,
          dueBy: dispute.evidence_details?.due_by ?? null,
        }
      );
    },
    async findPromotionCode(code) {
      const found = await orNull(stripe.promotionCodes.list({ code, active: true, limit: 1, expand: ['data.promotion.coupon'] }));
      const promo = found?.data[0];
      return promo ? promotionRecord(promo, nowSeconds()) : null;
    },
    async findSessionByPaymentIntent(paymentIntent) {
      const found = await orNull(stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 }));
      return found?.data[0]?.id ?? null;
    },
    async readSession(id): Promise<SessionRecord | null> {
      let session: Stripe.Checkout.Session;
      let lines: Stripe.LineItem[];
      try {
        // Both at once (one round trip's wait, not two). Expanding line_items would give only the
        // first 10: they are paged through instead, 100 at a time.
        [session, lines] = await Promise.all([
          stripe.checkout.sessions.retrieve(id, {
            expand: [
              'shipping_cost.shipping_rate',
              'total_details.breakdown',
              'discounts.promotion_code',
              'invoice',
              'payment_intent.latest_charge',
            ],
          }),
          stripe.checkout.sessions.listLineItems(id, { limit: 100, expand: ['data.price.product'] }).autoPagingToArray({ limit: 10_000 }),
        ]);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeError && err.statusCode === 404) return null;
        throw unavailable(err);
      }
      const currency = session.currency?.toUpperCase();
      // Not a session this shop made (it prices in three currencies): an error to look into, and the
      // webhook's 5xx has Stripe deliver it again once someone has.
      if (!isCurrency(currency)) throw new Error(`a session in an unexpected currency: ${session.currency}`); // no id: logs never hold one
      if (!session.status) return null;
      const shipping = session.collected_information?.shipping_details ?? null;
      const rate = session.shipping_cost?.shipping_rate;
      return {
        id: session.id,
        status: session.status,
        url: session.url ?? null,
        paymentStatus: session.payment_status,
        currency,
        email: session.customer_details?.email ?? null,
        name: shipping?.name ?? session.customer_details?.name ?? null,
        shippingAddress: shipping?.address ? { ...shipping.address } : null,
        billingAddress: session.customer_details?.address ? { ...session.customer_details.address } : null,
        shippingOption: rate && typeof rate !== 'string' ? (rate.display_name ?? null) : null,
        lines: lines.map((item) => ({
          productId: productIdOf(item.price?.product),
          name: item.description ?? '',
          quantity: item.quantity ?? 1,
          unitAmount: item.price?.unit_amount ?? Math.round(item.amount_total / Math.max(1, item.quantity ?? 1)),
        })),
        subtotal: session.amount_subtotal ?? 0,
        shipping: session.total_details?.amount_shipping ?? 0,
        total: session.amount_total ?? 0,
        discount: discountOf(session),
        tax: taxOf(session),
        metadata: { ...session.metadata },
        paymentLink: typeof session.payment_link === 'string' ? session.payment_link : (session.payment_link?.id ?? null),
        paymentIntent: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
        paymentMethod: paymentMethodOf(session),
        invoiceUrl: typeof session.invoice === 'object' ? (session.invoice?.hosted_invoice_url ?? null) : null,
        promotionsConsent: session.consent?.promotions === 'opt_in',
      };
    },
  };
}

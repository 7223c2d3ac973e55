import type { Offer } from '#shared/offers/offer.ts';
import type { OrderTax } from '#shared/offers/tax.ts';
import type { Currency } from '#shared/region/region.ts';

/**
 * The hosted checkout the cart pays through, as the routes see it. The Stripe implementation sits in
 * stripe-gateway.ts; routes never talk to the provider's client directly.
 */
export interface CheckoutGateway {
  /** Creates a hosted checkout session; the same idempotency key returns the same session. */
  createSession(params: CheckoutSessionParams, idempotencyKey: string): Promise<{ id: string; url: string }>;
  /** Everything an order keeps of a session, read from the provider (never from a webhook's body); null when unknown. */
  readSession(id: string): Promise<SessionRecord | null>;
  /** A payment link's URL by its id (plink_…), or null when unknown: how a link's sale finds the shop's product. */
  readPaymentLinkUrl(id: string): Promise<string | null>;
  /** Switches the hosted payment links with these URLs on or off (a sold-out product takes no more payments). */
  setPaymentLinksActive(urls: readonly string[], active: boolean): Promise<void>;
  /**
   * Gives back `amount` (minor units) of the payment intent's charge; the same idempotency key gives
   * the same refund. Throws RefundRefusedError when Stripe refuses it (more than is left, a disputed
   * charge), CheckoutUnavailableError when it did not answer.
   */
  createRefund(
    params: { paymentIntent: string; amount: number; metadata: Record<string, string> },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /**
   * Store credit: a single-use Stripe promotion code worth `amount` (minor units of `currency`, once),
   * with the code given; the same idempotency key makes it once. Throws CheckoutUnavailableError.
   */
  createCreditCode(
    params: { code: string; amount: number; currency: string; name: string },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /**
   * A promotion code on the shop's Refer a Friend coupon (made once: `amounts` off in each currency,
   * once): a buyer's personal code (first orders only, any number of friends) or a referrer's reward
   * (single use). The same idempotency key makes it once. Throws CheckoutUnavailableError.
   */
  createReferralCode(
    params: { code: string; amounts: Record<string, number>; firstTimeOnly: boolean; maxRedemptions: number | null },
    idempotencyKey: string,
  ): Promise<{ id: string }>;
  /**
   * A subscriber's welcome code (issue 68): `percentOff` off a first order, once, in any currency, on
   * the one coupon for it (made the first time). The same idempotency key makes it once. Throws CheckoutUnavailableError.
   */
  createWelcomeCode(params: { code: string; percentOff: number }, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * Switches off a promotion code nobody has used yet: 'withdrawn'; 'used' when it was redeemed (it
   * stays), 'none' when there is no active code by that name. Throws CheckoutUnavailableError.
   */
  withdrawUnusedCode(code: string): Promise<'withdrawn' | 'used' | 'none'>;
  /** Stops an open Checkout Session taking payment (one superseded by another): 'expired', or 'closed' when it was not open any more. Throws CheckoutUnavailableError. */
  expireSession(id: string): Promise<'expired' | 'closed'>;
  /** Switches off an active promotion code, used or not (its owner was erased): 'ended', or 'none' when none is active. */
  endCode(code: string): Promise<'ended' | 'none'>;
  /** A charge as refunds concern it, read from the provider; null when unknown. */
  readCharge(id: string): Promise<ChargeRecord | null>;
  /** The charge a refund belongs to; null when the refund is unknown. */
  readRefundCharge(id: string): Promise<string | null>;
  /** Every refund of a payment intent's charge, made here or in Stripe's Dashboard (up to 1,000, newest first). Throws CheckoutUnavailableError. */
  listRefunds(paymentIntent: string): Promise<Array<{ id: string; amount: number; status: string }>>;
  /** A dispute, read from the provider; null when unknown. */
  readDispute(id: string): Promise<DisputeRecord | null>;
  /** The Checkout Session that took this payment intent, or null (a payment not made through the shop). */
  findSessionByPaymentIntent(paymentIntent: string): Promise<string | null>;
  /** An active, unexpired promotion code by its code (case-insensitive), or null: what a discount link or the cart asks. */
  findPromotionCode(code: string): Promise<PromotionCodeRecord | null>;
}

/** A promotion code Stripe will take now: its id (promo_…) for the session, and what it gives. */
export interface PromotionCodeRecord extends Offer {
  id: string;
  /** When it stops working (epoch seconds), or null. */
  expiresAt: number | null;
}

/** What the shop keeps of a charge: whose payment it was and how much of it has been given back (minor units). */
export interface ChargeRecord {
  id: string;
  paymentIntent: string | null;
  amountRefunded: number;
}

export interface DisputeRecord {
  id: string;
  paymentIntent: string | null;
  /** Minor units of `currency` (lower-case, as Stripe writes it). */
  amount: number;
  currency: string;
  reason: string;
  /** needs_response, under_review, won, lost, … */
  status: string;
  /** When evidence is due (epoch seconds), or null. */
  dueBy: number | null;
}

/** A Checkout Session as an order records it; amounts in minor units. */
export interface SessionRecord {
  id: string;
  /** 'open', 'complete' or 'expired'. */
  status: string;
  /** Stripe's payment page while the session is open; null after. */
  url: string | null;
  paymentStatus: string;
  currency: Currency;
  email: string | null;
  name: string | null;
  shippingAddress: Record<string, string | null> | null;
  /** The billing address the buyer gave (the invoice names it). */
  billingAddress: Record<string, string | null> | null;
  shippingOption: string | null;
  lines: Array<{ productId: number | null; name: string; quantity: number; unitAmount: number }>;
  subtotal: number;
  shipping: number;
  total: number;
  /** What the session's discount took off (total_details), with the code the shopper used when it was a promotion code. */
  discount: { amount: number; code: string | null };
  /** The tax Stripe computed (total_details and its breakdown); amount 0 and no label without Stripe Tax. */
  tax: OrderTax;
  metadata: Record<string, string>;
  paymentLink: string | null;
  /** The payment intent (pi_…) once paid or pending: refunds and disputes name it. */
  paymentIntent: string | null;
  /** Stripe's hosted invoice page, where the session made one (invoice_creation); null otherwise or until it is ready. */
  invoiceUrl: string | null;
  /** How it was paid, in words ('Visa ending 4242'), once it is; null before. */
  paymentMethod: string | null;
  /** The shopper agreed at Stripe to promotional mail (consent_collection): a checkout left behind may be reminded once. */
  promotionsConsent: boolean;
}

export interface CheckoutSessionLine {
  productId: number;
  name: string;
  /** Absolute URL. */
  image: string;
  quantity: number;
  /** Minor units of the session's currency. */
  unitAmount: number;
}

export interface CheckoutShippingOption {
  label: string;
  /** Minor units of the session's currency. */
  amount: number;
  days: { min: number; max: number };
}

export interface CheckoutSessionParams {
  currency: Currency;
  lines: CheckoutSessionLine[];
  shipping: CheckoutShippingOption[];
  /** ISO country codes the shipping address may be in; none: no address is asked (an exchange's difference). */
  shipToCountries: string[];
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** When the session stops taking payment (epoch seconds): the end of its stock reservation. */
  expiresAt: number;
  /** The promotion code (promo_…) the cart brought, applied for the shopper; null lets them type one at Stripe, 'none' takes none. */
  promotionCode: string | null | 'none';
  /** Stripe Tax (STRIPE_TAX=on): tax computed at checkout, inclusive in GBP and EUR, exclusive in USD; VAT numbers and invoices. */
  tax: boolean;
  /** Said beside the shipping address on the payment page (the import duties a destination may owe), or null. */
  shippingMessage: string | null;
}

/** The provider answered with an error, or did not answer in time. */
export class CheckoutUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'CheckoutUnavailableError';
  }
}

/** The provider refused a refund, with its reason (in its words). */
export class RefundRefusedError extends Error {
  override name = 'RefundRefusedError';
}

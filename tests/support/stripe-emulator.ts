import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

import { closeServer, listenOnLoopback, replyJson } from './loopback';
import { paymentLinks, ukPaymentLinks } from './catalogue';

/** A Checkout Session create request as it arrived: its form fields, flat (`line_items[0][quantity]`), and headers. */
export interface ReceivedSession {
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** What the shopper typed as the delivery address on the payment page (the country one the session allowed; GB unless told). */
interface TypedShipping {
  name: string;
  line1: string;
  country?: string;
}

interface EmulatedSession {
  id: string;
  fields: Record<string, string>;
  /** A code the shopper typed on the hosted page (allow_promotion_codes): its promotion code's id. */
  typedPromotion?: string;
  status: 'open' | 'complete' | 'expired';
  paymentStatus?: 'paid' | 'unpaid';
  paymentLink?: string;
  /** Set when completed: the payment intent and its charge, as refunds and disputes name them. */
  paymentIntent?: string;
  /** What the shopper answered to promotional mail on the hosted page (consent_collection), and the address typed. */
  consent?: 'opt_in' | 'opt_out';
  typedEmail?: string;
  /** The name and first address line the shopper typed on the hosted page (the emulation's own otherwise). */
  typedShipping?: TypedShipping;
  /** What its code took off, fixed when it was paid (a single-use code is spent then, as at Stripe, and the session keeps its figures). */
  discount?: number;
  /** Set once paid when the session asked for an invoice (invoice_creation). */
  invoice?: { id: string; object: 'invoice'; status: 'paid'; hosted_invoice_url: string; invoice_pdf: string };
}

interface EmulatedCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  refunded: boolean;
}

/** A coupon and its customer-facing promotion code, as the owner makes them in the Dashboard. */
interface EmulatedPromotion {
  id: string;
  /** restrictions.first_time_transaction: Stripe's page takes it only from a customer with no earlier payment. */
  firstTimeOnly?: boolean;
  code: string;
  active: boolean;
  expires_at: number | null;
  max_redemptions: number | null;
  times_redeemed: number;
  minimum: { amount: number; currency: string } | null;
  coupon: {
    id: string;
    percent_off: number | null;
    amount_off: number | null;
    currency: string | null;
    currency_options?: Record<string, { amount_off: number }>;
    valid: boolean;
  };
}

/** Stripe Tax's rate for a session, by its currency (the emulated shoppers live in GB, DE and MA). */
const TAX_RATES: Record<string, { display_name: string; percentage: number; country: string; jurisdiction: string }> = {
  gbp: { display_name: 'VAT', percentage: 20, country: 'GB', jurisdiction: 'United Kingdom' },
  eur: { display_name: 'VAT', percentage: 19, country: 'DE', jurisdiction: 'Germany' },
  usd: { display_name: 'Sales Tax', percentage: 6.25, country: 'US', jurisdiction: 'Massachusetts' },
};

/** Minor units as Stripe's messages print them (50.00). */
const major = (minor: number) => (minor / 100).toFixed(2);

function stripeError(message: string, param?: string, code?: string) {
  return { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
  });
}

/** The `line_items[i]` entries of a create request, in order. */
function lineItems(fields: Record<string, string>) {
  const items = [];
  for (let i = 0; fields[`line_items[${i}][quantity]`] !== undefined; i++) {
    const f = (key: string) => fields[`line_items[${i}]${key}`];
    const quantity = Number(f('[quantity]'));
    const unit = Number(f('[price_data][unit_amount]'));
    items.push({
      id: `li_${i}`,
      object: 'item',
      description: f('[price_data][product_data][name]'),
      quantity,
      currency: f('[price_data][currency]'),
      amount_subtotal: unit * quantity,
      amount_total: unit * quantity,
      price: {
        id: `price_${i}`,
        object: 'price',
        unit_amount: unit,
        // A product the cart's session made carries our product_id; one made in the Dashboard (a
        // payment link's) carries whatever the owner gave it: nothing of ours.
        product: {
          id: `prod_${i}`,
          object: 'product',
          metadata: f('[price_data][product_data][metadata][product_id]')
            ? { product_id: f('[price_data][product_data][metadata][product_id]') }
            : {},
        },
      },
    });
  }
  return items;
}

/**
 * Speaks the part of Stripe's API the shop uses, on 127.0.0.1, so the real `stripe` client is
 * exercised: POST /v1/checkout/sessions (form-encoded; a key's first answer is replayed for the same
 * parameters, 500s included, and refused for others, as Stripe does), GET /v1/checkout/sessions/:id (the first 10 line items when expanded, as
 * Stripe gives) and GET /v1/checkout/sessions/:id/line_items (paged by limit and starting_after, their
 * products when expanded), GET /v1/checkout/sessions?payment_intent=…, and the charges, refunds and
 * disputes of completed sessions (GET /v1/charges|refunds|disputes/:id; made by refund(), openDispute(),
 * closeDispute(), their events signed by signedObjectEvent). It also serves the hosted page (GET /pay/:id, whose Pay button completes the session and
 * goes to success_url, first posting the signed checkout.session.completed to `state.webhook` when
 * set, as Stripe does), and the account's payment links (GET /v1/payment_links, paged; GET /v1/payment_links/:id; POST
 * /v1/payment_links/:id with `active`, recorded in `linkUpdates`). `state.mode` decides the next create answers: ok, fail (500), reject (400) or
 * hang (no answer: the client's time-out), or lost (no answer, and the request never reached Stripe: its key is free).
 * Promotion codes (GET /v1/promotion_codes?code=&active=, the coupon under `promotion` when expanded;
 * POST /v1/promotion_codes/:id with `active`) apply to sessions made with
 * `discounts[0][promotion_code]` or typed on the hosted page (typeCode); a first-orders-only code is
 * refused at payment (complete throws) to an address that paid before; with
 * `automatic_tax[enabled]` a session computes one rate by currency, inclusive or exclusive as its lines
 * say. Sessions then report `total_details` (its `breakdown` and `discounts.promotion_code` when expanded)
 * as Stripe shapes them. Create refuses what Stripe refuses: both `allow_promotion_codes` and `discounts`,
 * an unknown, inactive or unmet code, a bad `tax_behavior`, and automatic tax while `state.taxActive` is off.
 */
export async function startStripeEmulator(secretKey = 'sk_test_emulated') {
  const received: ReceivedSession[] = [];
  const sessions = new Map<string, EmulatedSession>();
  /** Each idempotency key's first request: its parameters and the answer Stripe saved (replayed for the key, 500s included). */
  const byKey = new Map<string, { raw: string; status: number; body: object } | 'in progress'>();
  const state = {
    mode: 'ok' as 'ok' | 'fail' | 'reject' | 'hang' | 'lost',
    /** GET /v1/checkout/sessions/:id answers 500 (Stripe down for reads). */
    readsFail: false,
    /** Stripe Tax set up in the Dashboard: off, sessions asking for automatic_tax are refused as Stripe refuses them. */
    taxActive: true,
    /** Where Pay posts the completed event, and the endpoint's signing secret. */
    webhook: null as { url: string; secret: string } | null,
  };
  /** The shop's answers to the events Pay posted. */
  const webhookAnswers: number[] = [];
  /** Size of each page of line items the shop read. */
  const lineItemPages: number[] = [];
  /** Ids the shop asked GET /v1/checkout/sessions/:id for, in order (known or not). */
  const sessionReads: string[] = [];
  /** Links the owner made in the Dashboard that no product file names (the spec's BLUE GUN links were such). */
  const unlistedLinkUrl = 'https://buy.stripe.com/test_bluegun1911';
  const spareLinkUrl = 'https://buy.stripe.com/test_bluegung17';
  /** The account's payment links: the catalogue's and one more, all active, as the operator made them in the dashboard. */
  const links = [...new Set([...Object.values(paymentLinks), ...Object.values(ukPaymentLinks), unlistedLinkUrl, spareLinkUrl])].map(
    (url, i) => ({
      id: `plink_${i + 1}`,
      object: 'payment_link',
      url,
      active: true,
    }),
  );
  /** Each POST /v1/payment_links/:id the shop made, in order. */
  const linkUpdates: Array<{ url: string; active: boolean }> = [];
  /** Sessions the shop expired (POST /v1/checkout/sessions/:id/expire), in order. */
  const expired: string[] = [];
  /** Charges by id (one per completed session), refunds and disputes: what the dashboard would make. */
  const charges = new Map<string, EmulatedCharge>();
  const refunds = new Map<
    string,
    { id: string; object: 'refund'; charge: string; payment_intent: string; amount: number; currency: string; status: string }
  >();
  const refundPosts: Array<{ fields: Record<string, string>; idempotencyKey: string | undefined }> = [];
  const disputes = new Map<
    string,
    {
      id: string;
      object: 'dispute';
      charge: string;
      payment_intent: string;
      amount: number;
      currency: string;
      reason: string;
      status: string;
      evidence_details: { due_by: number; has_evidence: boolean; past_due: boolean; submission_count: number };
    }
  >();
  /** Coupons the shop made through the API (store credit), by id. */
  const coupons = new Map<string, EmulatedPromotion['coupon']>();
  /** The account's promotion codes: SPRING10 (10% off), TAKE15 (£15, €17 or $19 off, orders of £50 or more), OLDCODE (switched off). */
  const promotions: EmulatedPromotion[] = [];
  function addPromotion(opts: {
    code: string;
    percentOff?: number;
    amountOff?: { amount: number; currency: string; options?: Record<string, number> };
    active?: boolean;
    expiresAt?: number | null;
    maxRedemptions?: number | null;
    minimum?: { amount: number; currency: string };
  }): EmulatedPromotion {
    const n = promotions.length + 1;
    const promo: EmulatedPromotion = {
      id: `promo_test_${n}`,
      code: opts.code,
      active: opts.active ?? true,
      expires_at: opts.expiresAt ?? null,
      max_redemptions: opts.maxRedemptions ?? null,
      times_redeemed: 0,
      minimum: opts.minimum ?? null,
      coupon: {
        id: `coupon_test_${n}`,
        percent_off: opts.percentOff ?? null,
        amount_off: opts.amountOff?.amount ?? null,
        currency: opts.amountOff?.currency ?? null,
        ...(opts.amountOff?.options
          ? { currency_options: Object.fromEntries(Object.entries(opts.amountOff.options).map(([c, a]) => [c, { amount_off: a }])) }
          : {}),
        valid: true,
      },
    };
    promotions.push(promo);
    return promo;
  }
  addPromotion({ code: 'SPRING10', percentOff: 10 });
  addPromotion({
    code: 'TAKE15',
    amountOff: { amount: 1500, currency: 'gbp', options: { eur: 1700, usd: 1900 } },
    minimum: { amount: 5000, currency: 'gbp' },
  });
  addPromotion({ code: 'OLDCODE', percentOff: 20, active: false });

  function couponJson(p: EmulatedPromotion) {
    return {
      object: 'coupon',
      duration: 'once',
      name: null,
      max_redemptions: null,
      times_redeemed: p.times_redeemed,
      redeem_by: null,
      metadata: {},
      livemode: false,
      created: 1_700_000_000,
      ...p.coupon,
    };
  }

  /** A promotion code as Stripe's API shapes it (API 2025-09-30 on: its coupon under `promotion`), the coupon expanded or its id. */
  function promotionJson(p: EmulatedPromotion, expandCoupon: boolean) {
    return {
      id: p.id,
      object: 'promotion_code',
      active: p.active,
      code: p.code,
      created: 1_700_000_000,
      customer: null,
      customer_account: null,
      expires_at: p.expires_at,
      livemode: false,
      max_redemptions: p.max_redemptions,
      metadata: {},
      promotion: { type: 'coupon', coupon: expandCoupon ? couponJson(p) : p.coupon.id },
      restrictions: {
        first_time_transaction: p.firstTimeOnly ?? false,
        minimum_amount: p.minimum?.amount ?? null,
        minimum_amount_currency: p.minimum?.currency ?? null,
      },
      times_redeemed: p.times_redeemed,
    };
  }

  /** Whether Stripe would take the code now (active, coupon valid, not expired, redemptions left). */
  const redeemable = (p: EmulatedPromotion) =>
    p.active &&
    p.coupon.valid &&
    (p.expires_at === null || p.expires_at > Math.floor(Date.now() / 1000)) &&
    (p.max_redemptions === null || p.times_redeemed < p.max_redemptions);

  /** What a code takes off a session's items (minor units), or why Stripe refuses it for this currency and amount. */
  function discountFor(p: EmulatedPromotion, currency: string, subtotal: number): { amount: number } | { refusal: string } {
    if (!redeemable(p)) return { refusal: `This promotion code is not active: '${p.code}'.` };
    if (p.minimum) {
      const minimum = p.minimum.currency === currency ? p.minimum.amount : undefined;
      if (minimum !== undefined && subtotal < minimum) {
        return { refusal: `This promotion code requires a minimum order amount of ${minimum} ${currency}.` };
      }
    }
    if (p.coupon.percent_off !== null) return { amount: Math.round((subtotal * p.coupon.percent_off) / 100) };
    const off = p.coupon.currency === currency ? p.coupon.amount_off : p.coupon.currency_options?.[currency]?.amount_off;
    if (off === undefined || off === null) return { refusal: `The coupon's currency does not match the session's currency (${currency}).` };
    return { amount: Math.min(off, subtotal) };
  }

  /** The promotion code a session carries: the one the shop applied (discounts), or the one the shopper typed. */
  const sessionPromotion = (s: EmulatedSession) => {
    const id = s.fields['discounts[0][promotion_code]'] ?? s.typedPromotion;
    return id ? promotions.find((p) => p.id === id) : undefined;
  };

  let base = '';

  function sessionJson(s: EmulatedSession, expand: boolean, expandMore: readonly string[] = []) {
    const items = lineItems(s.fields);
    const subtotal = items.reduce((sum, i) => sum + i.amount_total, 0);
    const shipping = Number(s.fields['shipping_options[0][shipping_rate_data][fixed_amount][amount]'] ?? 0);
    const currency = items[0]?.currency ?? 'gbp';
    const promo = sessionPromotion(s);
    const applied = promo ? discountFor(promo, currency, subtotal) : null;
    const discount = s.discount ?? (applied && 'amount' in applied ? applied.amount : 0);
    // Stripe Tax: one rate for the shopper's place; inclusive prices hold it, exclusive ones get it added.
    const rate = s.fields['automatic_tax[enabled]'] === 'true' ? TAX_RATES[currency] : undefined;
    const inclusive = s.fields['line_items[0][price_data][tax_behavior]'] === 'inclusive';
    const taxable = subtotal - discount + shipping;
    const tax = rate
      ? Math.round(inclusive ? (taxable * rate.percentage) / (100 + rate.percentage) : (taxable * rate.percentage) / 100)
      : 0;
    const total = taxable + (rate && !inclusive ? tax : 0);
    const breakdown = {
      discounts:
        promo && discount > 0
          ? [
              {
                amount: discount,
                discount: {
                  id: `di_${s.id}`,
                  object: 'discount',
                  checkout_session: s.id,
                  promotion_code: promo.id,
                  source: { type: 'coupon', coupon: couponJson(promo) },
                },
              },
            ]
          : [],
      taxes: rate
        ? [
            {
              amount: tax,
              rate: {
                id: `txr_${currency}`,
                object: 'tax_rate',
                active: true,
                inclusive,
                effective_percentage: rate.percentage,
                tax_type: rate.display_name === 'VAT' ? 'vat' : 'sales_tax',
                ...rate,
              },
              taxability_reason: 'standard_rated',
              taxable_amount: inclusive ? taxable - tax : taxable,
            },
          ]
        : [],
    };
    const metadata = Object.fromEntries(
      Object.entries(s.fields).flatMap(([k, v]) => {
        const key = /^metadata\[(\w+)\]$/.exec(k)?.[1];
        return key ? [[key, v]] : [];
      }),
    );
    return {
      id: s.id,
      object: 'checkout.session',
      url: s.status === 'open' ? `${base}/pay/${s.id}` : null,
      status: s.status,
      payment_status: s.paymentStatus ?? (s.status === 'complete' ? 'paid' : 'unpaid'),
      payment_link: s.paymentLink ?? null,
      // Expanded with its charge (payment_intent.latest_charge): how it was paid, a test card.
      payment_intent:
        s.paymentIntent && expandMore.includes('payment_intent.latest_charge')
          ? {
              id: s.paymentIntent,
              object: 'payment_intent',
              latest_charge: {
                id: s.paymentIntent.replace('pi_', 'ch_'),
                object: 'charge',
                payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242', wallet: null } },
              },
            }
          : (s.paymentIntent ?? null),
      invoice: s.invoice ? (expandMore.includes('invoice') ? s.invoice : s.invoice.id) : null,
      consent: s.fields['consent_collection[promotions]'] ? { promotions: s.consent ?? null, terms_of_service: null } : null,
      customer_details:
        s.status === 'complete'
          ? {
              email: s.fields.customer_email ?? 'shopper@example.com',
              name: 'Sam Shopper',
              // Asked for in full when the session says billing_address_collection=required.
              address:
                s.fields.billing_address_collection === 'required'
                  ? { line1: '9 Ledger Lane', line2: 'Flat 2', city: 'York', postal_code: 'YO1 7HH', state: null, country: 'GB' }
                  : { line1: null, line2: null, city: null, postal_code: 'LS1 1AA', state: null, country: 'GB' },
            }
          : s.typedEmail
            ? { email: s.typedEmail, name: null }
            : null,
      collected_information:
        s.status === 'complete'
          ? {
              shipping_details: {
                name: s.typedShipping?.name ?? 'Sam Shopper',
                address: {
                  line1: s.typedShipping?.line1 ?? '1 Range Road',
                  line2: null,
                  city: 'Leeds',
                  postal_code: 'LS1 1AA',
                  state: null,
                  country: s.typedShipping?.country ?? 'GB',
                },
              },
            }
          : null,
      shipping_cost: s.fields['shipping_options[0][shipping_rate_data][display_name]']
        ? {
            amount_total: shipping,
            shipping_rate: {
              id: 'shr_0',
              object: 'shipping_rate',
              display_name: s.fields['shipping_options[0][shipping_rate_data][display_name]'],
            },
          }
        : null,
      currency: items[0]?.currency ?? null,
      amount_subtotal: subtotal,
      amount_total: total,
      allow_promotion_codes: s.fields.allow_promotion_codes === 'true' ? true : null,
      automatic_tax: { enabled: Boolean(rate), status: rate ? 'complete' : null, liability: null, provider: rate ? 'stripe' : null },
      discounts: promo
        ? [
            {
              coupon: promo.coupon.id,
              promotion_code: expandMore.includes('discounts.promotion_code') ? promotionJson(promo, false) : promo.id,
            },
          ]
        : [],
      total_details: {
        amount_discount: discount,
        amount_shipping: shipping,
        amount_tax: tax,
        ...(expandMore.includes('total_details.breakdown') ? { breakdown } : {}),
      },
      success_url: s.fields.success_url,
      cancel_url: s.fields.cancel_url,
      metadata,
      // Stripe expands only the first page of line items (10); the rest are read from the list endpoint.
      ...(expand
        ? {
            line_items: {
              object: 'list',
              data: items.slice(0, 10),
              has_more: items.length > 10,
              url: `/v1/checkout/sessions/${s.id}/line_items`,
            },
          }
        : {}),
    };
  }

  function complete(id: string, paymentStatus: 'paid' | 'unpaid' = 'paid', typed?: { shipping?: TypedShipping }): string {
    const s = sessions.get(id);
    if (!s) throw new Error(`no session ${id}`);
    if (typed?.shipping) {
      // The payment page offers only the countries the session allowed.
      const allowed = Object.entries(s.fields)
        .filter(([name]) => name.startsWith('shipping_address_collection[allowed_countries]'))
        .map(([, code]) => code);
      const { country } = typed.shipping;
      if (country && allowed.length > 0 && !allowed.includes(country)) throw new Error(`${country} is not offered on session ${id}`);
      s.typedShipping = typed.shipping;
    }
    const promo = sessionPromotion(s);
    // A first-orders-only code: Stripe's page refuses it from an address that has paid before.
    const email = (s.fields.customer_email ?? 'shopper@example.com').toLowerCase();
    const paidBefore = [...sessions.values()].some(
      (o) =>
        o !== s &&
        o.paymentIntent &&
        o.paymentStatus === 'paid' &&
        (o.fields.customer_email ?? 'shopper@example.com').toLowerCase() === email,
    );
    if (promo?.firstTimeOnly && !s.paymentIntent && paidBefore) {
      throw new Error('This promotion code cannot be redeemed because the associated customer has prior transactions.');
    }
    if (promo && !s.paymentIntent) {
      const applied = discountFor(
        promo,
        lineItems(s.fields)[0]?.currency ?? 'gbp',
        lineItems(s.fields).reduce((sum, i) => sum + i.amount_total, 0),
      );
      s.discount = 'amount' in applied ? applied.amount : 0;
    }
    s.status = 'complete';
    s.paymentStatus = paymentStatus;
    if (promo && !s.paymentIntent) promo.times_redeemed++;
    if (!s.paymentIntent) {
      const n = charges.size + 1;
      s.paymentIntent = `pi_test_${n}`;
      const json = sessionJson(s, false);
      charges.set(`ch_test_${n}`, {
        id: `ch_test_${n}`,
        object: 'charge',
        payment_intent: s.paymentIntent,
        amount: json.amount_total,
        amount_refunded: 0,
        currency: String(json.currency),
        refunded: false,
      });
    }
    // Checkout finalizes the invoice it was asked for once the payment succeeds.
    if (s.fields['invoice_creation[enabled]'] === 'true' && s.paymentStatus === 'paid' && !s.invoice) {
      const n = id.replace(/\D/g, '');
      s.invoice = {
        id: `in_test_${n}`,
        object: 'invoice',
        status: 'paid',
        hosted_invoice_url: `https://invoice.stripe.com/i/acct_test_emulated/test_${n}`,
        invoice_pdf: `https://pay.stripe.com/invoice/acct_test_emulated/test_${n}/pdf`,
      };
    }
    return (s.fields.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', id);
  }

  let events = 0;
  /**
   * An event about a session, signed as Stripe signs it: `Stripe-Signature: t=<unix seconds>,v1=<hex
   * HMAC-SHA256 of "t.body" with the endpoint's secret>`. `at` back-dates it (a stale delivery).
   */
  function signedEvent(type: string, sessionId: string, webhookSecret: string, at = Math.floor(Date.now() / 1000)) {
    const s = sessions.get(sessionId);
    if (!s) throw new Error(`no session ${sessionId}`);
    return signedObjectEvent(type, sessionJson(s, false), webhookSecret, at);
  }

  /** An event about any object (a charge, a refund, a dispute), signed the same way. */
  function signedObjectEvent(type: string, object: object, webhookSecret: string, at = Math.floor(Date.now() / 1000)) {
    const body = JSON.stringify({
      id: `evt_test_${++events}`,
      object: 'event',
      api_version: '2025-01-27.acacia',
      created: at,
      type,
      livemode: false,
      data: { object },
    });
    const v1 = createHmac('sha256', webhookSecret).update(`${at}.${body}`).digest('hex');
    return { body, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': `t=${at},v1=${v1}` } };
  }

  /**
   * A session as the cart or a payment link would have created it: `lines` in minor units. A payment
   * link's (`paymentLink`: one of the account's link URLs) is shaped as the Dashboard makes it: the
   * session names the link's id, and its products carry no metadata of ours (`productId` is ignored).
   */
  function createSession(opts: {
    currency: string;
    lines: Array<{ productId: number; name: string; quantity: number; unitAmount: number }>;
    shipping?: { label: string; amount: number };
    metadata?: Record<string, string>;
    paymentLink?: string;
    /** The address the shopper pays with (customer_email; shopper@example.com by default). */
    email?: string;
  }): string {
    const link = opts.paymentLink === undefined ? undefined : links.find((l) => l.url === opts.paymentLink);
    if (opts.paymentLink !== undefined && !link) throw new Error(`the account has no payment link ${opts.paymentLink}`);
    const fields: Record<string, string> = { success_url: `${base}/thank-you?session_id={CHECKOUT_SESSION_ID}` };
    opts.lines.forEach((line, i) => {
      fields[`line_items[${i}][quantity]`] = String(line.quantity);
      fields[`line_items[${i}][price_data][currency]`] = opts.currency.toLowerCase();
      fields[`line_items[${i}][price_data][unit_amount]`] = String(line.unitAmount);
      fields[`line_items[${i}][price_data][product_data][name]`] = line.name;
      if (!link) fields[`line_items[${i}][price_data][product_data][metadata][product_id]`] = String(line.productId);
    });
    if (opts.shipping) {
      fields['shipping_options[0][shipping_rate_data][display_name]'] = opts.shipping.label;
      fields['shipping_options[0][shipping_rate_data][fixed_amount][amount]'] = String(opts.shipping.amount);
    }
    for (const [k, v] of Object.entries(opts.metadata ?? {})) fields[`metadata[${k}]`] = v;
    if (opts.email) fields.customer_email = opts.email;
    const id = `cs_test_${sessions.size + 1}`;
    sessions.set(id, { id, fields, status: 'open', paymentLink: link?.id });
    return id;
  }

  /** Why Stripe would refuse these create parameters (the refusals the shop can meet), or null. */
  function createRefusal(fields: Record<string, string>) {
    const promoId = fields['discounts[0][promotion_code]'];
    if (promoId !== undefined && fields.allow_promotion_codes !== undefined) {
      return stripeError('You may only specify one of these parameters: allow_promotion_codes, discounts.', 'allow_promotion_codes');
    }
    for (const [key, value] of Object.entries(fields)) {
      if (key.endsWith('[tax_behavior]') && !['inclusive', 'exclusive', 'unspecified'].includes(value)) {
        return stripeError(`Invalid ${key}: must be one of inclusive, exclusive, or unspecified`, key);
      }
    }
    if (fields['automatic_tax[enabled]'] === 'true' && !state.taxActive) {
      return stripeError(
        'Stripe Tax has not been activated on your account. Please visit https://dashboard.stripe.com/settings/tax/activate to get started.',
        'automatic_tax[enabled]',
      );
    }
    if (promoId !== undefined) {
      const promo = promotions.find((p) => p.id === promoId);
      if (!promo) return stripeError(`No such promotion code: '${promoId}'`, 'discounts[0][promotion_code]', 'resource_missing');
      const items = lineItems(fields);
      const applied = discountFor(
        promo,
        items[0]?.currency ?? '',
        items.reduce((sum, i) => sum + i.amount_total, 0),
      );
      if ('refusal' in applied) return stripeError(applied.refusal, 'discounts[0][promotion_code]');
    }
    return null;
  }

  /**
   * Idempotency as Stripe keeps it: a key's first answer is saved once the endpoint starts and replayed
   * (500s included) for the same parameters; other parameters are refused; a request while the first
   * is still running is refused too. A request refused by validation (`refusal`, a 400) is not saved.
   */
  function idempotent(req: IncomingMessage, res: ServerResponse, raw: string, refusal: () => object | null, create: () => object) {
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    // The request never reached Stripe (lost on the way): no answer, and nothing kept for its key.
    if (state.mode === 'lost') return;
    const saved = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (saved === 'in progress') {
      return replyJson(res, 409, {
        error: {
          type: 'idempotency_error',
          message: 'There is currently another in-progress request using this Stripe API Idempotency Key.',
        },
      });
    }
    if (saved && saved.raw !== raw) {
      return replyJson(res, 400, {
        error: {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
        },
      });
    }
    if (saved) return replyJson(res, saved.status, saved.body);
    const refused = refusal();
    if (refused) return replyJson(res, 400, refused);
    const answer = (status: number, body: object) => {
      if (idempotencyKey) byKey.set(idempotencyKey, { raw, status, body });
      replyJson(res, status, body);
    };
    if (idempotencyKey) byKey.set(idempotencyKey, 'in progress');
    if (state.mode === 'hang') return; // never answers (the key stays in progress)
    if (state.mode === 'fail') return answer(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
    return answer(200, create());
  }

  /** Why Stripe refuses this refund (POST /v1/refunds), as it words it, or null. */
  function refundRefusal(charge: EmulatedCharge | undefined, fields: Record<string, string>) {
    if (!charge) return stripeError(`No such payment_intent: '${fields.payment_intent ?? ''}'`, 'payment_intent', 'resource_missing');
    if ([...disputes.values()].some((d) => d.charge === charge.id && d.status !== 'won')) {
      return stripeError(`Charge ${charge.id} has been charged back; cannot issue a refund.`, undefined, 'charge_disputed');
    }
    if (charge.refunded) return stripeError(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = fields.amount === undefined ? null : Number(fields.amount);
    if (amount !== null && (!Number.isInteger(amount) || amount < 1)) return stripeError('Invalid positive integer', 'amount');
    const left = charge.amount - charge.amount_refunded;
    if (amount !== null && amount > left) {
      return stripeError(
        `Refund amount (${major(amount)} ${charge.currency}) is greater than unrefunded amount on charge (${major(left)} ${charge.currency})`,
        'amount',
        'amount_too_large',
      );
    }
    return null;
  }

  /** A refund of part or all of a charge: its amount_refunded grows. */
  function makeRefund(charge: EmulatedCharge, amount: number) {
    charge.amount_refunded = Math.min(charge.amount, charge.amount_refunded + amount);
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = {
      id: `re_test_${refunds.size + 1}`,
      object: 'refund' as const,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      amount,
      currency: charge.currency,
      status: 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }

  /** Posts a signed event about `object` to the shop's endpoint, when one is set; its answer is kept. */
  async function deliver(type: string, object: object) {
    const hook = state.webhook;
    if (!hook) return;
    const event = signedObjectEvent(type, object, hook.secret);
    await fetch(hook.url, { method: 'POST', body: event.body, headers: event.headers })
      .then((answer) => webhookAnswers.push(answer.status))
      .catch(() => webhookAnswers.push(0));
  }

  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const pay = /^\/pay\/([\w-]+)$/.exec(url.pathname);
      if (pay?.[1] && sessions.has(pay[1])) {
        if (req.method === 'POST') {
          const next = complete(pay[1]);
          const hook = state.webhook;
          const event = hook && signedEvent('checkout.session.completed', pay[1], hook.secret);
          const delivered = hook && event ? fetch(hook.url, { method: 'POST', body: event.body, headers: event.headers }) : null;
          return void Promise.resolve(delivered)
            .then((answer) => answer && webhookAnswers.push(answer.status))
            .catch(() => webhookAnswers.push(0))
            .finally(() => {
              res.writeHead(303, { Location: next });
              res.end();
            });
        }
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          `<!doctype html><html lang="en"><title>Emulated Stripe Checkout</title><h1>Emulated Stripe Checkout</h1><form method="post"><button>Pay</button></form></html>`,
        );
      }
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return replyJson(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
        received.push({ fields, idempotencyKey, authorization: req.headers.authorization });
        const refusal = () =>
          state.mode === 'reject' ? { error: { type: 'invalid_request_error', message: 'Invalid currency' } } : createRefusal(fields);
        return idempotent(req, res, raw, refusal, () => {
          const session = { id: `cs_test_${sessions.size + 1}`, fields, status: 'open' as const };
          sessions.set(session.id, session);
          return sessionJson(session, false);
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/coupons') {
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const refusal = () =>
          fields.id && coupons.has(fields.id)
            ? stripeError('Coupon already exists.', 'id', 'resource_already_exists')
            : !fields.amount_off && !fields.percent_off
              ? stripeError('Missing required param: amount_off or percent_off.', 'amount_off')
              : fields.amount_off && !fields.currency
                ? stripeError('You must specify `currency` when creating an amount_off coupon.', 'currency')
                : null;
        return idempotent(req, res, raw, refusal, () => {
          const options = Object.entries(fields).flatMap(([k, v]) => {
            const currency = /^currency_options\[(\w+)\]\[amount_off\]$/.exec(k)?.[1];
            return currency ? [[currency, { amount_off: Number(v) }] as const] : [];
          });
          const coupon: EmulatedPromotion['coupon'] = {
            id: fields.id ?? `coupon_made_${coupons.size + 1}`,
            percent_off: fields.percent_off ? Number(fields.percent_off) : null,
            amount_off: fields.amount_off ? Number(fields.amount_off) : null,
            currency: fields.currency ?? null,
            ...(options.length > 0 ? { currency_options: Object.fromEntries(options) } : {}),
            valid: true,
          };
          coupons.set(coupon.id, coupon);
          return {
            object: 'coupon',
            duration: fields.duration ?? 'once',
            max_redemptions: Number(fields.max_redemptions) || null,
            ...coupon,
          };
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/promotion_codes') {
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const coupon = coupons.get(fields['promotion[coupon]'] ?? '');
        const refusal = () =>
          !coupon
            ? stripeError(`No such coupon: '${fields['promotion[coupon]'] ?? ''}'`, 'promotion[coupon]', 'resource_missing')
            : promotions.some((p) => p.active && p.code.toLowerCase() === (fields.code ?? '').toLowerCase())
              ? stripeError(`An active promotion code with \`code: ${fields.code}\` already exists.`, 'code')
              : null;
        return idempotent(req, res, raw, refusal, () => {
          const promo: EmulatedPromotion = {
            id: `promo_made_${promotions.length + 1}`,
            code: fields.code ?? `AUTO${promotions.length + 1}`,
            active: true,
            expires_at: fields.expires_at ? Number(fields.expires_at) : null,
            max_redemptions: fields.max_redemptions ? Number(fields.max_redemptions) : null,
            times_redeemed: 0,
            minimum: null,
            coupon: coupon!,
            firstTimeOnly: fields['restrictions[first_time_transaction]'] === 'true',
          };
          promotions.push(promo);
          return promotionJson(promo, false);
        });
      }
      const promoUpdate = /^\/v1\/promotion_codes\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'POST' && promoUpdate) {
        // Only `active` (and metadata) can change on a promotion code; it is switched on again only while
        // otherwise redeemable (its coupon valid, not expired, redemptions left), as Stripe documents.
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const promo = promotions.find((p) => p.id === promoUpdate[1]);
        if (!promo) return replyJson(res, 404, stripeError(`No such promotion code: '${promoUpdate[1]}'`, 'id', 'resource_missing'));
        if (fields.active === 'true' && !promo.active && !redeemable({ ...promo, active: true })) {
          return replyJson(res, 400, stripeError('This promotion code cannot be reactivated: it is no longer redeemable.', 'active'));
        }
        if (fields.active !== undefined) promo.active = fields.active === 'true';
        return replyJson(res, 200, promotionJson(promo, false));
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        const fields = Object.fromEntries(new URLSearchParams(raw));
        refundPosts.push({ fields, idempotencyKey: req.headers['idempotency-key'] as string | undefined });
        const charge = [...charges.values()].find((ch) => ch.payment_intent === fields.payment_intent);
        return idempotent(
          req,
          res,
          raw,
          () => refundRefusal(charge, fields),
          () => {
            const refund = makeRefund(charge!, fields.amount ? Number(fields.amount) : charge!.amount - charge!.amount_refunded);
            // Stripe tells the endpoint a moment after answering.
            setTimeout(() => void deliver('charge.refunded', charge!), 5);
            return refund;
          },
        );
      }
      // GET /v1/refunds?payment_intent=…: a charge's refunds, newest first, as Stripe lists them (one page of up to `limit`).
      if (req.method === 'GET' && url.pathname === '/v1/refunds') {
        const intent = url.searchParams.get('payment_intent');
        const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
        const all = [...refunds.values()].filter((r) => intent === null || r.payment_intent === intent).toReversed();
        return replyJson(res, 200, { object: 'list', url: '/v1/refunds', has_more: all.length > limit, data: all.slice(0, limit) });
      }
      const money = /^\/v1\/(charges|refunds|disputes)\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && money) {
        const found = { charges, refunds, disputes }[money[1] as 'charges' | 'refunds' | 'disputes'].get(money[2]!);
        if (!found)
          return replyJson(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such object: '${money[2]}'` },
          });
        return replyJson(res, 200, found);
      }
      // POST /v1/checkout/sessions/:id/expire: an open session stops taking payment; anything else is refused, as Stripe does.
      const expiring = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(url.pathname);
      if (req.method === 'POST' && expiring) {
        const s = sessions.get(expiring[1]!);
        if (!s) return replyJson(res, 404, stripeError(`No such checkout.session: '${expiring[1]}'`, 'id', 'resource_missing'));
        if (s.status !== 'open') {
          return replyJson(
            res,
            400,
            stripeError('Only Checkout Sessions with a status in ["open"] can be expired.', undefined, 'checkout_session_expire_invalid'),
          );
        }
        s.status = 'expired';
        expired.push(s.id);
        return replyJson(res, 200, sessionJson(s, false));
      }
      if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
        const wanted = url.searchParams.get('payment_intent');
        const data = [...sessions.values()].filter((s) => !wanted || s.paymentIntent === wanted).map((s) => sessionJson(s, false));
        return replyJson(res, 200, {
          object: 'list',
          data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)),
          has_more: false,
          url: url.pathname,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/promotion_codes') {
        // Codes match case-insensitively, as shoppers type them; `active` filters as Stripe's does.
        const code = url.searchParams.get('code')?.toLowerCase();
        const active = url.searchParams.get('active');
        const expandCoupon = [...url.searchParams].some(([k, v]) => k.startsWith('expand[') && v === 'data.promotion.coupon');
        const data = promotions
          .filter((p) => (code === undefined || p.code.toLowerCase() === code) && (active === null || String(p.active) === active))
          .map((p) => promotionJson(p, expandCoupon));
        return replyJson(res, 200, {
          object: 'list',
          data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)),
          has_more: false,
          url: url.pathname,
        });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_links') {
        const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
        const after = url.searchParams.get('starting_after');
        const from = after ? links.findIndex((l) => l.id === after) + 1 : 0;
        return replyJson(res, 200, {
          object: 'list',
          data: links.slice(from, from + limit),
          has_more: from + limit < links.length,
          url: url.pathname,
        });
      }
      const link = /^\/v1\/payment_links\/(plink_\w+)$/.exec(url.pathname);
      if (req.method === 'GET' && link?.[1]) {
        const found = links.find((l) => l.id === link[1]);
        if (!found) {
          return replyJson(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_link: '${link[1]}'` },
          });
        }
        return replyJson(res, 200, found);
      }
      const updated = req.method === 'POST' && link?.[1] ? links.find((l) => l.id === link[1]) : undefined;
      if (updated) {
        const active = new URLSearchParams(raw).get('active');
        if (active === 'true' || active === 'false') {
          updated.active = active === 'true';
          linkUpdates.push({ url: updated.url, active: updated.active });
        }
        return replyJson(res, 200, updated);
      }
      const list = /^\/v1\/checkout\/sessions\/([\w-]+)\/line_items$/.exec(url.pathname);
      const listed = req.method === 'GET' && list?.[1] ? sessions.get(list[1]) : undefined;
      if (listed) {
        // A page as Stripe's list API gives it: `limit` (default 10, at most 100) after `starting_after`.
        const items = lineItems(listed.fields);
        const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
        const after = url.searchParams.get('starting_after');
        const from = after ? items.findIndex((i) => i.id === after) + 1 : 0;
        const page = items.slice(from, from + limit);
        // stripe-node sends expand[0]=…; curl users write expand[]=….
        const productsExpanded = [...url.searchParams].some(([k, v]) => k.startsWith('expand[') && v === 'data.price.product');
        lineItemPages.push(page.length);
        return replyJson(res, 200, {
          object: 'list',
          data: productsExpanded ? page : page.map((i) => ({ ...i, price: { ...i.price, product: i.price.product.id } })),
          has_more: from + limit < items.length,
          url: url.pathname,
        });
      }
      const read = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && read?.[1]) {
        sessionReads.push(read[1]);
        if (state.readsFail) return replyJson(res, 500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
        const session = sessions.get(read[1]);
        if (!session) {
          return replyJson(res, 404, {
            error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${read[1]}'` },
          });
        }
        const expand = [...url.searchParams].flatMap(([k, v]) => (k.startsWith('expand[') ? [v] : []));
        return replyJson(res, 200, sessionJson(session, expand.includes('line_items'), expand));
      }
      replyJson(res, 404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    });
  });
  base = await listenOnLoopback(server);
  return {
    url: base,
    secretKey,
    received,
    state,
    webhookAnswers,
    lineItemPages,
    sessionReads,
    linkUpdates,
    expired,
    unlistedLinkUrl,
    spareLinkUrl,
    /** Whether the payment link with this URL takes payments now. */
    linkActive: (url: string) => links.find((l) => l.url === url)?.active,
    /** Settings that point the shop at this emulation. */
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_API_URL: base },
    /** Marks a session complete (paid, or unpaid for a delayed method) as the hosted page would; returns its success URL. */
    complete,
    /** A delayed payment settles: the session's payment status as Stripe would report it from then on. */
    settle: (id: string, paymentStatus: 'paid' | 'unpaid') => {
      sessions.get(id)!.paymentStatus = paymentStatus;
      complete(id, paymentStatus);
    },
    /** The session ends unpaid; the shopper may have typed an address and answered the consent box first. */
    expire: (id: string, left: { email?: string; consent?: 'opt_in' | 'opt_out' } = {}) => {
      const s = sessions.get(id)!;
      s.status = 'expired';
      s.typedEmail = left.email;
      s.consent = left.consent;
    },
    createSession,
    signedEvent,
    signedObjectEvent,
    /** The charge of a completed session (ch_test_n). */
    chargeOf(sessionId: string): EmulatedCharge {
      const pi = sessions.get(sessionId)?.paymentIntent;
      const charge = [...charges.values()].find((ch) => ch.payment_intent === pi);
      if (!charge) throw new Error(`no charge for ${sessionId}`);
      return charge;
    },
    /** A refund made in the dashboard: the charge's amount_refunded grows; returns the refund (no event is sent: tests post it). */
    refund(sessionId: string, amount: number) {
      return makeRefund(this.chargeOf(sessionId), amount);
    },
    /** A refund the bank sent back (status failed, as Stripe reports it with refund.updated): its amount is the charge's again; returns it. */
    failRefund(id: string) {
      const refund = refunds.get(id);
      const charge = refund && charges.get(refund.charge);
      if (!refund || !charge) throw new Error(`no refund ${id}`);
      refund.status = 'failed';
      charge.amount_refunded -= refund.amount;
      charge.refunded = false;
      return refund;
    },
    /** Each POST /v1/refunds the shop made, in order. */
    refundPosts,
    /** The buyer's bank disputes the charge; returns the dispute. */
    openDispute(sessionId: string, reason = 'fraudulent') {
      const charge = this.chargeOf(sessionId);
      const dispute = {
        id: `dp_test_${disputes.size + 1}`,
        object: 'dispute' as const,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        amount: charge.amount,
        currency: charge.currency,
        reason,
        status: 'needs_response',
        // Stripe gives the seller about a week to answer.
        evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400, has_evidence: false, past_due: false, submission_count: 0 },
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(id: string, status: 'won' | 'lost') {
      const dispute = disputes.get(id)!;
      dispute.status = status;
      return dispute;
    },
    /** Number of distinct sessions created. */
    sessionCount: () => sessions.size,
    /** The sessions whose metadata names `key` = `value` (an exchange's payment pages), each with what it asks and the charge it took once paid. */
    sessionsNaming: (key: string, value: string) =>
      [...sessions.values()]
        .filter((s) => s.fields[`metadata[${key}]`] === value)
        .map((s) => ({
          id: s.id,
          status: s.status,
          asked: lineItems(s.fields).reduce((sum, i) => sum + i.amount_total, 0),
          charge: s.paymentIntent ? [...charges.values()].find((ch) => ch.payment_intent === s.paymentIntent) : undefined,
        })),
    /** Every refund of a payment intent, as Stripe keeps them (failed ones included). */
    refundsOf: (paymentIntent: string) => [...refunds.values()].filter((r) => r.payment_intent === paymentIntent),
    /** A session's status as Stripe reports it: open, complete or expired. */
    sessionStatus: (id: string) => sessions.get(id)?.status,
    /** A promotion code the owner makes in the Dashboard (SPRING10, TAKE15 and OLDCODE exist from the start). */
    addPromotion,
    /** Every promotion code's code, as the Dashboard lists them. */
    promotionCodes: () => promotions.map((p) => p.code),
    /** A promotion code by its code (the shop's own included), as the Dashboard shows it. */
    promotion: (code: string) => promotions.find((p) => p.code === code),
    /** The owner switches a code on or off. */
    setPromotionActive(code: string, active: boolean) {
      const promo = promotions.find((p) => p.code === code);
      if (!promo) throw new Error(`no promotion code ${code}`);
      promo.active = active;
    },
    /** The shopper types a code on the hosted page of a session that allows codes; throws where Stripe's page would refuse it. */
    typeCode(sessionId: string, code: string) {
      const s = sessions.get(sessionId);
      const promo = promotions.find((p) => p.code.toLowerCase() === code.toLowerCase());
      if (!s || s.fields.allow_promotion_codes !== 'true') throw new Error(`session ${sessionId} takes no typed codes`);
      if (!promo || !redeemable(promo)) throw new Error(`Stripe's page refuses ${code}`);
      s.typedPromotion = promo.id;
    },
    close: () => closeServer(server),
  };
}

export type StripeEmulator = Awaited<ReturnType<typeof startStripeEmulator>>;

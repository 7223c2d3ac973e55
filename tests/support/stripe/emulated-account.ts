import type { IncomingMessage, ServerResponse } from 'node:http';
import { replyJson } from '../loopback';
import { paymentLinks, ukPaymentLinks } from '../catalogue';

/* The emulated Stripe account: what it holds (sessions, charges, refunds, disputes, codes, links), what the shop sent it, the shared wire helpers, and idempotency as Stripe keeps it. Each resource's file speaks for one part of the API. */

/** A Checkout Session create request as it arrived: its form fields, flat (`line_items[0][quantity]`), and headers. */
export interface ReceivedSession {
  fields: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

/** What the shopper typed as the delivery address on the payment page (the country one the session allowed; GB unless told). */
export interface TypedShipping {
  name: string;
  line1: string;
  country?: string;
}

export interface EmulatedSession {
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

export interface EmulatedCharge {
  id: string;
  object: 'charge';
  payment_intent: string;
  amount: number;
  amount_refunded: number;
  currency: string;
  refunded: boolean;
}

/** A coupon and its customer-facing promotion code, as the owner makes them in the Dashboard. */
export interface EmulatedPromotion {
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
    /** Shown to the shopper (and in the Dashboard): the shop names each store credit code's coupon by its order. */
    name?: string | null;
  };
}

/** Stripe Tax's rate for a session, by its currency (the emulated shoppers live in GB, DE and MA). */
export const TAX_RATES: Record<string, { display_name: string; percentage: number; country: string; jurisdiction: string }> = {
  gbp: { display_name: 'VAT', percentage: 20, country: 'GB', jurisdiction: 'United Kingdom' },
  eur: { display_name: 'VAT', percentage: 19, country: 'DE', jurisdiction: 'Germany' },
  usd: { display_name: 'Sales Tax', percentage: 6.25, country: 'US', jurisdiction: 'Massachusetts' },
};

/** Minor units as Stripe's messages print them (50.00). */
export const major = (minor: number) => (minor / 100).toFixed(2);

export function stripeError(message: string, param?: string, code?: string) {
  return { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) } };
}

export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => resolve(raw));
  });
}

/** The `line_items[i]` entries of a create request, in order. */
export function lineItems(fields: Record<string, string>) {
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

/** A dispute as Stripe's API shapes it. */
export interface EmulatedDispute {
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

/** A refund as Stripe's API shapes it. */
export interface EmulatedRefund {
  id: string;
  object: 'refund';
  charge: string;
  payment_intent: string;
  amount: number;
  currency: string;
  status: string;
}

/** Everything the account holds and records, shared by the resources' handlers. */
export function newAccount(secretKey: string) {
  /** Links the owner made in the Dashboard that no product file names (the spec's BLUE GUN links were such). */
  const unlistedLinkUrl = 'https://buy.stripe.com/test_bluegun1911';
  const spareLinkUrl = 'https://buy.stripe.com/test_bluegung17';
  return {
    secretKey,
    /** The emulation's own address, once it listens (the hosted pages' and success URLs' base). */
    base: '',
    received: [] as ReceivedSession[],
    sessions: new Map<string, EmulatedSession>(),
    /** Each idempotency key's first request: its parameters and the answer Stripe saved (replayed for the key, 500s included). */
    byKey: new Map<string, { raw: string; status: number; body: object } | 'in progress'>(),
    state: {
      mode: 'ok' as 'ok' | 'fail' | 'reject' | 'hang' | 'lost',
      /** GET /v1/checkout/sessions/:id answers 500 (Stripe down for reads). */
      readsFail: false,
      /** Stripe Tax set up in the Dashboard: off, sessions asking for automatic_tax are refused as Stripe refuses them. */
      taxActive: true,
      /** Where Pay posts the completed event, and the endpoint's signing secret. */
      webhook: null as { url: string; secret: string } | null,
    },
    /** The shop's answers to the events Pay posted. */
    webhookAnswers: [] as number[],
    /** Size of each page of line items the shop read. */
    lineItemPages: [] as number[],
    /** Ids the shop asked GET /v1/checkout/sessions/:id for, in order (known or not). */
    sessionReads: [] as string[],
    unlistedLinkUrl,
    spareLinkUrl,
    /** The account's payment links: the catalogue's and one more, all active, as the operator made them in the dashboard. */
    links: [...new Set([...Object.values(paymentLinks), ...Object.values(ukPaymentLinks), unlistedLinkUrl, spareLinkUrl])].map(
      (url, i) => ({
        id: `plink_${i + 1}`,
        object: 'payment_link',
        url,
        active: true,
      }),
    ),
    /** Each POST /v1/payment_links/:id the shop made, in order. */
    linkUpdates: [] as Array<{ url: string; active: boolean }>,
    /** Sessions the shop expired (POST /v1/checkout/sessions/:id/expire), in order. */
    expired: [] as string[],
    /** Charges by id (one per completed session), refunds and disputes: what the dashboard would make. */
    charges: new Map<string, EmulatedCharge>(),
    refunds: new Map<string, EmulatedRefund>(),
    refundPosts: [] as Array<{ fields: Record<string, string>; idempotencyKey: string | undefined }>,
    disputes: new Map<string, EmulatedDispute>(),
    /** Coupons the shop made through the API (store credit), by id. */
    coupons: new Map<string, EmulatedPromotion['coupon']>(),
    /** The account's promotion codes. */
    promotions: [] as EmulatedPromotion[],
    /** Events signed so far (their ids count up). */
    events: 0,
  };
}

export type StripeAccount = ReturnType<typeof newAccount>;

/** One request as a resource's handler reads it: answered (true) or not this resource's (false). */
export type Route = (req: IncomingMessage, res: ServerResponse, url: URL, raw: string) => boolean;

/**
 * Idempotency as Stripe keeps it: a key's first answer is saved once the endpoint starts and replayed
 * (500s included) for the same parameters; other parameters are refused; a request while the first
 * is still running is refused too. A request refused by validation (`refusal`, a 400) is not saved.
 */
export function idempotent(
  account: StripeAccount,
  req: IncomingMessage,
  res: ServerResponse,
  raw: string,
  refusal: () => object | null,
  create: () => object,
) {
  const { byKey, state } = account;
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

import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Currency } from '#shared/region/region.ts';
import type { AfterSale } from '#shared/orders/after-sale-summary.ts';
import { FULFILMENT_STATUSES, PAYMENT_STATUSES } from '#shared/orders/order-status.ts';
import { ORDER_MAIL_KINDS, ORDER_STEPS, type OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import { now, emailFold, mailColumns } from '#worker/db/table-parts.ts';

/**
 * A sale, written from Stripe's webhook (the source of truth; the thank-you page only shows it). One
 * row per Checkout Session: the unique session id makes every delivery of its events the same order.
 * Amounts in minor units of `currency`.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull().unique(),
    /** Short and human, for e-mails and support (SP-XXXX-XXXX). */
    number: text('number').notNull().unique(),
    /** The payment's status; `status_changed_at` is when it last moved. */
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    statusChangedAt: text('status_changed_at').notNull().default(now),
    /** The goods' status, beside the payment's: a refund after shipping leaves this shipped. */
    fulfilment: text('fulfilment', { enum: FULFILMENT_STATUSES }).notNull().default('unfulfilled'),
    email: text('email'),
    name: text('name'),
    /** The shipping address as Stripe collected it (JSON). */
    shippingAddress: text('shipping_address', { mode: 'json' }).$type<Record<string, string | null>>(),
    /** The billing address the buyer gave Stripe (JSON; the invoice names it), or null for an order from before it was kept. */
    billingAddress: text('billing_address', { mode: 'json' }).$type<Record<string, string | null>>(),
    shippingOption: text('shipping_option'),
    currency: text('currency').notNull().$type<Currency>(),
    subtotal: integer('subtotal').notNull(),
    shipping: integer('shipping').notNull(),
    total: integer('total').notNull(),
    /** What a discount took off (total_details.amount_discount), and the promotion code the shopper used, if one. */
    discount: integer('discount').notNull().default(0),
    discountCode: text('discount_code'),
    /** Tax Stripe computed (0 without Stripe Tax): its label from the breakdown ('VAT 20%'), and whether `subtotal` already held it. */
    tax: integer('tax').notNull().default(0),
    taxLabel: text('tax_label'),
    taxInclusive: integer('tax_inclusive', { mode: 'boolean' }).notNull().default(false),
    region: text('region'),
    /** The campaign parameters the checkout carried (JSON). */
    campaign: text('campaign', { mode: 'json' }).$type<Record<string, string>>(),
    /** The payment link the sale came through, when it was not the cart's session. */
    paymentLink: text('payment_link'),
    /** The order page's secret (/orders/{number}?token=…). */
    token: text('token').notNull(),
    /**
     * SHA-256 of the nonce in the cookie of the browser that checked out (the session's metadata): only
     * that browser's thank-you page shows the order. Null for payment links (no session of ours).
     */
    buyerHash: text('buyer_hash'),
    /** Stripe's payment intent (pi_…): how refunds and disputes, which name the charge's, find the order. */
    paymentIntent: text('payment_intent'),
    /** Stripe's hosted page of the invoice it made for the payment (invoice_creation, with Stripe Tax), or null. */
    invoiceUrl: text('invoice_url'),
    /** How it was paid, in words ('Visa ending 4242'), as the invoice names it; null until known. */
    paymentMethod: text('payment_method'),
    /** How much of `total` has been given back (Stripe's amount_refunded for the charge), minor units. */
    refunded: integer('refunded').notNull().default(0),
    /**
     * The network the buying browser checked out from (a keyed hash of its address block, as the
     * checkout's limits key it): a Refer a Friend reward is not earned from the referrer's own network.
     */
    buyerNetwork: text('buyer_network'),
    /** Changes with every ledger write (ledger_entries): a write lands only on the ledger it read. */
    ledgerStamp: text('ledger_stamp'),
    /** What the ledger says of the order now (after-sale.ts), written with each of its entries; null: nothing after the sale. */
    afterSale: text('after_sale', { mode: 'json' }).$type<AfterSale>(),
    ...mailColumns(),
    emailFold: emailFold(),
    /** When its buyer asked to be erased: the order stays for the law's sake only (no marketing, no reviews, no referral mail). */
    restrictedAt: text('restricted_at'),
    /** When its legal period ended and the buyer's name, address and e-mail were removed (privacy/retention-run.ts). */
    redactedAt: text('redacted_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('orders_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('orders_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
    index('orders_fold_idx').on(t.emailFold),
    // Orders still naming their buyer, oldest first: what retention pseudonymises when their period ends.
    index('orders_unredacted_idx')
      .on(t.createdAt)
      .where(sql`redacted_at is null`),
    index('orders_created_idx').on(t.createdAt),
    index('orders_payment_intent_idx').on(t.paymentIntent),
    // The back office's filters and its search by e-mail (as typed: any case). The status index also
    // covers the sales of the last days (a created_at range per status, read without the rows).
    index('orders_status_created_idx').on(t.status, t.createdAt, t.region, t.currency, t.total, t.refunded),
    index('orders_fulfilment_created_idx').on(t.fulfilment, t.createdAt),
    index('orders_email_idx').on(sql`lower(${t.email})`),
  ],
);

export const orderLines = sqliteTable(
  'order_lines',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    position: integer('position').notNull(),
    productId: integer('product_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    /** Units sold that the shop did not have when the sale was recorded (a payment link's race): 0 normally. */
    short: integer('short').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.position] }),
    // The back office's "Oversold" list reads only the few short lines.
    index('order_lines_short_idx')
      .on(t.orderId)
      .where(sql`short > 0`),
  ],
);

/**
 * An order's timeline: each step once, keyed by `step` so a replayed or concurrent delivery adds
 * nothing (the status itself for status steps, refund:<total given back>, dispute:<id>:opened,
 * return:<n>). `status` holds the step's kind.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    step: text('step').notNull(),
    status: text('status', { enum: ORDER_STEPS }).notNull(),
    detail: text('detail', { mode: 'json' }).$type<OrderStepDetail>(),
    at: text('at').notNull().default(now),
  },
  // The back office's open disputes: the opened steps, newest first. Review invitations: shipments by
  // the day they were expected (a parcel still travelling when its invitation fell due is found then).
  (t) => [
    primaryKey({ columns: [t.orderId, t.step] }),
    index('order_events_status_idx').on(t.status, t.at),
    index('order_events_expected_idx')
      .on(sql`json_extract(${t.detail}, '$.expected')`)
      .where(sql`status = 'shipped'`),
  ],
);

/**
 * Each mail a step of an order owes (after its first pair, which the order row itself owes): written
 * in the step's own batch, once per (order, step, kind), then sent with the same leases, back-off and
 * retry job as every owed mail; its "notification" is the one mail it is.
 */
export const orderMails = sqliteTable(
  'order_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    step: text('step').notNull(),
    kind: text('kind', { enum: ORDER_MAIL_KINDS }).notNull(),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('order_mails_step_idx').on(t.orderId, t.step, t.kind),
    index('order_mails_owed_idx').on(t.notifiedAt, t.id),
    index('order_mails_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

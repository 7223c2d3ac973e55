import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Currency } from '#shared/region/region.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { FULFILMENT_STATUSES, PAYMENT_STATUSES } from '#shared/orders/order-status.ts';
import { ORDER_MAIL_KINDS, ORDER_STEPS } from '#shared/timeline/order-timeline.ts';
import { RETURN_OUTCOMES, RETURN_REASONS, RETURN_STATES } from '#shared/after-sale/return-rules.ts';
import { METRICS } from '#shared/vitals/metrics.ts';
import type { AfterSale } from '#shared/after-sale/after-sale.ts';
import { LEDGER_KINDS } from '#shared/after-sale/order-ledger.ts';
import { foldedEmailColumn } from './address-fold.ts';

/** Timestamps are ISO 8601 strings (UTC), which sort and compare as text. */
const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/** A table's `email` as one person's key (address-fold.ts): computed by the database, never written. */
const emailFold = () => text('email_fold').generatedAlwaysAs(sql.raw(foldedEmailColumn), { mode: 'virtual' });

export const categories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    publishedAt: text('published_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    content: text('content').notNull().default(''),
    authorId: text('author_id'),
    createdAt: text('created_at').notNull().default(now),
    /** Optional overrides of the article's head title and description (front matter meta_title / meta_description). */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** The category is the first tag; a column of its own so the per-category reads can use an index. */
    category: text('category').generatedAlwaysAs(sql`json_extract(tags, '$[0]')`, { mode: 'virtual' }),
  },
  // Every read filters on published and published_at (scheduled posts wait for their time) and sorts by published_at.
  (t) => [
    index('blog_posts_published_idx').on(t.published, t.publishedAt),
    index('blog_posts_category_idx').on(t.published, t.category, t.publishedAt),
  ],
);

export const blogProductRelations = sqliteTable(
  'blog_product_relations',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.productId] }), index('blog_product_relations_product_idx').on(t.productId)],
);

const emailStatuses = ['pending', 'failed', 'partial', 'success'] as const;
export type EmailStatus = (typeof emailStatuses)[number];

/**
 * The two e-mails a row owes (one to the shop, one to the person) and who is sending them: the same
 * columns on contact messages and orders, so one claim/lease/back-off code serves both
 * (src/worker/mail/owed-mail.ts).
 */
function mailColumns() {
  return {
    /**
     * 'pending' until the first send finishes; then success (the shop was notified and the person
     * confirmed), partial (one of the two) or failed (neither).
     */
    emailStatus: text('email_status', { enum: emailStatuses }).notNull().default('pending'),
    /** Attempts at notifying the shop, the e-mail the retry job keeps sending until it goes. */
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailLastError: text('email_last_error'),
    /** When the shop's inbox accepted its mail; null means it is still owed (never lost). Never cleared. */
    notifiedAt: text('notified_at'),
    /** When the person's confirmation was accepted. Never cleared. */
    confirmedAt: text('confirmed_at'),
    /** False when the person gets no confirmation (over the per-recipient limit, no address): none is owed. */
    confirmationWanted: integer('confirmation_wanted', { mode: 'boolean' }).notNull().default(true),
    /**
     * A sender (the request or one run of the retry job) holds the row until then; nobody else
     * mails it meanwhile. Taken atomically (claimOwedMail), cleared when the attempt is recorded.
     */
    emailLeaseUntil: text('email_lease_until'),
    /** The retry job leaves the row alone until then (back-off after a failed attempt). */
    emailNextAttemptAt: text('email_next_attempt_at'),
  };
}

export const formSubmissions = sqliteTable(
  'form_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ...mailColumns(),
    /** An HMAC of the sender's address, for the per-sender rate limit (the address itself is not kept). */
    senderKey: text('sender_key'),
    /** An HMAC of the normalised recipient address, for the per-recipient confirmation limit. */
    recipientKey: text('recipient_key'),
    /** A message kept while the database was down (contact-spool.ts): its id, so it is saved once however often it is delivered. */
    spoolId: text('spool_id'),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('form_submissions_spool_idx').on(t.spoolId),
    // One person's messages (export, erasure, and "two years after our last exchange"); the oldest first for retention.
    index('form_submissions_fold_idx').on(t.emailFold, t.createdAt),
    index('form_submissions_created_idx').on(t.createdAt),
    index('form_submissions_email_status_idx').on(t.emailStatus, t.emailAttempts),
    index('form_submissions_sender_idx').on(t.senderKey, t.createdAt),
    index('form_submissions_recipient_idx').on(t.recipientKey, t.createdAt),
    index('form_submissions_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('form_submissions_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

/**
 * One row: the content's version, bumped by every content:sync that writes. Cached reads carry the
 * version they were made under, so a sync makes them outdated everywhere within the fresh window.
 */
export const contentVersion = sqliteTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
  /** Scheduled posts published up to this time (ISO) have been announced to the caches (jobs: a post coming due). */
  postsAnnouncedUntil: text('posts_announced_until'),
});

/**
 * What a write changed, as the cache tags of the pages and reads it touches (a product's stock label,
 * a synced price or post, a post coming due): written by whoever made the change (the shop, or the
 * command line on another machine), purged from the page cache by the shop, then marked. A row not
 * yet purged is retried by the scheduled job; its id is also what kept reads are checked against.
 */
export const pageChanges = sqliteTable(
  'page_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** JSON array of cache tags (src/shared/site/cache-tags.ts). */
    tags: text('tags').notNull(),
    createdAt: text('created_at').notNull().default(now),
    purgedAt: text('purged_at'),
  },
  (t) => [
    index('page_changes_pending_idx')
      .on(t.id)
      .where(sql`${t.purgedAt} is null`),
    index('page_changes_created_idx').on(t.createdAt),
  ],
);

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

/** What a step of an order's timeline says beside its kind (all optional; amounts in the order's minor units). */
export interface OrderStepDetail {
  /** A refund: what this step gave back, and the total given back after it; one asked of Stripe: its id (re_…). */
  amount?: number;
  refunded?: number;
  refund?: string;
  /** Shipping: the carrier's name, the number, its tracking page, and the day the parcel is expected by (ISO). */
  carrier?: string;
  tracking?: string;
  url?: string;
  expected?: string;
  /** Delivered: the day the parcel arrived (YYYY-MM-DD), as the owner marked it. */
  deliveredOn?: string;
  /** A dispute: Stripe's id, reason and (closed) outcome. */
  dispute?: string;
  reason?: string;
  outcome?: string;
  /** A return: product id and quantity per line. */
  lines?: Array<{ productId: number; quantity: number }>;
  /** A dispute's deadline for evidence (ISO), as Stripe set it. */
  dueBy?: string;
  /** Who did a step by hand: the back office's signed-in address, or `terminal` (npm run orders). */
  by?: string;
  /** A return request's steps: its number, what the shopper wants back, the shop's answer, a store credit's code. */
  request?: string;
  wants?: 'refund' | 'credit' | 'exchange' | 'replace';
  answer?: string;
  code?: string;
  /** A store credit: what of the payment it stands for (the credit is 110% of it), said in its mail. */
  basis?: number;
  /** A review invitation: each product's signed key (from the order's own token). */
  keys?: Record<string, string>;
}

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
 * The owner's notes on an order (a call, a promise, a parcel's state): read in the back office only,
 * never on the shopper's page or in a mail. Kept as written, newest first.
 */
export const orderNotes = sqliteTable(
  'order_notes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    body: text('body').notNull(),
    by: text('by').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.at)],
);

/**
 * A shopper's return or warranty claim for some of an order's lines (shared/orders/return-rules.ts):
 * asked from the order's page, accepted or refused by the shop, then the goods received and the
 * request settled (a refund through Stripe, store credit as a Stripe promotion code, a replacement).
 * Its steps and mails ride on the order's timeline; this row keeps what was asked and where it stands.
 */
export const returnRequests = sqliteTable(
  'return_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The order's number and R1, R2…: what the shopper and the shop quote. */
    number: text('number').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    reason: text('reason', { enum: RETURN_REASONS }).notNull(),
    outcome: text('outcome', { enum: RETURN_OUTCOMES }).notNull(),
    lines: text('lines', { mode: 'json' }).notNull().$type<Array<{ productId: number; quantity: number }>>(),
    note: text('note'),
    state: text('state', { enum: RETURN_STATES }).notNull().default('requested'),
    /** The shop's answer: why it was refused, or how it was settled, in words. */
    answer: text('answer'),
    /** The store credit or exchange code drawn for it (kept before Stripe is asked, so a retry asks for the same code). */
    code: text('code'),
    /** What the lines were worth when asked (minor units of the order's currency). */
    value: integer('value').notNull(),
    /** An exchange's product (one unit, of equal or greater value), else null. */
    exchangeFor: integer('exchange_for'),
    /** The Checkout Session its difference is paid through, while one is open: the link opens it again, a new one expires it first. */
    differenceSession: text('difference_session'),
    decidedBy: text('decided_by'),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  // The back office's list by state, newest first; an order's own requests.
  (t) => [index('return_requests_state_idx').on(t.state, t.createdAt), index('return_requests_order_idx').on(t.orderId)],
);

/**
 * Every after-sale entry of an order (issue 55, shared/ledger/): goods asked back, received, refunds,
 * store credit, exchanges, rewards. An entry is named by the action that wrote it (`ref`, unique per
 * order), so the same action twice is one entry; entries are only ever added.
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    ref: text('ref').notNull(),
    productId: integer('product_id'),
    quantity: integer('quantity').notNull().default(0),
    fit: integer('fit').notNull().default(0),
    amount: integer('amount').notNull().default(0),
    basis: integer('basis').notNull().default(0),
    code: text('code'),
    request: text('request'),
    /** Whose money a money entry moves: null, the order's charge; a difference's payment intent; 'credit' (order-ledger.ts). */
    tender: text('tender'),
    /** Who did it (the owner's address, 'shopper', 'stripe'). */
    by: text('by'),
    at: text('at').notNull().default(now),
  },
  // An order's entries in order; a store credit or reward code's entry, found when a later order spends it.
  // An exchange difference's charge, found by its payment intent when Stripe reports a refund of it.
  (t) => [
    uniqueIndex('ledger_entries_order_ref_idx').on(t.orderId, t.ref),
    index('ledger_entries_code_idx').on(t.code),
    index('ledger_entries_tender_idx')
      .on(t.tender)
      .where(sql`${t.kind} = 'difference_paid'`),
  ],
);

/**
 * A review by a buyer, through the signed link of its order's invitation: one per order and product.
 * It waits for the owner (`pending`), who approves or hides it and may reply; only approved ones show.
 */
export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    stars: integer('stars').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    name: text('name').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'hidden'] })
      .notNull()
      .default('pending'),
    reply: text('reply'),
    /** Shoppers who found it helpful (one vote per network: review_votes). */
    helpful: integer('helpful').notNull().default(0),
    createdAt: text('created_at').notNull().default(now),
    decidedAt: text('decided_at'),
  },
  (t) => [
    uniqueIndex('reviews_order_product_idx').on(t.orderId, t.productId),
    // A product page's approved reviews, newest first; the back office's waiting ones.
    index('reviews_product_state_idx').on(t.productId, t.state, t.createdAt),
    // The same, most helpful first.
    index('reviews_product_helpful_idx').on(t.productId, t.state, t.helpful, t.createdAt),
    index('reviews_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Each product's approved reviews counted (and their stars summed) as moderation changes them, so a
 * product page reads its summary by key, not by counting every review.
 */
export const reviewStats = sqliteTable('review_stats', {
  productId: integer('product_id').primaryKey(),
  count: integer('count').notNull().default(0),
  stars: integer('stars').notNull().default(0),
});

/**
 * Invoices, numbered in the order they are issued (the number is the row's, never reused): one per
 * paid order, issued the first time it is asked for (routes/orders/invoice-page.tsx).
 */
export const invoices = sqliteTable('invoices', {
  number: integer('number').primaryKey({ autoIncrement: true }),
  orderId: integer('order_id')
    .notNull()
    .unique()
    .references(() => orders.id),
  issuedAt: text('issued_at').notNull().default(now),
});

/** A "helpful" vote on a review: one per review and network (an HMAC key, never the address). */
export const reviewVotes = sqliteTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id),
    voter: text('voter').notNull(),
    at: text('at').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/**
 * A checkout left behind (issue 49): a cart's Checkout Session that expired unpaid, whose shopper
 * agreed to promotional mail at Stripe. It owes one mail (the owed-mail queue: exactly once) that
 * brings the cart back; `token` opens the cart again and unsubscribes. One per session.
 */
export const checkoutRecoveries = sqliteTable(
  'checkout_recoveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull().unique(),
    email: text('email').notNull(),
    market: text('market'),
    /** The cart's lines as its cookie holds them (serializeCart). */
    cart: text('cart').notNull(),
    token: text('token').notNull().unique(),
    ...mailColumns(),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('checkout_recoveries_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('checkout_recoveries_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
    // How many reminders an address was sent lately (at most one a day, three a month).
    index('checkout_recoveries_email_idx').on(t.email, t.createdAt),
    index('checkout_recoveries_fold_idx').on(t.emailFold),
    index('checkout_recoveries_created_idx').on(t.createdAt),
  ],
);

/**
 * Secrets the shop draws itself, once, when the operator set none (RATE_LIMIT_SECRET on Node): kept
 * here so every process on this database, and every restart, keys the same way.
 */
export const keptSecrets = sqliteTable('kept_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: text('created_at').notNull().default(now),
});

/**
 * When a shared cache was last purged, by cache (the edge's Workers Cache): a purge takes the slot
 * only when the last one is a window old, so a burst of changes makes one purge per window.
 */
export const purgeSlots = sqliteTable('purge_slots', {
  name: text('name').primaryKey(),
  /** Milliseconds since the epoch. */
  lastAt: integer('last_at').notNull(),
});

/**
 * A single-use store credit code carried by an open checkout (issue 64): one checkout at a time may
 * take it to Stripe, until its session stops taking payment (`until`, epoch seconds).
 */
export const creditCodeHolds = sqliteTable('credit_code_holds', {
  code: text('code').primaryKey(),
  /** The checkout's reservation (its stock hold's name): the same checkout again keeps the hold. */
  reservation: text('reservation').notNull(),
  /** The browser that checks out with it (its nonce's hash): its next checkout takes the code over. */
  buyer: text('buyer').notNull(),
  until: integer('until').notNull(),
});

/** When a periodic part of the scheduled job last ran (milliseconds since the epoch): the hourly tidy-ups run once an hour however often the trigger fires. */
export const jobRuns = sqliteTable('job_runs', {
  name: text('name').primaryKey(),
  lastAt: integer('last_at').notNull(),
});

/** Addresses that asked for no more promotional mail (a checkout's reminder): only their HMAC key is kept. */
export const mailOptOuts = sqliteTable('mail_opt_outs', {
  emailKey: text('email_key').primaryKey(),
  at: text('at').notNull().default(now),
});

/**
 * Refer a Friend (issue 49): each buyer's personal code, by address (lower case), made on their first
 * paid order; `made` once Stripe has the promotion code (a scheduled run makes any it could not).
 */
export const referralCodes = sqliteTable(
  'referral_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The address folded as the recipient limit folds it (one code per mailbox). */
    email: text('email').notNull().unique(),
    /** As the buyer's orders hold it, in lower case: where a reward's step goes. */
    orderEmail: text('order_email').notNull(),
    code: text('code').notNull().unique(),
    made: integer('made', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('referral_codes_made_idx').on(t.made)],
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

/**
 * Field data: one row per metric of one page view, as POST /vitals received it. Nothing about the
 * visitor (no address, cookie or user agent): the page's route pattern, the market, a device class
 * from the viewport. Rows older than VITALS_KEEP_DAYS are deleted by the scheduled job.
 */
export const webVitals = sqliteTable(
  'web_vitals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    pageType: text('page_type').notNull(),
    market: text('market'),
    device: text('device').notNull(),
    metric: text('metric', { enum: METRICS }).notNull(),
    value: real('value').notNull(),
    rating: text('rating').notNull(),
    /** For LCP, INP and CLS: the element (a CSS selector, capped) web-vitals' attribution names. */
    target: text('target'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('web_vitals_created_idx').on(t.createdAt)],
);

/**
 * The catalogue, written by content:sync from content/products/*.md: `doc` is the product as pages
 * use it; id, slug, name and category are columns of their own for the sync's checks and reports.
 * A product whose file is gone stays (orders name it) and is unlisted only with --prune.
 */
export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    listed: integer('listed', { mode: 'boolean' }).notNull().default(true),
    doc: text('doc', { mode: 'json' }).$type<CatalogueProduct>().notNull(),
    updatedAt: text('updated_at').notNull().default(now),
  },
  // Lists read the listed products in id order up to a limit: a seek, however many are unlisted.
  (t) => [
    index('products_listed_idx').on(t.listed, t.id),
    // A payment link's sale names the link, not our product: these find the product whose file names it.
    index('products_link_standard_idx').on(sql`json_extract(${t.doc}, '$.payment_links.standard')`),
    index('products_link_uk_idx').on(sql`json_extract(${t.doc}, '$.payment_links.uk')`),
  ],
);

/**
 * What the shop has of each product: `on_hand` is the sum of the product's stock_moves, kept beside
 * them (every move updates it in the same transaction). A product without a row has none.
 */
export const stock = sqliteTable('stock', {
  productId: integer('product_id').primaryKey(),
  onHand: integer('on_hand').notNull().default(0),
  /** Whether the product's payment links were last left active (switched off at 0 available, on again after). */
  linksActive: integer('links_active', { mode: 'boolean' }).notNull().default(true),
  /** The stock label pages were last told of (In Stock, Low Stock, Out of Stock); null until first told. A change of it purges the product's pages. */
  shownLabel: text('shown_label'),
  updatedAt: text('updated_at').notNull().default(now),
});

export const STOCK_REASONS = ['sale', 'restock', 'adjust', 'release', 'return'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** Every change to a product's quantity on hand, with why: a sale's order number, or the operator's note. */
export const stockMoves = sqliteTable(
  'stock_moves',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    change: integer('change').notNull(),
    reason: text('reason', { enum: STOCK_REASONS }).notNull(),
    orderNumber: text('order_number'),
    note: text('note'),
    /** Who made the move by hand: the back office's signed-in address, or `terminal` (npm run stock); null for sales and holds. */
    actor: text('actor'),
    at: text('at').notNull().default(now),
  },
  (t) => [index('stock_moves_product_idx').on(t.productId, t.id)],
);

/**
 * Units held for an open Checkout Session (its metadata carries `reservation`): they are not
 * available to anyone else until the session completes (a sale move) or expires (the rows go).
 * Past `expires_at` (epoch seconds) they count as available again, expiry event or not.
 */
export const stockReservations = sqliteTable(
  'stock_reservations',
  {
    reservation: text('reservation').notNull(),
    productId: integer('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    expiresAt: integer('expires_at').notNull(),
    /** Who holds it: the hashed address (sender key) of the checkout, so one address holds a bounded number of units. */
    holder: text('holder'),
    /** The holder's network (its IPv4 /24 or IPv6 /48, keyed the same way): one network holds a bounded share of a product. */
    network: text('network'),
    /**
     * The Idempotency-Key its session is asked for under: made when the hold is, so a double submit
     * (which finds the hold) asks Stripe alike and gets the same session, and a try after a failure
     * (whose hold was let go) gets a new key and reaches Stripe.
     */
    idempotencyKey: text('idempotency_key'),
    /** The Checkout Session the hold is for, once made: a hold past its time is let go only once Stripe says it was not paid. */
    sessionId: text('session_id'),
  },
  (t) => [
    primaryKey({ columns: [t.reservation, t.productId] }),
    index('stock_reservations_product_idx').on(t.productId, t.expiresAt),
    index('stock_reservations_holder_idx').on(t.holder),
    index('stock_reservations_network_idx').on(t.network, t.productId),
    index('stock_reservations_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Durable rate limits (checkout creation, the thank-you page's Stripe reads, …): hits per scope, key
 * (an HMAC of the address, never the address) and fixed window, so a limit holds across Worker
 * isolates and restarts. The scheduled job deletes windows that have passed.
 */
export const rateHits = sqliteTable(
  'rate_hits',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** The window's start, epoch seconds. */
    window: integer('window').notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key, t.window] }), index('rate_hits_window_idx').on(t.window)],
);

/**
 * "E-mail me when it's back": one request per address and product while it lives (ended_at null).
 * Double opt-in: nobody is told until the link mailed to the address confirmed it. The address is
 * kept (with the token its links carry) only while the request lives and its last mail is owed;
 * `email_key` (SHA-256 of the normalised address) finds a live request without reading addresses.
 */
export const STOCK_ALERT_ENDS = ['told', 'unsubscribed', 'unconfirmed', 'expired'] as const;
export const stockAlerts = sqliteTable(
  'stock_alerts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull(),
    emailKey: text('email_key').notNull(),
    email: text('email'),
    /** The market whose page asked (gb, eu, us; null: the unprefixed site): the mail links there. */
    market: text('market'),
    /** Random, unguessable: the confirm and unsubscribe links carry it (it outlives the address). */
    token: text('token'),
    createdAt: text('created_at').notNull().default(now),
    confirmedAt: text('confirmed_at'),
    endedAt: text('ended_at'),
    endReason: text('end_reason', { enum: STOCK_ALERT_ENDS }),
  },
  (t) => [
    uniqueIndex('stock_alerts_live_idx')
      .on(t.productId, t.emailKey)
      .where(sql`ended_at is null`),
    index('stock_alerts_waiting_idx')
      .on(t.productId, t.confirmedAt, t.id)
      .where(sql`ended_at is null`),
    uniqueIndex('stock_alerts_token_idx').on(t.token),
    index('stock_alerts_created_idx')
      .on(t.createdAt)
      .where(sql`ended_at is null`),
    index('stock_alerts_kept_idx')
      .on(t.endedAt)
      .where(sql`email is not null`),
    // An address's requests for a product, ended ones too (an unsubscribe is remembered), and the ended ones' tidy-up.
    index('stock_alerts_key_idx').on(t.emailKey, t.productId),
    index('stock_alerts_ended_idx').on(t.endedAt),
  ],
);

export const STOCK_ALERT_MAIL_KINDS = ['confirm', 'back'] as const;
/** The mails a request owes (its confirmation link; the back-in-stock notice), each sent once through the owed-mail queue. */
export const stockAlertMails = sqliteTable(
  'stock_alert_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    alertId: integer('alert_id')
      .notNull()
      .references(() => stockAlerts.id),
    kind: text('kind', { enum: STOCK_ALERT_MAIL_KINDS }).notNull(),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('stock_alert_mails_kind_idx').on(t.alertId, t.kind),
    index('stock_alert_mails_owed_idx').on(t.notifiedAt, t.id),
    index('stock_alert_mails_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

/**
 * The Training Gun Digest by e-mail (issue 68): one row per sign-up. Double opt-in: `pending` until
 * its link is confirmed, then `confirmed` until it ends (left, bounced, complained, unconfirmed,
 * erased); an ended row forgets its address and keeps its keyed hash, dates and consent record. The
 * welcome code is drawn at confirmation and made at Stripe once (`code_made`).
 */
export const SUBSCRIBER_ENDS = ['unsubscribed', 'bounced', 'complained', 'unconfirmed', 'erased'] as const;
export const subscribers = sqliteTable(
  'subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** HMAC of the folded address (recipientKey's folding): one live sign-up per mailbox. */
    emailKey: text('email_key').notNull(),
    email: text('email'),
    /** The market whose page it came from (gb, eu, us; null: the unprefixed site): its mails link there. */
    market: text('market'),
    /** Random, unguessable: the confirm and leave links carry it (it outlives the address). */
    token: text('token').notNull().unique(),
    /** What was shown and where: the consent given (PECR: what, when, how). */
    consent: text('consent', { mode: 'json' }).notNull().$type<{ text: string; page: string; network: string }>(),
    createdAt: text('created_at').notNull().default(now),
    confirmedAt: text('confirmed_at'),
    endedAt: text('ended_at'),
    endReason: text('end_reason', { enum: SUBSCRIBER_ENDS }),
    welcomeCode: text('welcome_code'),
    codeMade: integer('code_made', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('subscribers_live_idx')
      .on(t.emailKey)
      .where(sql`ended_at is null`),
    // Who gets a post (the confirmed, in id order); the pending ones past their link; the codes still to make.
    index('subscribers_confirmed_idx')
      .on(t.id)
      .where(sql`ended_at is null and confirmed_at is not null`),
    index('subscribers_pending_idx')
      .on(t.createdAt)
      .where(sql`ended_at is null and confirmed_at is null`),
    index('subscribers_code_idx')
      .on(t.id)
      .where(sql`code_made = 0 and welcome_code is not null`),
    // One mailbox's sign-ups, ended ones too (export, erasure).
    index('subscribers_key_idx').on(t.emailKey),
    index('subscribers_created_idx').on(t.createdAt),
    index('subscribers_ended_idx').on(t.endedAt),
  ],
);

export const SUBSCRIBER_MAIL_KINDS = ['confirm', 'welcome'] as const;
/** A sign-up's mails (its confirmation link; the welcome with its code), each sent once through the owed-mail queue. */
export const subscriberMails = sqliteTable(
  'subscriber_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    kind: text('kind', { enum: SUBSCRIBER_MAIL_KINDS }).notNull(),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('subscriber_mails_kind_idx').on(t.subscriberId, t.kind),
    index('subscriber_mails_owed_idx').on(t.notifiedAt, t.id),
    index('subscriber_mails_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
  ],
);

/** Each post's mailing to subscribers: queued once (or skipped: published before the list, or long ago when first seen). */
export const newsletterPosts = sqliteTable('newsletter_posts', {
  postId: integer('post_id').primaryKey(),
  state: text('state', { enum: ['queued', 'skipped'] }).notNull(),
  /** Confirmed subscribers when it was queued (and added by each send-again). */
  recipients: integer('recipients').notNull().default(0),
  queuedAt: text('queued_at').notNull().default(now),
});

/**
 * One post to one subscriber: written for every confirmed subscriber when the post is queued, then sent
 * through the owed-mail queue (leases, back-off, the provider asked before a resend), so a run that
 * stops resumes without sending anyone a post twice. Gone when its subscriber leaves before it went.
 */
export const newsletterSends = sqliteTable(
  'newsletter_sends',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: integer('post_id').notNull(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => subscribers.id),
    ...mailColumns(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    uniqueIndex('newsletter_sends_post_idx').on(t.postId, t.subscriberId),
    // A mailing's progress (gone, still owed), counted on the index.
    index('newsletter_sends_progress_idx').on(t.postId, t.notifiedAt),
    index('newsletter_sends_owed_idx').on(t.notifiedAt, t.id),
    // Rows still owing a wanted confirmation (few): claimOwedMail's and the scheduled probe's second term, without a scan.
    index('newsletter_sends_confirmation_owed_idx')
      .on(t.emailAttempts)
      .where(sql`confirmation_wanted = 1 and confirmed_at is null`),
    index('newsletter_sends_subscriber_idx').on(t.subscriberId),
  ],
);

export const schema = {
  products,
  stock,
  stockMoves,
  stockReservations,
  rateHits,
  stockAlerts,
  stockAlertMails,
  categories,
  blogPosts,
  blogProductRelations,
  formSubmissions,
  contentVersion,
  orders,
  orderLines,
  orderEvents,
  orderMails,
  webVitals,
};

export type FormSubmission = typeof formSubmissions.$inferSelect;

/**
 * A sign-in link for the back office (/admin): one per request, for an address ADMIN_EMAILS lists.
 * Only the token's SHA-256 is kept; it works once (`used_at`) until `expires_at`.
 */
export const adminLinks = sqliteTable(
  'admin_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('admin_links_expires_idx').on(t.expiresAt), index('admin_links_email_idx').on(t.email, t.createdAt)],
);

/**
 * A shopper's way to their orders without an account: a one-time link mailed to their address
 * (`link`, 15 minutes), and the hour of access it opens once used (`session`, its token in a cookie).
 * Only each token's SHA-256 is kept; the address in lower case, as orders are found by it.
 */
export const orderAccess = sqliteTable(
  'order_access',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    kind: text('kind', { enum: ['link', 'session'] }).notNull(),
    email: text('email').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
    emailFold: emailFold(),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [
    index('order_access_email_idx').on(t.email, t.createdAt),
    index('order_access_expires_idx').on(t.expiresAt),
    index('order_access_fold_idx').on(t.emailFold),
  ],
);

/**
 * A signed-in back-office session, kept here (so it holds across Worker isolates and can be ended):
 * the cookie carries a token, the row its SHA-256. It ends at sign-out or after 12 hours unused.
 */
export const adminSessions = sqliteTable(
  'admin_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    lastSeenAt: text('last_seen_at').notNull(),
    endedAt: text('ended_at'),
    createdAt: text('created_at').notNull().default(now),
  },
  (t) => [index('admin_sessions_seen_idx').on(t.lastSeenAt)],
);

/**
 * Each back-office form carries a one-time token (rendered with the form); a post claims it here, and a
 * second post of the same form (a double tap, a resent request) finds it claimed and changes nothing.
 */
export const adminFormUses = sqliteTable(
  'admin_form_uses',
  {
    token: text('token').primaryKey(),
    usedAt: text('used_at').notNull(),
  },
  (t) => [index('admin_form_uses_used_idx').on(t.usedAt)],
);

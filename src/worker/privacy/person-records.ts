import { asc, eq, inArray, sql } from 'drizzle-orm';
import { subscriberKey } from '#worker/newsletter/subscriptions.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
import { sameMailbox } from '#shared/privacy/subject-address.ts';
import { foldedAddress } from '#worker/db/address-fold.ts';
import type { Db } from '#worker/db/client.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { invoices } from '#worker/invoices/invoice-tables.ts';
import { orderAccess } from '#worker/order-access/access-tables.ts';
import { orderEvents, orderLines, orders } from '#worker/orders/order-tables.ts';
import { orderNotes } from '#worker/fulfilment/fulfilment-tables.ts';
import { newsletterSends, subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { products } from '#worker/products/product-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import { reviews } from '#worker/reviews/review-tables.ts';
import { stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { optedOut } from '#worker/limits/mail-opt-outs.ts';
import { alertEmailKey } from '#worker/stock-alerts/alert-requests.ts';

/** Rows read per kind: far above one person's, and a bound on what one look-up costs. */
export const ROWS_PER_KIND = 2000;

/**
 * Whose rows: the address's mailbox (`mailbox`: any case, and a +tag or Gmail's dots where its mail
 * service folds them; what the owner answers a request with), with any other spelling the owner
 * confirmed is the same person (`also`); or only the address as given, in any case (`exact`: what a
 * shopper proved by opening the link mailed to it). Rows are found as the shop folds addresses
 * everywhere (wider: every +tag); a spelling that folds alike but is not the mailbox is listed, never
 * taken silently (issue 81).
 */
export type Match = 'mailbox' | 'exact';

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Everything the shop's database holds on one address, read along indexes (`email_fold`, the alerts'
 * key, the referral code's folded address), at most ROWS_PER_KIND rows of each kind.
 */
export async function personRecords(
  db: Db,
  secret: string | undefined,
  address: string,
  match: Match = 'mailbox',
  also: readonly string[] = [],
) {
  const fold = foldedAddress(address);
  const alertKey = await alertEmailKey(secret, address);
  const [orderRows, contact, alerts, reminders, referral, access, optOut, subscriptions] = await Promise.all([
    db.select().from(orders).where(eq(orders.emailFold, fold)).orderBy(asc(orders.createdAt)).limit(ROWS_PER_KIND),
    db
      .select({
        id: formSubmissions.id,
        name: formSubmissions.name,
        email: formSubmissions.email,
        phone: formSubmissions.phone,
        subject: formSubmissions.subject,
        message: formSubmissions.message,
        createdAt: formSubmissions.createdAt,
      })
      .from(formSubmissions)
      .where(eq(formSubmissions.emailFold, fold))
      .orderBy(asc(formSubmissions.createdAt))
      .limit(ROWS_PER_KIND),
    db
      .select({
        id: stockAlerts.id,
        productId: stockAlerts.productId,
        product: products.name,
        email: stockAlerts.email,
        market: stockAlerts.market,
        createdAt: stockAlerts.createdAt,
        confirmedAt: stockAlerts.confirmedAt,
        endedAt: stockAlerts.endedAt,
        endReason: stockAlerts.endReason,
      })
      .from(stockAlerts)
      .leftJoin(products, eq(products.id, stockAlerts.productId))
      .where(eq(stockAlerts.emailKey, alertKey))
      .limit(ROWS_PER_KIND),
    db
      .select({
        id: checkoutRecoveries.id,
        sessionId: checkoutRecoveries.sessionId,
        email: checkoutRecoveries.email,
        market: checkoutRecoveries.market,
        cart: checkoutRecoveries.cart,
        mailedAt: checkoutRecoveries.confirmedAt,
        createdAt: checkoutRecoveries.createdAt,
      })
      .from(checkoutRecoveries)
      .where(eq(checkoutRecoveries.emailFold, fold))
      .limit(ROWS_PER_KIND),
    db
      .select()
      .from(referralCodes)
      .where(eq(referralCodes.email, normaliseRecipient(address))),
    db
      .select({
        id: orderAccess.id,
        email: orderAccess.email,
        kind: orderAccess.kind,
        createdAt: orderAccess.createdAt,
        expiresAt: orderAccess.expiresAt,
      })
      .from(orderAccess)
      .where(eq(orderAccess.emailFold, fold))
      .limit(ROWS_PER_KIND),
    optedOut(db, secret, address),
    db
      .select({
        id: subscribers.id,
        email: subscribers.email,
        createdAt: subscribers.createdAt,
        confirmedAt: subscribers.confirmedAt,
        endedAt: subscribers.endedAt,
        endReason: subscribers.endReason,
        consent: subscribers.consent,
        welcomeCode: subscribers.welcomeCode,
        postsSent: sql<number>`(select count(*) from ${newsletterSends} s where s.subscriber_id = ${subscribers.id} and s.notified_at is not null)`,
      })
      .from(subscribers)
      .where(eq(subscribers.emailKey, await subscriberKey(secret, address)))
      .limit(ROWS_PER_KIND),
  ]);
  const confirmed = new Set(also.map((a) => a.trim().toLowerCase()));
  /** Whether a spelling found is the person's: the address in any case, its mailbox, or one the owner confirmed. */
  const theirs = (email: string) =>
    match === 'exact' ? sameAddress(email, address) : sameMailbox(email, address) || confirmed.has(email.trim().toLowerCase());
  // A row that no longer holds its address (an ended request or subscription) is known by its key only: the mailbox's.
  const own = <T extends { email: string | null }>(rows: T[]) =>
    rows.filter((r) => (r.email === null ? match !== 'exact' : theirs(r.email)));
  const found = [orderRows, contact, reminders, access, subscriptions, alerts].flatMap((rows) =>
    rows.flatMap((r: { email: string | null }) => (r.email ? [r.email.trim().toLowerCase()] : [])),
  );
  const spellings = [...new Set(found)].toSorted();
  const mine = own(orderRows);
  const ids = mine.map((o) => o.id);
  const [lines, events, notes, returns, invoiceRows, reviewRows] =
    ids.length === 0
      ? [[], [], [], [], [], []]
      : await Promise.all([
          db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position)),
          db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(asc(orderEvents.at)),
          db.select().from(orderNotes).where(inArray(orderNotes.orderId, ids)).orderBy(asc(orderNotes.at)),
          db.select().from(returnRequests).where(inArray(returnRequests.orderId, ids)).orderBy(asc(returnRequests.createdAt)),
          db.select().from(invoices).where(inArray(invoices.orderId, ids)),
          db
            .select({ review: reviews, product: products.name })
            .from(reviews)
            .leftJoin(products, eq(products.id, reviews.productId))
            .where(inArray(reviews.orderId, ids))
            .orderBy(asc(reviews.createdAt)),
        ]);
  const ownAlerts = own(alerts);
  const ownReferral = referral.filter((r) => (r.orderEmail ? theirs(r.orderEmail) : match !== 'exact'));
  return {
    orders: mine,
    lines,
    events,
    notes,
    returns,
    invoices: invoiceRows,
    reviews: reviewRows,
    contact: own(contact),
    alerts: ownAlerts,
    reminders: own(reminders),
    referral: ownReferral[0] ?? null,
    access: own(access),
    subscriptions: own(subscriptions),
    optedOut: optOut,
    /** Every spelling found under the address's fold: those taken as the person's, and those left out (the owner may confirm them). */
    spellings: { taken: spellings.filter(theirs), left: spellings.filter((e) => !theirs(e)) },
    /** A kind that reached ROWS_PER_KIND may hold more: the export says so. */
    truncated: [orderRows, contact, alerts, reminders, access, subscriptions].some((rows) => rows.length === ROWS_PER_KIND),
  };
}

export type PersonRecords = Awaited<ReturnType<typeof personRecords>>;

import { asc, eq, inArray, sql } from 'drizzle-orm';
import { subscriberKey } from '#worker/newsletter/subscriptions.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
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
 * Whose rows: every spelling of the address (`folded`: case, "+tags", Gmail's dots, as the shop folds
 * addresses everywhere; what the owner answers a request with), or only the address as given, in any
 * case (`exact`: what a shopper proved by opening the link mailed to it; a "+tag" may be another
 * mailbox on some domains).
 */
export type Match = 'folded' | 'exact';

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Everything the shop's database holds on one address, read along indexes (`email_fold`, the alerts'
 * key, the referral code's folded address), at most ROWS_PER_KIND rows of each kind.
 */
export async function personRecords(db: Db, secret: string | undefined, address: string, match: Match = 'folded') {
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
      .select({ email: orderAccess.email, kind: orderAccess.kind, createdAt: orderAccess.createdAt, expiresAt: orderAccess.expiresAt })
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
  const own = <T extends { email: string | null }>(rows: T[]) =>
    match === 'folded' ? rows : rows.filter((r) => sameAddress(r.email, address));
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
  // An ended request no longer holds its address: it is the person's only when every spelling counts.
  const ownAlerts = match === 'folded' ? alerts : alerts.filter((a) => sameAddress(a.email, address));
  const ownReferral = referral.filter((r) => match === 'folded' || sameAddress(r.orderEmail, address));
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
    // An ended subscription no longer holds its address: it is the person's only when every spelling counts.
    subscriptions: match === 'folded' ? subscriptions : subscriptions.filter((r) => sameAddress(r.email, address)),
    optedOut: optOut,
    /** A kind that reached ROWS_PER_KIND may hold more: the export says so. */
    truncated: [orderRows, contact, alerts, reminders, access, subscriptions].some((rows) => rows.length === ROWS_PER_KIND),
  };
}

export type PersonRecords = Awaited<ReturnType<typeof personRecords>>;

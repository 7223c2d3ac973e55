import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { productTag, REVIEWS_TAG } from '#shared/caching/cache-tags.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import {
  contactKeptSince,
  MAIL_COPIES_KEEP_DAYS,
  ordersRedactableBefore,
  REMINDER_KEEP_DAYS,
  SUBSCRIPTION_RECORD_KEEP_YEARS,
  yearsBefore,
} from '#shared/privacy/personal-data.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import type { Mailer } from '#worker/mail/mailer.ts';
import { countOrderAccessDue, tidyOrderAccess } from '#worker/order-access/access-tokens.ts';
import { countUnconfirmedDue, expireUnconfirmed } from '#worker/newsletter/subscriptions.ts';
import { countAlertsDue, tidyAlerts } from '#worker/stock-alerts/alert-requests.ts';
import { countVitalsBefore, pruneVitals } from '#worker/vitals/vitals-queries.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { newsletterSends, subscriberMails, subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { orderNotes } from '#worker/fulfilment/fulfilment-tables.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import { reviews } from '#worker/reviews/review-tables.ts';

/** Rows of each kind one run acts on: a run's cost is bounded, and the next run takes the rest. */
export const RETENTION_BATCH = 200;

const DAY_MS = 86_400_000;
/** What a review shows once its order no longer names its buyer. */
export const REDACTED_REVIEWER = 'Verified buyer';

export interface RetentionCounts {
  /** Contact messages whose address has said nothing for CONTACT_KEEP_YEARS. */
  contactMessages: number;
  /** Orders past their legal period whose buyer's name, e-mail and address were removed. */
  ordersRedacted: number;
  /** Checkout reminders older than REMINDER_KEEP_DAYS. */
  checkoutReminders: number;
  /** Digest subscriptions ended SUBSCRIPTION_RECORD_KEEP_YEARS ago (their consent record, what they were sent). */
  subscriptionRecords: number;
  /** Back-in-stock requests ended (lapsed unconfirmed, waited too long), their address forgotten, or deleted 90 days after. */
  backInStockRequests: number;
  /** "Your orders" links and accesses over for a day. */
  ordersLinks: number;
  /** Digest sign-ups whose confirmation link lapsed (48 hours): ended, their address forgotten. */
  unconfirmedSignUps: number;
  /** Field data (web vitals) older than VITALS_KEEP_DAYS. */
  fieldData: number;
  /** E-mails the outbox keeps (Node without Postmark) older than MAIL_COPIES_KEEP_DAYS. */
  mailCopies: number;
}

/** Every kind the retention run carries out; the hourly job runs them one piece at a time. */
export const RETENTION_KINDS = [
  'contactMessages',
  'ordersRedacted',
  'checkoutReminders',
  'subscriptionRecords',
  'backInStockRequests',
  'ordersLinks',
  'unconfirmedSignUps',
  'fieldData',
  'mailCopies',
] as const satisfies ReadonlyArray<keyof RetentionCounts>;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export interface RetentionDeps {
  db: Db;
  changes: ChangeFeed;
  settings: Pick<Settings, 'VITALS_KEEP_DAYS'>;
  /** Its kept copies (Node's outbox) are pruned too. */
  mailer?: Pick<Mailer, 'kept'>;
}

/** What is past its period at `now`, as queries of ids (the oldest first, at most `limit`). */
function due(db: Db, now: Date, limit: number) {
  const since = contactKeptSince(now);
  return {
    contact: db.all<{ id: number }>(sql`
      select f.id as id from ${formSubmissions} f
      where f.created_at < ${since}
        and not exists (select 1 from ${formSubmissions} n where n.email_fold = f.email_fold and n.created_at >= ${since})
      order by f.created_at limit ${limit}`),
    orders: db
      .select({ id: orders.id, emailFold: orders.emailFold })
      .from(orders)
      .where(and(isNull(orders.redactedAt), lt(orders.createdAt, ordersRedactableBefore(now))))
      .orderBy(orders.createdAt)
      .limit(limit),
    subscriptions: db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(lt(subscribers.endedAt, yearsBefore(now, SUBSCRIPTION_RECORD_KEEP_YEARS)))
      .orderBy(subscribers.endedAt)
      .limit(limit),
    reminders: db
      .select({ id: checkoutRecoveries.id })
      .from(checkoutRecoveries)
      .where(lt(checkoutRecoveries.createdAt, new Date(now.getTime() - REMINDER_KEEP_DAYS * DAY_MS).toISOString()))
      .orderBy(checkoutRecoveries.createdAt)
      .limit(limit),
  };
}

/**
 * Carries out the privacy policy's periods (shared/privacy/personal-data.ts), one bounded batch of each
 * kind: contact messages go two years after the address's last message; orders past six years from
 * the end of their financial year keep their amounts, lines and country but lose the buyer's name,
 * e-mail, addresses, campaign, the shop's notes and the return notes, and their reviews show
 * "Verified buyer"; a referral code goes with the last order that named its buyer; checkout reminders
 * go after REMINDER_KEEP_DAYS; an ended Digest subscription's record after SUBSCRIPTION_RECORD_KEEP_YEARS. Each kind's batch is one transaction; `dryRun` counts and changes nothing.
 */
export async function runRetention(
  deps: RetentionDeps,
  options: { now?: Date; dryRun?: boolean; limit?: number; kinds?: readonly RetentionKind[] } = {},
): Promise<RetentionCounts> {
  const { db } = deps;
  const { now = new Date(), dryRun = false, limit = RETENTION_BATCH, kinds = RETENTION_KINDS } = options;
  const doing = (kind: RetentionKind) => kinds.includes(kind);
  const none = Promise.resolve([] as Array<{ id: number; emailFold?: string | null }>);
  const found = due(db, now, limit);
  const [contact, old, reminders, ended] = await Promise.all([
    doing('contactMessages') ? found.contact : none,
    doing('ordersRedacted') ? found.orders : none,
    doing('checkoutReminders') ? found.reminders : none,
    doing('subscriptionRecords') ? found.subscriptions : none,
  ]);
  const others = await otherPeriods(deps, now, dryRun, doing);
  const counts = {
    contactMessages: contact.length,
    ordersRedacted: old.length,
    checkoutReminders: reminders.length,
    subscriptionRecords: ended.length,
    ...others,
  };
  if (dryRun) return counts;
  if (contact.length > 0) {
    await db.delete(formSubmissions).where(
      inArray(
        formSubmissions.id,
        contact.map((r) => r.id),
      ),
    );
  }
  if (old.length > 0) {
    // Their shown reviews change name: those products' pages are purged.
    const shown = await db
      .selectDistinct({ productId: reviews.productId })
      .from(reviews)
      .where(
        and(
          inArray(
            reviews.orderId,
            old.map((o) => o.id),
          ),
          eq(reviews.state, 'approved'),
        ),
      );
    await redactOrders(db, old as Array<{ id: number; emailFold: string | null }>, now);
    if (shown.length > 0) await deps.changes.publish([...shown.map((r) => productTag(r.productId)), REVIEWS_TAG]);
  }
  if (reminders.length > 0) {
    await db.delete(checkoutRecoveries).where(
      inArray(
        checkoutRecoveries.id,
        reminders.map((r) => r.id),
      ),
    );
  }
  if (ended.length > 0) {
    const ids = ended.map((r) => r.id);
    await db.batch([
      db.delete(newsletterSends).where(inArray(newsletterSends.subscriberId, ids)),
      db.delete(subscriberMails).where(inArray(subscriberMails.subscriberId, ids)),
      db.delete(subscribers).where(inArray(subscribers.id, ids)),
    ]);
  }
  return counts;
}

/**
 * The periods other features keep and tidy themselves (each rule written once, beside its table): run,
 * or with `dryRun` counted, here too, so the retention run carries out every period the policy names.
 */
async function otherPeriods(deps: RetentionDeps, now: Date, dryRun: boolean, doing: (kind: RetentionKind) => boolean) {
  const { db } = deps;
  const vitalsBefore = new Date(now.getTime() - deps.settings.VITALS_KEEP_DAYS * DAY_MS).toISOString();
  const mailBefore = new Date(now.getTime() - MAIL_COPIES_KEEP_DAYS * DAY_MS);
  const alerts = async () => {
    const n = dryRun ? await countAlertsDue(db, now) : await tidyAlerts(db, now);
    return n.ended + n.forgotten + n.deleted;
  };
  const [backInStockRequests, ordersLinks, unconfirmedSignUps, fieldData, mailCopies] = await Promise.all([
    doing('backInStockRequests') ? alerts() : 0,
    doing('ordersLinks') ? (dryRun ? countOrderAccessDue(db, now.getTime()) : tidyOrderAccess(db, now.getTime())) : 0,
    doing('unconfirmedSignUps') ? (dryRun ? countUnconfirmedDue(db, now) : expireUnconfirmed(db, now)) : 0,
    doing('fieldData') ? (dryRun ? countVitalsBefore(db, vitalsBefore) : pruneVitals(db, vitalsBefore)) : 0,
    doing('mailCopies') ? (deps.mailer?.kept?.prune(mailBefore, dryRun) ?? 0) : 0,
  ]);
  return { backInStockRequests, ordersLinks, unconfirmedSignUps, fieldData, mailCopies };
}

/** An address kept as its country only: where a past sale was taxed stays provable. */
const countryOnly = (column: typeof orders.shippingAddress | typeof orders.billingAddress) =>
  sql`case when ${column} is null then null else json_object('country', json_extract(${column}, '$.country')) end`;

/** Removes the buyer from orders past their period, in one transaction; their referral code goes when no order names them any more. */
async function redactOrders(db: Db, old: Array<{ id: number; emailFold: string | null }>, now: Date): Promise<void> {
  const ids = old.map((o) => o.id);
  const folds = [...new Set(old.flatMap((o) => (o.emailFold ? [o.emailFold] : [])))];
  await db.batch([
    db
      .update(orders)
      .set({
        name: null,
        email: null,
        shippingAddress: countryOnly(orders.shippingAddress),
        billingAddress: countryOnly(orders.billingAddress),
        campaign: null,
        redactedAt: now.toISOString(),
      })
      .where(inArray(orders.id, ids)),
    db.delete(orderNotes).where(inArray(orderNotes.orderId, ids)),
    db.update(returnRequests).set({ note: null }).where(inArray(returnRequests.orderId, ids)),
    db.update(reviews).set({ name: REDACTED_REVIEWER }).where(inArray(reviews.orderId, ids)),
    // After the update above: an address whose every order is redacted now has no order naming it.
    db
      .delete(referralCodes)
      .where(
        and(
          inArray(referralCodes.email, folds.length > 0 ? folds : ['']),
          sql`not exists (select 1 from ${orders} o where o.email_fold = ${referralCodes.email})`,
        ),
      ),
  ]);
}

import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { productTag, REVIEWS_TAG } from '#shared/caching/cache-tags.ts';
import { sameMailbox } from '#shared/privacy/subject-address.ts';
import { orderKeptUntil, personalData } from '#shared/privacy/personal-data.ts';
import type { ErasureReport } from '#shared/privacy/erasure-report.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { nowIso } from '#worker/base/clock.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { agentCheckouts, agentRequests } from '#worker/agents/agent-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { erasedAddresses, mailOptOuts } from '#worker/limits/limit-tables.ts';
import { orderNotes } from '#worker/fulfilment/fulfilment-tables.ts';
import { returnRequests } from '#worker/after-sale/after-sale-tables.ts';
import type { Mailer } from '#worker/mail/mailer.ts';
import type { ContactSpool } from '#worker/base/contact-spool-contract.ts';
import { orderAccess } from '#worker/order-access/access-tables.ts';
import { orderMails, orders } from '#worker/orders/order-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { reviews, reviewStats, reviewVotes } from '#worker/reviews/review-tables.ts';
import { stockAlertMails, stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { recipientKey } from '#worker/limits/sender-key.ts';
import { requestPostmarkRemoval } from './postmark-data-removal.ts';
import type { CheckoutGateway } from '#worker/payments/checkout-gateway.ts';
import { endByAddress } from '#worker/newsletter/subscriptions.ts';
import { personRecords, type PersonRecords } from './person-records.ts';

export interface ErasureDeps {
  db: Db;
  settings: Settings;
  gateway: CheckoutGateway | null;
  changes: ChangeFeed;
  log: Logger;
  /** Its kept copies (the outbox on Node) are erased too. */
  mailer?: Pick<Mailer, 'kept'>;
  /** Messages it still keeps for the database (Node's files) are erased too. */
  contactSpool?: ContactSpool;
}

/** A list for `in (…)`: never empty (SQL has no empty list; no row has id 0). */
const ids = (list: number[]) => (list.length > 0 ? list : [0]);

/** The marketing mails an order may still owe: an erased buyer is sent none of them. */
const MARKETING_MAILS = ['review_invite', 'referral_reward'] as const;

/**
 * Read-only: what erasing `address` (and the spellings in `also` the owner confirmed are the same
 * person's) would delete and keep, in the words the owner confirms.
 */
export async function erasePlan(
  deps: Pick<ErasureDeps, 'db' | 'settings'>,
  address: string,
  also: readonly string[] = [],
): Promise<ErasureReport> {
  return planOf(await personRecords(deps.db, deps.settings.RATE_LIMIT_SECRET, address, 'mailbox', also), address, storageOf(deps.db));
}

/** A libSQL file is compacted after an erasure; a hosted database (Turso) is its provider's to compact. */
const storageOf = (db: Db): ErasureReport['storage'] => (db.$client.protocol === 'file' ? 'file' : 'hosted');

/** The same, from records already read (the back office shows them beside it). */
export function planOf(records: PersonRecords, address: string, storage: ErasureReport['storage']): ErasureReport {
  return {
    address: address.trim(),
    deleted: {
      contactMessages: records.contact.length,
      backInStockRequests: records.alerts.length,
      checkoutReminders: records.reminders.length,
      reviews: records.reviews.length,
      ordersLinks: records.access.length,
      subscriptions: records.subscriptions.filter((s) => !s.endedAt).length,
    },
    referralCode: records.referral?.code ?? null,
    freeText: {
      notes: records.notes.length,
      returnNotes: records.returns.filter((r) => r.note !== null).length,
      campaigns: records.orders.filter((o) => o.campaign !== null).length,
    },
    copies: null,
    storage,
    spellings: records.spellings,
    kept: records.orders
      .filter((o) => !o.redactedAt)
      .map((o) => ({ what: `Order ${o.number}`, until: orderKeptUntil(o.createdAt).slice(0, 10), why: personalData('orders').onErasure })),
    processors: [],
  };
}

/**
 * Erases one person (the address's mailbox and the spellings in `also`, as the export finds them; a
 * spelling that may be another mailbox is left and listed), UK GDPR Art. 17: deletes
 * their contact messages, back-in-stock requests (an unsubscribe stays, as its key only), checkout
 * reminders, "Your orders" links, Digest subscription (ended, its address gone), referral code (switched off at Stripe) and reviews (each product's
 * counts follow, its pages are purged); their orders stay for the law (17(3)(b)), marked restricted:
 * no review invitation or referral mail is owed any more, and the address is opted out of marketing by
 * its key, so that survives the erasure. All database changes in one transaction; run twice, the second
 * finds nothing more to do. Postmark is asked to remove its copies when POSTMARK_ACCOUNT_TOKEN is set;
 * otherwise, and for Stripe's payment records, the owner's step is said.
 */
export async function erasePerson(deps: ErasureDeps, address: string, also: readonly string[] = []): Promise<ErasureReport> {
  const { db, settings } = deps;
  const records = await personRecords(db, settings.RATE_LIMIT_SECRET, address, 'mailbox', also);
  const plan = planOf(records, address, storageOf(db));
  const emailKey = await recipientKey(settings.RATE_LIMIT_SECRET, address);
  // Rows are deleted by the ids read, so a spelling left out (another mailbox under the same fold) is never touched.
  const orderIds = records.orders.map((o) => o.id);
  const reviewIds = records.reviews.map((r) => r.review.id);
  const alertIds = ids(records.alerts.map((a) => a.id));
  const shownOn = [...new Set(records.reviews.filter((r) => r.review.state === 'approved').map((r) => r.review.productId))];
  await db.batch([
    db.delete(formSubmissions).where(inArray(formSubmissions.id, ids(records.contact.map((m) => m.id)))),
    db.delete(stockAlertMails).where(inArray(stockAlertMails.alertId, alertIds)),
    db
      .delete(stockAlerts)
      .where(and(inArray(stockAlerts.id, alertIds), or(isNull(stockAlerts.endReason), ne(stockAlerts.endReason, 'unsubscribed')))),
    db.update(stockAlerts).set({ email: null, token: null }).where(inArray(stockAlerts.id, alertIds)),
    db.delete(checkoutRecoveries).where(inArray(checkoutRecoveries.id, ids(records.reminders.map((r) => r.id)))),
    // A checkout an agent is still building for them: its copy of their name, address and e-mail.
    db
      .update(agentCheckouts)
      .set({ buyer: null, destination: null })
      .where(
        and(
          inArray(agentCheckouts.status, ['open', 'escalated']),
          inArray(
            sql`lower(json_extract(${agentCheckouts.buyer}, '$.email'))`,
            [address, ...also].map((a) => a.trim().toLowerCase()),
          ),
        ),
      ),
    // The answers kept for agents' retries (two days) that name them.
    ...[address, ...also].map((a) =>
      db.delete(agentRequests).where(sql`instr(lower(${agentRequests.body}), ${JSON.stringify(a.trim().toLowerCase())}) > 0`),
    ),
    db.delete(orderAccess).where(inArray(orderAccess.id, ids(records.access.map((a) => a.id)))),
    db.delete(referralCodes).where(eq(referralCodes.code, records.referral?.code ?? '')),
    // Each product's shown reviews are counted in review_stats: the erased ones leave the counts first,
    // as they stand in this transaction (a moderation since the read is counted right). Found by id
    // (the unary + keeps SQLite off the product's index, which holds all of its reviews).
    db.run(sql`update ${reviewStats} set
        count = count - (select count(*) from ${reviews} r where r.id in ${ids(reviewIds)} and +r.product_id = ${reviewStats.productId} and +r.state = 'approved'),
        stars = stars - (select coalesce(sum(r.stars), 0) from ${reviews} r where r.id in ${ids(reviewIds)} and +r.product_id = ${reviewStats.productId} and +r.state = 'approved')
      where ${reviewStats.productId} in ${ids(shownOn)}`),
    db.delete(reviewVotes).where(inArray(reviewVotes.reviewId, ids(reviewIds))),
    db.delete(reviews).where(inArray(reviews.id, ids(reviewIds))),
    db
      .delete(orderMails)
      .where(and(inArray(orderMails.orderId, ids(orderIds)), inArray(orderMails.kind, MARKETING_MAILS), isNull(orderMails.notifiedAt))),
    db
      .update(orders)
      .set({ restrictedAt: nowIso() })
      .where(and(inArray(orders.id, ids(orderIds)), isNull(orders.restrictedAt))),
    // Free text the accounts need none of: the shop's notes, return notes, the campaign (issue 81).
    db.delete(orderNotes).where(inArray(orderNotes.orderId, ids(orderIds))),
    db
      .update(returnRequests)
      .set({ note: null })
      .where(inArray(returnRequests.orderId, ids(orderIds))),
    db
      .update(orders)
      .set({ campaign: null })
      .where(inArray(orders.id, ids(orderIds))),
    db.insert(mailOptOuts).values({ emailKey }).onConflictDoNothing(),
    // Marked erased, with when: a message of theirs still on its way (the Worker's queue) is never saved.
    db
      .insert(erasedAddresses)
      .values({ emailKey, at: nowIso() })
      .onConflictDoUpdate({ target: erasedAddresses.emailKey, set: { at: nowIso() } }),
  ]);
  // The Digest's subscription ends (its own batch: its unsent posts go with it), when it is theirs.
  if (records.subscriptions.some((s) => !s.endedAt)) await endByAddress(db, settings.RATE_LIMIT_SECRET, address, 'erased');
  const copies = await eraseCopies(deps, [address, ...records.spellings.taken]);
  // The deleted rows stay readable as bytes in the file's free pages until it is rewritten.
  if (plan.storage === 'file') await db.run(sql`VACUUM`);
  if (shownOn.length > 0) await deps.changes.publish([...shownOn.map(productTag), REVIEWS_TAG]);
  const processors = [await endReferralCode(deps, plan.referralCode), await askPostmark(deps, address), stripeStep(records)].flatMap(
    (line) => (line ? [line] : []),
  );
  deps.log('info', 'person erased', { ...plan.deleted, ...copies, ordersKept: plan.kept.length });
  return { ...plan, copies, processors };
}

/** The person's copies beyond the database on this machine (messages its spool keeps, mails its outbox keeps), under the spellings taken. */
async function eraseCopies(deps: ErasureDeps, spellings: readonly string[]): Promise<NonNullable<ErasureReport['copies']>> {
  const spelt = spellings.map((s) => s.trim().toLowerCase());
  const theirs = (email: string | null | undefined) => Boolean(email) && spelt.some((s) => sameMailbox(email!, s));
  const named = (text: string) => spelt.some((s) => text.toLowerCase().includes(s));
  const keptMessages = (await deps.contactSpool?.erase?.((email, text) => (email === null ? named(text) : theirs(email)))) ?? 0;
  const mailCopies = (await deps.mailer?.kept?.erase((m) => theirs(m.to) || theirs(m.replyTo) || named(m.text))) ?? 0;
  return { keptMessages, mailCopies };
}

/** The referral code goes at Stripe too, used or not (nobody earns a reward through it any more). */
async function endReferralCode(deps: ErasureDeps, code: string | null): Promise<string | null> {
  if (!code) return null;
  if (!deps.gateway)
    return `Stripe: switch off the promotion code ${code} (Dashboard → Products → Coupons → refer-a-friend → ${code} → Archive).`;
  try {
    const ended = await deps.gateway.endCode(code);
    return ended === 'ended' ? `Stripe: the promotion code ${code} is switched off.` : `Stripe: the promotion code ${code} was not active.`;
  } catch (err) {
    deps.log('warn', 'referral code not switched off', errorFields(err));
    return `Stripe did not answer: switch off the promotion code ${code} by hand (Dashboard → Products → Coupons → refer-a-friend → ${code} → Archive).`;
  }
}

/** Postmark keeps the messages sent to the address: its Data Removal API, or the step to take. */
async function askPostmark(deps: ErasureDeps, address: string): Promise<string> {
  const { settings } = deps;
  const byHand = `POST ${new URL('/data-removals', settings.POSTMARK_API_URL)} with the Account API token (X-Postmark-Account-Token) and {"RequestedBy": "${settings.CONTACT_TO_EMAIL}", "RequestedFor": "${address.trim()}", "NotifyWhenCompleted": true}, or set POSTMARK_ACCOUNT_TOKEN and erase again`;
  if (!settings.POSTMARK_ACCOUNT_TOKEN)
    return `Postmark keeps the messages sent to this address for up to 45 days. To remove them now: ${byHand}.`;
  try {
    const removal = await requestPostmarkRemoval(settings.POSTMARK_ACCOUNT_TOKEN, settings.POSTMARK_API_URL, {
      address: address.trim(),
      requestedBy: settings.CONTACT_TO_EMAIL,
    });
    return `Postmark: data removal ${removal.id} asked (${removal.status}); Postmark mails ${settings.CONTACT_TO_EMAIL} when it is done.`;
  } catch (err) {
    deps.log('warn', 'postmark data removal refused', errorFields(err));
    return `Postmark refused the data removal (${err instanceof Error ? err.message : String(err)}). ${byHand}.`;
  }
}

/** Stripe keeps the payments for the same legal reason; an unpaid checkout it may redact now. */
function stripeStep(records: PersonRecords): string | null {
  const sessions = records.reminders.map((r) => r.sessionId);
  if (sessions.length === 0) return null;
  return `Stripe keeps unpaid checkouts ${sessions.join(', ')} with this address: redact them with a Redaction Job (docs.stripe.com/privacy/redaction: POST /v1/privacy/redaction_jobs with objects[checkout_sessions][]=each id, then its /validate and /run). Its payments stay with the orders, for the same legal reason.`;
}

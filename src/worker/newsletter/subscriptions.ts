import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Market } from '#shared/market/market.ts';
import {
  CONSENT_TEXT,
  SUBSCRIBE_CONFIRM_HOURS,
  SUBSCRIBE_RECIPIENT_WINDOW,
  subscribeLinkLive,
} from '#shared/newsletter/newsletter-rules.ts';
import { normaliseRecipient } from '#shared/contact/recipient.ts';
import { hmacHex, randomToken } from '#worker/base/hashing.ts';
import type { Db } from '#worker/db/client.ts';
import { newsletterSends, newsletterWelcomes, SUBSCRIBER_ENDS, subscriberMails, subscribers } from './newsletter-tables.ts';
import { takeHitAcross } from '#worker/limits/durable-limit.ts';
import { optedOut } from '#worker/limits/mail-opt-outs.ts';
import { contactHmacKey } from '#worker/limits/hmac-key.ts';
import { recipientKey } from '#worker/limits/sender-key.ts';

type EndReason = (typeof SUBSCRIBER_ENDS)[number];

/** One mailbox's key (folded as every limit folds addresses), keyed so the table cannot be read back into addresses. */
export const subscriberKey = async (secret: string | undefined, email: string): Promise<string> =>
  hmacHex(await contactHmacKey(secret), `newsletter:${normaliseRecipient(email)}`);

/** The subscription a link's token names (live or ended), or undefined. */
export async function subscriberByToken(db: Db, token: string) {
  if (!/^[\w-]{20,64}$/.test(token)) return undefined;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.token, token));
  return row;
}

/**
 * Someone signs up. The answer is the same whatever is on file (nobody learns whether an address is
 * subscribed): a confirmed subscription, or a pending one whose link still works, is left alone and
 * nothing is mailed; a pending one whose link lapsed is ended and asked again. An address on the
 * opt-out list (erased, or one that asked for no more such mail) is mailed nothing, and past
 * SUBSCRIBE_RECIPIENT_WINDOW's confirmations for the mailbox in any 48 hours nothing is mailed either (a
 * stranger's address cannot be made a target). The sign-up, its consent record and its confirmation mail
 * are written together; the mail row's id is returned for the caller to send now (null: nothing).
 */
export async function subscribe(
  db: Db,
  secret: string | undefined,
  request: { email: string; market: Market | null; page: string; network: string },
  now = new Date(),
): Promise<number | null> {
  const emailKey = await subscriberKey(secret, request.email);
  const at = now.toISOString();
  const [live] = await db
    .select({ id: subscribers.id, createdAt: subscribers.createdAt, confirmedAt: subscribers.confirmedAt })
    .from(subscribers)
    .where(and(eq(subscribers.emailKey, emailKey), isNull(subscribers.endedAt)));
  if (live && (live.confirmedAt || subscribeLinkLive(live.createdAt, now))) return null;
  if (await optedOut(db, secret, request.email)) return null;
  const hit = await takeHitAcross(
    db,
    SUBSCRIBE_RECIPIENT_WINDOW,
    await recipientKey(secret, request.email),
    Math.floor(now.getTime() / 1000),
  );
  if (!hit.allowed) return null;
  const token = randomToken(24);
  const consent = { text: CONSENT_TEXT, page: request.page, network: request.network };
  const [, , , mail] = await db.batch([
    endWhere(db, 'unconfirmed', and(eq(subscribers.id, live?.id ?? -1), isNull(subscribers.confirmedAt)), at),
    // A sign-up racing this one for the same mailbox wins; this one then writes nothing.
    db
      .insert(subscribers)
      .values({ emailKey, email: request.email, market: request.market, token, consent, createdAt: at })
      .onConflictDoNothing(),
    db.run(sql`insert into ${subscriberMails} (subscriber_id, kind, confirmation_wanted, created_at)
      select id, 'confirm', 0, ${at} from ${subscribers} where token = ${token}`),
    db
      .select({ id: subscriberMails.id })
      .from(subscriberMails)
      .innerJoin(subscribers, eq(subscribers.id, subscriberMails.subscriberId))
      .where(and(eq(subscribers.token, token), eq(subscriberMails.kind, 'confirm'))),
  ]);
  return mail[0]?.id ?? null;
}

export type SubscriptionConfirmOutcome = 'confirmed' | 'already' | 'lapsed' | 'unknown';

/**
 * The confirmation's button (a POST: a mail scanner that opens links confirms nothing): a pending
 * sign-up inside SUBSCRIBE_CONFIRM_HOURS becomes a subscription, once, with its welcome code drawn
 * (made at Stripe by makeWelcomeCodes, which then owes the welcome mail) only for a mailbox never
 * welcomed before: one code per mailbox, however often it leaves and comes back (newsletter_welcomes,
 * written in the same batch). `code`: whether one was drawn now.
 */
export async function confirmSubscription(
  db: Db,
  token: string,
  now = new Date(),
): Promise<{ outcome: SubscriptionConfirmOutcome; id?: number; code?: boolean }> {
  const row = await subscriberByToken(db, token);
  if (!row || row.endedAt) return { outcome: 'unknown' };
  if (row.confirmedAt) return { outcome: 'already', id: row.id };
  if (!subscribeLinkLive(row.createdAt, now)) return { outcome: 'lapsed' };
  const code = `DIGEST-${randomToken(6).replace(/[-_]/g, 'X').toUpperCase()}`;
  const at = now.toISOString();
  const welcomed = sql`exists (select 1 from ${newsletterWelcomes} w where w.email_key = ${row.emailKey})`;
  const [confirmed] = await db.batch([
    db
      .update(subscribers)
      .set({ confirmedAt: at, welcomeCode: sql`case when ${welcomed} then null else ${code} end` })
      .where(and(eq(subscribers.id, row.id), isNull(subscribers.confirmedAt), isNull(subscribers.endedAt)))
      .returning({ id: subscribers.id, code: subscribers.welcomeCode }),
    db.run(sql`insert into ${newsletterWelcomes} (email_key, at) select email_key, ${at} from ${subscribers}
      where id = ${row.id} and welcome_code = ${code} on conflict do nothing`),
  ]);
  return { outcome: confirmed.length > 0 ? 'confirmed' : 'already', id: row.id, code: confirmed[0]?.code === code };
}

/** Whether a mailbox was welcomed with a code before (its confirmation mail then offers none). */
export async function welcomedBefore(db: Db, emailKey: string): Promise<boolean> {
  const [row] = await db
    .select({ key: newsletterWelcomes.emailKey })
    .from(newsletterWelcomes)
    .where(eq(newsletterWelcomes.emailKey, emailKey));
  return row !== undefined;
}

/** Ends the live subscriptions matching `where`, forgetting their addresses; their posts not yet sent go too. */
function endWhere(db: Db, reason: EndReason, where: ReturnType<typeof and>, at: string) {
  return db
    .update(subscribers)
    .set({ endedAt: at, endReason: reason, email: null })
    .where(and(isNull(subscribers.endedAt), where));
}

/** Deletes what a subscription still owes but has not sent (posts, an unsent confirmation or welcome). */
function unsentOf(db: Db, ids: ReturnType<typeof sql>) {
  return [
    db.delete(newsletterSends).where(and(isNull(newsletterSends.notifiedAt), sql`${newsletterSends.subscriberId} in ${ids}`)),
    db.delete(subscriberMails).where(and(isNull(subscriberMails.notifiedAt), sql`${subscriberMails.subscriberId} in ${ids}`)),
  ] as const;
}

/**
 * Leaving: the link in every mail (one click, RFC 8058, or the page's button). The subscription ends
 * and forgets its address; nothing not yet sent goes. Whether one was live.
 */
export async function leaveByToken(db: Db, token: string, now = new Date()): Promise<boolean> {
  const row = await subscriberByToken(db, token);
  if (!row) return false;
  const ids = sql`(${row.id})`;
  const [ended] = await db.batch([
    endWhere(db, 'unsubscribed', eq(subscribers.id, row.id), now.toISOString()).returning({ id: subscribers.id }),
    ...unsentOf(db, ids),
  ]);
  return ended.length > 0;
}

/**
 * A hard bounce or a spam complaint (Postmark's webhook), or an erasure: every live subscription of the
 * mailbox ends. Transactional mail is not touched. How many ended.
 */
export async function endByAddress(
  db: Db,
  secret: string | undefined,
  email: string,
  reason: EndReason,
  now = new Date(),
): Promise<number> {
  const emailKey = await subscriberKey(secret, email);
  const ids = sql`(select id from ${subscribers} where email_key = ${emailKey})`;
  const [, , ended] = await db.batch([
    ...unsentOf(db, ids),
    endWhere(db, reason, eq(subscribers.emailKey, emailKey), now.toISOString()).returning({ id: subscribers.id }),
  ]);
  return ended.length;
}

/** Sign-ups whose confirmation link lapsed unconfirmed at `now`. */
const lapsedAt = (now: Date) => new Date(now.getTime() - SUBSCRIBE_CONFIRM_HOURS * 3_600_000).toISOString();

/** How many sign-ups the tidy-up would end at `now` (the retention's dry run). */
export const countUnconfirmedDue = (db: Db, now = new Date()): Promise<number> =>
  db.$count(subscribers, and(isNull(subscribers.endedAt), isNull(subscribers.confirmedAt), lt(subscribers.createdAt, lapsedAt(now))));

/** The scheduled tidy-up: sign-ups whose link lapsed unconfirmed end and forget their address. How many. */
export async function expireUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const lapsed = lapsedAt(now);
  const pending = and(isNull(subscribers.confirmedAt), lt(subscribers.createdAt, lapsed));
  const ids = sql`(select id from ${subscribers} where ended_at is null and confirmed_at is null and created_at < ${lapsed})`;
  const [, , ended] = await db.batch([
    ...unsentOf(db, ids),
    endWhere(db, 'unconfirmed', pending, now.toISOString()).returning({ id: subscribers.id }),
  ]);
  return ended.length;
}

/** The back office's figures: confirmed, waiting for their click, left in the last 30 days; the newest 20. */
export async function subscriberOverview(db: Db, now = new Date()) {
  const month = new Date(now.getTime() - 30 * 86_400_000).toISOString();
  const [counts] = await db.all<{ confirmed: number; pending: number; left: number }>(sql`select
      (select count(*) from ${subscribers} where ended_at is null and confirmed_at is not null) as confirmed,
      (select count(*) from ${subscribers} where ended_at is null and confirmed_at is null) as pending,
      (select count(*) from ${subscribers} where ended_at >= ${month}) as "left"`);
  const recent = await db
    .select({
      id: subscribers.id,
      email: subscribers.email,
      createdAt: subscribers.createdAt,
      confirmedAt: subscribers.confirmedAt,
      endedAt: subscribers.endedAt,
      endReason: subscribers.endReason,
      code: subscribers.welcomeCode,
      codeMade: subscribers.codeMade,
    })
    .from(subscribers)
    .orderBy(sql`${subscribers.createdAt} desc`)
    .limit(20);
  return { counts: counts ?? { confirmed: 0, pending: 0, left: 0 }, recent };
}

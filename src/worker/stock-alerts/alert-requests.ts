import { and, eq, isNotNull, isNull, lt, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  ALERT_LIVES_DAYS,
  ALERT_RECIPIENT_WINDOW,
  CONFIRM_VALID_HOURS,
  ENDED_ALERT_KEPT_DAYS,
  alertEmailKeyText,
  confirmationLive,
} from '#shared/stock-alerts/alert-rules.ts';
import type { Market } from '#shared/market/market.ts';
import { hmacHex, randomToken } from '#worker/base/hashing.ts';
import type { Db } from '#worker/db/client.ts';
import { stockAlertMails, stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { takeHit } from '#worker/limits/durable-limit.ts';
import { contactHmacKey } from '#worker/limits/hmac-key.ts';
import { recipientKey } from '#worker/limits/sender-key.ts';

const HOUR_MS = 3_600_000;

/**
 * The look-up key kept beside (and after) the address: an HMAC of the normalised address under
 * RATE_LIMIT_SECRET, so a copy of the table cannot be turned back into addresses by hashing guesses.
 */
export const alertEmailKey = async (secret: string | undefined, email: string): Promise<string> =>
  hmacHex(await contactHmacKey(secret), `stock-alert:${alertEmailKeyText(email)}`);

/** 192 random bits, URL-safe: what the confirm and unsubscribe links carry. */
const newToken = (): string => randomToken(24);

/** Ends the live requests matching `where` (tidyAlerts forgets their address once no mail for them is owed). */
function endWhere(db: Db, reason: (typeof stockAlerts.$inferSelect)['endReason'], where: SQL | undefined, at: string) {
  return db
    .update(stockAlerts)
    .set({ endedAt: at, endReason: reason })
    .where(and(isNull(stockAlerts.endedAt), where));
}

/**
 * A shopper asks to be told when a product is back. Whatever is already on file, the answer is the
 * same (nobody learns whether an address waits): a live confirmed request, or one whose confirmation
 * link still works, is left as it is and nothing is mailed; one whose link has lapsed is ended and
 * asked again. Nothing is mailed either to an address that unsubscribed from this product (for
 * ENDED_ALERT_KEPT_DAYS), or past ALERT_RECIPIENT_WINDOW's confirmations for the address across
 * products: a stranger's address cannot be made a target. A new request and its confirmation mail are
 * written together; the id of that mail row is returned for the caller to send now (null: nothing).
 */
export async function askForAlert(
  db: Db,
  secret: string | undefined,
  request: { productId: number; email: string; market: Market | null },
  now = new Date(),
): Promise<number | null> {
  const emailKey = await alertEmailKey(secret, request.email);
  const at = now.toISOString();
  const [live] = await db
    .select({ id: stockAlerts.id, createdAt: stockAlerts.createdAt, confirmedAt: stockAlerts.confirmedAt })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, request.productId), eq(stockAlerts.emailKey, emailKey), isNull(stockAlerts.endedAt)));
  if (live && (live.confirmedAt || confirmationLive(live.createdAt, now))) return null;
  const [unsubscribed] = await db
    .select({ id: stockAlerts.id })
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, request.productId), eq(stockAlerts.emailKey, emailKey), eq(stockAlerts.endReason, 'unsubscribed')))
    .limit(1);
  if (unsubscribed) return null;
  const recipient = await takeHit(db, ALERT_RECIPIENT_WINDOW, await recipientKey(secret, request.email), Math.floor(now.getTime() / 1000));
  if (!recipient.allowed) return null;
  const token = newToken();
  const [, , , mail] = await db.batch([
    endWhere(db, 'unconfirmed', and(eq(stockAlerts.id, live?.id ?? -1), isNull(stockAlerts.confirmedAt)), at),
    // A request racing this one for the same address and product wins; this one then writes nothing.
    db
      .insert(stockAlerts)
      .values({ productId: request.productId, emailKey, email: request.email, market: request.market, token, createdAt: at })
      .onConflictDoNothing(),
    db.run(
      sql`insert into ${stockAlertMails} (alert_id, kind, confirmation_wanted, created_at)
        select id, 'confirm', 0, ${at} from ${stockAlerts} where token = ${token}`,
    ),
    db
      .select({ id: stockAlertMails.id })
      .from(stockAlertMails)
      .innerJoin(stockAlerts, eq(stockAlerts.id, stockAlertMails.alertId))
      .where(and(eq(stockAlerts.token, token), eq(stockAlertMails.kind, 'confirm'))),
  ]);
  return mail[0]?.id ?? null;
}

/** The request a link's token names (live or ended), or undefined. */
export async function alertByToken(db: Db, token: string) {
  if (!/^[\w-]{20,64}$/.test(token)) return undefined;
  const [row] = await db.select().from(stockAlerts).where(eq(stockAlerts.token, token));
  return row;
}

export type AlertConfirmOutcome = 'confirmed' | 'already' | 'lapsed' | 'unknown';

/** The confirm link's post: a live request inside CONFIRM_VALID_HOURS is confirmed (once). */
export async function confirmAlert(db: Db, token: string, now = new Date()): Promise<{ outcome: AlertConfirmOutcome; productId?: number }> {
  const alert = await alertByToken(db, token);
  if (!alert || alert.endedAt) return { outcome: 'unknown' };
  if (alert.confirmedAt) return { outcome: 'already', productId: alert.productId };
  if (!confirmationLive(alert.createdAt, now)) return { outcome: 'lapsed', productId: alert.productId };
  await db
    .update(stockAlerts)
    .set({ confirmedAt: now.toISOString() })
    .where(and(eq(stockAlerts.id, alert.id), isNull(stockAlerts.confirmedAt), isNull(stockAlerts.endedAt)));
  return { outcome: 'confirmed', productId: alert.productId };
}

/**
 * The unsubscribe link (one click, RFC 8058, or the page's button): every live request of that
 * address ends, this product's and any other's (the link of a mail already sent still works: the
 * token outlives the address). How many ended.
 */
export async function unsubscribeAlert(db: Db, token: string, now = new Date()): Promise<{ ended: number; productId?: number }> {
  // The address's other requests end as well (every live one, as the mail says).
  const alert = await alertByToken(db, token);
  if (!alert) return { ended: 0 };
  const ended = await endWhere(db, 'unsubscribed', eq(stockAlerts.emailKey, alert.emailKey), now.toISOString()).returning({
    id: stockAlerts.id,
  });
  return { ended: ended.length, productId: alert.productId };
}

/**
 * The scheduled tidy-up: requests whose confirmation link lapsed unconfirmed, and those waiting longer
 * than ALERT_LIVES_DAYS, end; then every ended request whose mails have all gone forgets its address
 * (what stays is the hashed key, the product, the dates and the random token, so the unsubscribe link
 * of a mail already sent still answers). Each step is one indexed write.
 */
/** What the tidy-up acts on at `now`: the live requests to end, the ended ones to forget, the old ones to delete (one rule for the run and its count). */
function alertsDue(db: Db, now: Date) {
  const lapsed = new Date(now.getTime() - CONFIRM_VALID_HOURS * HOUR_MS).toISOString();
  const old = new Date(now.getTime() - ALERT_LIVES_DAYS * 24 * HOUR_MS).toISOString();
  const gone = new Date(now.getTime() - ENDED_ALERT_KEPT_DAYS * 24 * HOUR_MS).toISOString();
  return {
    unconfirmed: and(isNull(stockAlerts.confirmedAt), lt(stockAlerts.createdAt, lapsed)),
    expired: lt(stockAlerts.createdAt, old),
    forget: and(
      isNotNull(stockAlerts.endedAt),
      isNotNull(stockAlerts.email),
      notExists(
        db
          .select({ id: stockAlertMails.id })
          .from(stockAlertMails)
          .where(and(eq(stockAlertMails.alertId, stockAlerts.id), isNull(stockAlertMails.notifiedAt))),
      ),
    ),
    stale: sql`${stockAlerts.endedAt} < ${gone}`,
  };
}

/** How many requests the tidy-up would end, forget and delete at `now` (the retention's dry run), reading only. */
export async function countAlertsDue(db: Db, now = new Date()): Promise<{ ended: number; forgotten: number; deleted: number }> {
  const due = alertsDue(db, now);
  const count = (where: SQL | undefined) => db.$count(stockAlerts, where);
  const [ended, forgotten, deleted] = await Promise.all([
    count(and(isNull(stockAlerts.endedAt), or(due.unconfirmed, due.expired))),
    count(due.forget),
    count(due.stale),
  ]);
  return { ended, forgotten, deleted };
}

export async function tidyAlerts(db: Db, now = new Date()): Promise<{ ended: number; forgotten: number; deleted: number }> {
  const at = now.toISOString();
  const due = alertsDue(db, now);
  const unconfirmed = await endWhere(db, 'unconfirmed', due.unconfirmed, at).returning({ id: stockAlerts.id });
  const expired = await endWhere(db, 'expired', due.expired, at).returning({ id: stockAlerts.id });
  // A confirmation link for a request that is over (lapsed, unsubscribed) is not worth sending any more.
  await db
    .delete(stockAlertMails)
    .where(
      and(
        isNull(stockAlertMails.notifiedAt),
        eq(stockAlertMails.kind, 'confirm'),
        sql`${stockAlertMails.alertId} in (select id from ${stockAlerts} where ended_at is not null and email is not null)`,
      ),
    );
  const forgotten = await db.update(stockAlerts).set({ email: null }).where(due.forget).returning({ id: stockAlerts.id });
  // Requests over for ENDED_ALERT_KEPT_DAYS go, with their mails: nothing of them is needed any more.
  await db.delete(stockAlertMails).where(sql`${stockAlertMails.alertId} in (select id from ${stockAlerts} where ${due.stale})`);
  const deleted = await db.delete(stockAlerts).where(due.stale).returning({ id: stockAlerts.id });
  return { ended: unconfirmed.length + expired.length, forgotten: forgotten.length, deleted: deleted.length };
}

/** Confirmed requests waiting per product (the operator's `npm run stock` shows them). */
export async function waitingCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ productId: stockAlerts.productId, waiting: sql<number>`count(*)`.mapWith(Number) })
    .from(stockAlerts)
    .where(and(isNull(stockAlerts.endedAt), isNotNull(stockAlerts.confirmedAt)))
    .groupBy(stockAlerts.productId);
  return new Map(rows.map((r) => [r.productId, r.waiting]));
}

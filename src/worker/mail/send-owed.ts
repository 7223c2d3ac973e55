import { MAX_EMAIL_ATTEMPTS, retryDelayMs } from './retry-schedule.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { Db } from '#worker/db/client.ts';
import { claimOwedMail, emailLeaseMs, recordMailDelivery, type MailTable } from './owed-mail.ts';
import type { SQL } from 'drizzle-orm';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { deliveryStatus } from './delivery-status.ts';
import type { Mailer, MailMessage } from './mailer.ts';

const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? String(errorFields(result.reason).error) : null);

/** What sending owed mail needs of the app's dependencies (AppDeps has them). */
export interface MailDeps {
  db: Db;
  mailer: Mailer;
  settings: Settings;
}

/**
 * Something the shop owes mail for (a contact message, an order): its table, and the two mails a row
 * owes, the shop's and the person's. The request that saves a row, the retry job and `npm run
 * mail:retry` all send them through sendOwedMail, so leases, back-off and status are one code.
 */
export interface OwedMailKind<T extends MailTable> {
  /** Names it in logs and on /healthz. */
  name: 'contact' | 'order' | 'order step' | 'stock alert' | 'checkout reminder' | 'newsletter' | 'newsletter post';
  table: T;
  mails(deps: MailDeps, row: T['$inferSelect']): Promise<{ notification: MailMessage; confirmation: MailMessage | null }>;
}

/**
 * Sends one mail, or, when an earlier sender may have sent it without living to record it (`mayHaveGone`:
 * the retry job takes rows whose lease ran out), first asks the provider whether it went (the mail's
 * id is its metadata) and sends only if it did not. A provider that cannot say means not now: the mail
 * stays owed rather than risking a second copy.
 */
export async function sendOnce(mailer: Mailer, message: MailMessage, mayHaveGone: boolean): Promise<{ id: string; found: boolean }> {
  if (mayHaveGone) {
    let sent: { id: string } | null;
    try {
      sent = await mailer.findSent(message.mailId, message.stream);
    } catch (err) {
      throw new Error(`could not check whether ${message.mailId} went: ${String(errorFields(err).error)}`, { cause: err });
    }
    if (sent) return { ...sent, found: true };
  }
  return { ...(await mailer.send(message)), found: false };
}

/**
 * Sends what a row the caller holds (its lease) is still owed: the shop's mail unless it went, and the
 * person's confirmation unless it went or none is wanted (asking the provider first when `mayHaveGone`). Both done is success, one is partial,
 * neither is failed; the attempt is recorded on the row, with when the retry job may try again while
 * anything is owed.
 */
export async function sendOwedMail<T extends MailTable>(
  kind: OwedMailKind<T>,
  deps: MailDeps,
  log: Logger,
  row: T['$inferSelect'],
  at = new Date(),
  opts: { mayHaveGone?: boolean } = {},
) {
  const mayHaveGone = opts.mayHaveGone ?? false;
  const mails = await kind.mails(deps, row);
  const notificationOwed = row.notifiedAt === null;
  const confirmationOwed = row.confirmationWanted && row.confirmedAt === null && mails.confirmation !== null;
  const [notification, confirmation] = await Promise.allSettled([
    notificationOwed ? sendOnce(deps.mailer, mails.notification, mayHaveGone) : null,
    confirmationOwed ? sendOnce(deps.mailer, mails.confirmation!, mayHaveGone) : null,
  ]);
  const found = [notification, confirmation].flatMap((r) => (r.status === 'fulfilled' && r.value?.found ? [r.value.id] : []));
  if (found.length > 0) log('info', `${kind.name} e-mail had gone already: recorded, not sent again`, { id: row.id, messages: found });
  const notifiedNow = notificationOwed && notification.status === 'fulfilled';
  const confirmedNow = confirmationOwed && confirmation.status === 'fulfilled';
  const notified = !notificationOwed || notifiedNow;
  // No confirmation wanted counts as done: the outcome is about what the shop owes the person.
  const confirmed = !confirmationOwed || confirmedNow;
  const status = deliveryStatus(notified, confirmed);
  const error = [failure(notification), failure(confirmation)].filter(Boolean).join('; ') || null;
  const attempts = row.emailAttempts + 1;
  // Still owed: the shop's mail always; the confirmation only for the first MAX_EMAIL_ATTEMPTS attempts.
  const owedLater = !notified || (!confirmed && attempts < MAX_EMAIL_ATTEMPTS);
  if (error) log('warn', `${kind.name} e-mail not sent`, { id: row.id, status, attempts, error });
  try {
    await recordMailDelivery(deps.db, kind.table, row.id, {
      notified: notifiedNow,
      confirmed: confirmedNow,
      status,
      error,
      nextAttemptAt: owedLater ? new Date(at.getTime() + retryDelayMs(attempts)) : null,
    });
  } catch (err) {
    log('error', `${kind.name} mail delivery not recorded`, { id: row.id, ...errorFields(err) });
  }
  return { notified, status };
}

/**
 * Sends now what the rows matching `only` owe (up to `limit`; the rest wait for the retry job), right
 * after the caller's batch wrote them. Each is claimed with a lease first, as the retry job claims (one
 * in back-off after a failure is left to that job), so a racing sender never sends one twice; and the
 * provider is always asked first (a row whose lease ran out looks the same as a fresh one, and its
 * sender may have died after the provider took it). Rejects only when the claim itself fails. Answers
 * how many it claimed and how many of those went.
 */
export async function sendOwedNow<T extends MailTable>(kind: OwedMailKind<T>, deps: MailDeps, log: Logger, only: SQL, limit: number) {
  const now = new Date();
  const leaseUntil = new Date(now.getTime() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS, deps.settings.DB_TIMEOUT_MS));
  const claimed = await claimOwedMail(deps.db, kind.table, { now, leaseNow: now, leaseUntil, limit, only });
  const results = await Promise.all(claimed.map((row) => sendOwedMail(kind, deps, log, row, now, { mayHaveGone: true })));
  return { claimed: claimed.length, sent: results.filter((r) => r.notified).length };
}

import { eq, isNull } from 'drizzle-orm';
import type { Db } from '#worker/db/client.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { orderMails, orders } from '#worker/orders/order-tables.ts';
import { stockAlertMails } from '#worker/stock-alerts/alert-tables.ts';
import { MAX_EMAIL_ATTEMPTS } from '#worker/mail/retry-schedule.ts';
import { claimOwedMail, emailLeaseMs, owedMail, type MailTable } from '#worker/mail/owed-mail.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { sendOwedMail, type OwedMailKind } from '#worker/mail/send-owed.ts';
import { orderMail } from '#worker/orders/order-mail.ts';
import { orderStepMail } from '#worker/orders/order-mail.ts';
import { contactMail } from '#worker/contact/contact-mail.ts';
import { stockAlertMail } from '#worker/stock-alerts/alert-mail.ts';
import { recoveryMail } from '#worker/recovery/checkout-recovery.ts';
import { postSendMail, subscriberMail } from '#worker/newsletter/newsletter-mail.ts';

export type JobDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'settings' | 'orderMail'>;

/** Rows taken and sent together per round; rounds repeat while rows are due. */
const BATCH_SIZE = 10;
/** Later than any back-off can reach. */
const NO_BACKOFF = new Date('9999-12-31T00:00:00Z');
/** A backlog of thousands drains in one run, but one run never loops for ever (the next run goes on). */
const MAX_ROUNDS = 500;

/**
 * Scheduled job: a saved contact message or order is never left unmailed, so mail the shop's inbox has
 * not received is sent again, and confirmations that did not go (claimOwedMail says how long), while
 * any are due: claimed atomically, so runs racing each other or a visitor's request never send one
 * twice; a failed attempt backs off (retryDelayMs) and never gives up. Returns how many rows now owe
 * nothing (sent) and how many still do (failed). `now` lets a test act as if later; `ignoreBackoff`
 * (the operator's `npm run mail:retry`) sends everything owed now, whatever its back-off.
 */
export async function retryOwedMail<T extends MailTable>(
  kind: OwedMailKind<T>,
  deps: JobDeps,
  opts: { now?: () => Date; ignoreBackoff?: boolean } = {},
) {
  const clock = opts.now ?? (() => new Date());
  let sent = 0;
  let failed = 0;
  let afterId = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = clock();
    // Leases are real time even when `now` is not: a row a request is sending stays its own.
    const leaseNow = new Date();
    const leaseUntil = new Date(leaseNow.getTime() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS, deps.settings.DB_TIMEOUT_MS));
    const dueBy = opts.ignoreBackoff ? NO_BACKOFF : now;
    const claimed = await claimOwedMail(deps.db, kind.table, { now: dueBy, leaseNow, leaseUntil, limit: BATCH_SIZE, afterId });
    if (claimed.length === 0) break;
    afterId = claimed.at(-1)!.id;
    // A row whose lease ran out may have been sent by a process that died before recording it.
    const results = await Promise.all(claimed.map((row) => sendOwedMail(kind, deps, deps.log, row, now, { mayHaveGone: true })));
    const delivered = results.filter((r) => r.status === 'success').length;
    sent += delivered;
    failed += results.length - delivered;
  }
  if (sent + failed > 0) deps.log('info', `${kind.name} e-mail retries`, { sent, failed });
  await reportOwed(kind, deps, clock());
  return { sent, failed };
}

/**
 * Rows past MAX_EMAIL_ATTEMPTS stay owed and keep being retried; this alert (also on /healthz) is how
 * the operator learns that mail is not going out.
 */
async function reportOwed(kind: OwedMailKind<MailTable>, deps: JobDeps, now: Date) {
  const { owed, oldestCreatedAt, overdue } = await owedMail(deps.db, kind.table, MAX_EMAIL_ATTEMPTS);
  if (overdue === 0) return;
  const oldestAgeSeconds = oldestCreatedAt ? Math.round((now.getTime() - Date.parse(oldestCreatedAt)) / 1000) : 0;
  deps.log('error', `${kind.name} e-mail owed`, { owed, overdue, oldestAgeSeconds, maxAttempts: MAX_EMAIL_ATTEMPTS });
}

/** Every kind of owed mail, once each: what the cron trigger (edge), the timer (Node) and `npm run mail:retry` run. */
/** How much mail each kind owes now, sending nothing (`npm run mail:retry -- --dry-run`). */
export async function owedMailNow(db: JobDeps['db']) {
  return {
    contact: await owedMail(db, contactMail.table, MAX_EMAIL_ATTEMPTS),
    order: await owedMail(db, orders, MAX_EMAIL_ATTEMPTS),
    'order step': await owedMail(db, orderMails, MAX_EMAIL_ATTEMPTS),
    'stock alert': await owedMail(db, stockAlertMail.table, MAX_EMAIL_ATTEMPTS),
    'checkout reminder': await owedMail(db, recoveryMail.table, MAX_EMAIL_ATTEMPTS),
    newsletter: await owedMail(db, subscriberMail.table, MAX_EMAIL_ATTEMPTS),
    'newsletter post': await owedMail(db, postSendMail.table, MAX_EMAIL_ATTEMPTS),
  };
}

/** Every kind of owed mail, by the name logs, /healthz and the back office use. */
export const OWED_MAIL_KINDS = [
  'contact',
  'order',
  'order step',
  'stock alert',
  'checkout reminder',
  'newsletter',
  'newsletter post',
] as const;
export type OwedMailName = (typeof OWED_MAIL_KINDS)[number];

/** Sends every owed mail of every kind (or of those `only` names: the scheduled job asks only the kinds that owe any). */
export async function retryAllOwedMail(
  deps: JobDeps,
  opts: { ignoreBackoff?: boolean; only?: (kind: OwedMailName) => boolean } = {},
): Promise<Record<OwedMailName, { sent: number; failed: number }>> {
  const kinds: Record<OwedMailName, OwedMailKind<MailTable>> = {
    contact: contactMail,
    order: orderMail(deps.orderMail),
    'order step': orderStepMail(deps.orderMail),
    'stock alert': stockAlertMail,
    'checkout reminder': recoveryMail,
    newsletter: subscriberMail,
    'newsletter post': postSendMail,
  } as Record<OwedMailName, OwedMailKind<MailTable>>;
  const results = {} as Record<OwedMailName, { sent: number; failed: number }>;
  for (const name of OWED_MAIL_KINDS) {
    results[name] = opts.only && !opts.only(name) ? { sent: 0, failed: 0 } : await retryOwedMail(kinds[name], deps, opts);
  }
  return results;
}

/** What the mail page shows of any owed-mail row. */
const columns = <T extends MailTable>(t: T) => ({
  id: t.id,
  createdAt: t.createdAt,
  attempts: t.emailAttempts,
  status: t.emailStatus,
  error: t.emailLastError,
});

/** Mail the shop still owes, per kind, oldest first: what it is about, its attempts and its last error. */
export async function owedMailRows(db: Db, limit = 20) {
  const [contact, order, step, alert, reminder] = await Promise.all([
    db
      .select(columns(formSubmissions))
      .from(formSubmissions)
      .where(isNull(formSubmissions.notifiedAt))
      .orderBy(formSubmissions.id)
      .limit(limit),
    db
      .select({ ...columns(orders), about: orders.number })
      .from(orders)
      .where(isNull(orders.notifiedAt))
      .orderBy(orders.id)
      .limit(limit),
    db
      .select({ ...columns(orderMails), about: orders.number, kind: orderMails.kind })
      .from(orderMails)
      .innerJoin(orders, eq(orders.id, orderMails.orderId))
      .where(isNull(orderMails.notifiedAt))
      .orderBy(orderMails.id)
      .limit(limit),
    db
      .select({ ...columns(stockAlertMails), kind: stockAlertMails.kind })
      .from(stockAlertMails)
      .where(isNull(stockAlertMails.notifiedAt))
      .orderBy(stockAlertMails.id)
      .limit(limit),
    db
      .select(columns(checkoutRecoveries))
      .from(checkoutRecoveries)
      .where(isNull(checkoutRecoveries.notifiedAt))
      .orderBy(checkoutRecoveries.id)
      .limit(limit),
  ]);
  return [
    ...contact.map((r) => ({ ...r, kind: 'Contact message', about: `message ${r.id}` })),
    ...order.map((r) => ({ ...r, kind: 'New order' })),
    ...step.map((r) => ({ ...r, kind: `Order: ${r.kind.replaceAll('_', ' ')}` })),
    ...alert.map((r) => ({ ...r, kind: `Stock alert: ${r.kind}`, about: `request ${r.id}` })),
    ...reminder.map((r) => ({ ...r, kind: 'Checkout reminder', about: `cart ${r.id}` })),
  ];
}

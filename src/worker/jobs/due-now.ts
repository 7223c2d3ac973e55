import { sql, type SQL } from 'drizzle-orm';
import { POST_MAIL_WITHIN_DAYS } from '#shared/newsletter/newsletter-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, contentVersion } from '#worker/posts/post-tables.ts';
import { checkoutRecoveries } from '#worker/recovery/recovery-tables.ts';
import { formSubmissions } from '#worker/contact/contact-tables.ts';
import { jobRuns } from '#worker/jobs/job-tables.ts';
import { newsletterPosts, newsletterSends, subscriberMails, subscribers } from '#worker/newsletter/newsletter-tables.ts';
import { orderMails, orders } from '#worker/orders/order-tables.ts';
import { pageChanges } from '#worker/changes/change-tables.ts';
import { referralCodes } from '#worker/referrals/referral-tables.ts';
import { stockAlertMails, stockAlerts } from '#worker/stock-alerts/alert-tables.ts';
import { stockReservations } from '#worker/stock/stock-tables.ts';
import { agentCheckouts, agentOrderEvents } from '#worker/agents/agent-tables.ts';
import { endedWithSomething } from '#worker/agents/agent-orders.ts';
import type { MailTable } from '#worker/mail/owed-mail.ts';
import { MAX_EMAIL_ATTEMPTS } from '#worker/mail/retry-schedule.ts';
import { inviteWindow, shipmentsDue } from '#worker/reviews/review-invites.ts';

const DAY_MS = 86_400_000;
/** The hourly pieces (their names in job_runs), each run once an hour, one per scheduled run. */
export const TIDY_PIECES = [
  'prune-vitals',
  'prune-rate-limits',
  'tidy-stock-alerts',
  'tidy-admin',
  'tidy-order-access',
  'expire-unconfirmed-subscribers',
  'prune-page-changes',
  'privacy-retention',
  'prune-agent-requests',
] as const;
export type TidyPiece = (typeof TIDY_PIECES)[number];
export const TIDY_EVERY_MS = 3_600_000;

/** Whether a table owes any mail (claimOwedMail's "owed": the shop's mail, or a wanted confirmation still in its attempts). */
const owes = (t: MailTable) => {
  const table = t as typeof formSubmissions;
  return sql`(exists (select 1 from ${table} where ${table.notifiedAt} is null)
    or exists (select 1 from ${table} where ${table.confirmationWanted} = 1 and ${table.confirmedAt} is null and ${table.emailAttempts} < ${MAX_EMAIL_ATTEMPTS}))`;
};

/** What each per-minute job would find to do: one column each, all asked in one query. */
function probes(now: Date, reviewInviteDays: number): Record<string, SQL> {
  const at = now.toISOString();
  const invite = inviteWindow(reviewInviteDays, now.getTime());
  const recent = new Date(now.getTime() - POST_MAIL_WITHIN_DAYS * DAY_MS).toISOString();
  return {
    contactMail: owes(formSubmissions),
    orderMail: owes(orders),
    orderStepMail: owes(orderMails),
    alertMail: owes(stockAlertMails),
    reminderMail: owes(checkoutRecoveries),
    subscriberMail: owes(subscriberMails),
    postMail: owes(newsletterSends),
    reviewInvites: sql`exists (${shipmentsDue(invite)})`,
    referralCodes: sql`exists (select 1 from ${referralCodes} where made = 0)`,
    welcomeCodes: sql`exists (select 1 from ${subscribers} where code_made = 0 and welcome_code is not null and ended_at is null)`,
    newPosts: sql`exists (select 1 from ${blogPosts} p where p.published = 1 and p.published_at > ${recent} and p.published_at <= ${at}
      and not exists (select 1 from ${newsletterPosts} n where n.post_id = p.id))`,
    lapsedHolds: sql`exists (select 1 from ${stockReservations} where expires_at < ${Math.floor(now.getTime() / 1000)})`,
    agentCheckouts: sql`exists (select 1 from ${agentCheckouts} where ${endedWithSomething(Math.floor(now.getTime() / 1000))})`,
    orderEvents: sql`exists (select 1 from ${agentOrderEvents} where sent_at is null and next_at <= ${Math.floor(now.getTime() / 1000)})`,
    waiting: sql`exists (select 1 from ${stockAlerts} where ended_at is null and confirmed_at is not null)`,
    postsDue: sql`coalesce((select exists (select 1 from ${blogPosts} where published = 1 and published_at > c.posts_announced_until and published_at <= ${at})
      from ${contentVersion} c where c.id = 1 and c.posts_announced_until is not null), 1)`,
    pendingChanges: sql`exists (select 1 from ${pageChanges} where purged_at is null)`,
    // An hourly piece (tidy-ups, retention) not run in the last hour, however often the trigger fires.
    tidy: sql`(select count(*) from ${jobRuns} where name in ${TIDY_PIECES} and last_at > ${now.getTime() - TIDY_EVERY_MS}) < ${TIDY_PIECES.length}`,
  };
}

export type DueNow = Record<keyof ReturnType<typeof probes>, boolean>;

/**
 * One round trip that says which of the scheduled job's per-minute parts have anything to do, so a
 * run with nothing due reads once and stops (Workers Free allows 10 ms of CPU and 50 subrequests per
 * invocation, and the cron fires every minute). Each probe asks, along an index, what its job's own
 * query would find; a part that finds nothing after all costs a query, never a missed run. Null when
 * the database cannot say: then everything runs, as before.
 */
export async function dueNow(db: Db, now: Date, reviewInviteDays: number): Promise<DueNow | null> {
  const asked = probes(now, reviewInviteDays);
  try {
    const row = await db.get<Record<string, number>>(
      sql`select ${sql.join(
        Object.entries(asked).map(([name, probe]) => sql`${probe} as ${sql.identifier(name)}`),
        sql`, `,
      )}`,
    );
    if (!row) return null;
    return Object.fromEntries(Object.keys(asked).map((name) => [name, Number(row[name]) === 1])) as DueNow;
  } catch {
    return null;
  }
}

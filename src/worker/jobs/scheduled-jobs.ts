import { errorFields } from '#worker/base/log.ts';
import { pruneVitals } from '#worker/vitals/vitals-queries.ts';
import { settleLapsedHolds } from '#worker/orders/lapsed-holds.ts';
import { LONGEST_WINDOW_S, pruneHits } from '#worker/limits/durable-limit.ts';
import { tidyAlerts } from '#worker/stock-alerts/alert-requests.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { tidyAdminSessions } from '#worker/admin/admin-sessions.ts';
import { tidyFormTokens } from '#worker/admin/form-once.ts';
import { tidyOrderAccess } from '#worker/order-access/access-tokens.ts';
import { inviteReviews } from '#worker/reviews/review-invites.ts';
import { makePendingReferralCodes } from '#worker/referrals/referral-program.ts';
import { retryAllOwedMail, type JobDeps, type OwedMailName } from './retry-owed-mail.ts';
import { dueNow, TIDY_EVERY_MS, TIDY_PIECES, type DueNow, type TidyPiece } from './due-now.ts';
import { inArray, sql } from 'drizzle-orm';
import { jobRuns } from '#worker/jobs/job-tables.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { pruneChanges } from '#worker/changes/change-feed.ts';
import { announcePostsDue } from '#worker/posts/posts-due.ts';
import { runRetention, type RetentionKind } from '#worker/privacy/retention-run.ts';
import { queueNewPosts } from '#worker/newsletter/post-mailings.ts';
import { expireUnconfirmed } from '#worker/newsletter/subscriptions.ts';
import { makeWelcomeCodes } from '#worker/newsletter/newsletter-mail.ts';

import { closeEndedAgentCheckouts } from '#worker/agents/agent-orders.ts';
import { pruneAgentRequests } from '#worker/agents/agent-idempotency.ts';
import { pushAcpFeed } from '#worker/agents/acp-feed-push.ts';
import { sendOrderEvents } from '#worker/agents/order-webhooks.ts';

const DAY_MS = 86_400_000;

/** Runs one job; a failure is logged and the next job (and the next run) goes on. */
async function job<T>(deps: JobDeps, name: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (err) {
    deps.log('error', 'scheduled job failed', { job: name, ...errorFields(err) });
    return undefined;
  }
}

/** Which owed-mail kind each probe answers for. */
const MAIL_PROBES: Record<OwedMailName, keyof DueNow> = {
  contact: 'contactMail',
  order: 'orderMail',
  'order step': 'orderStepMail',
  'stock alert': 'alertMail',
  'checkout reminder': 'reminderMail',
  newsletter: 'subscriberMail',
  'newsletter post': 'postMail',
};

/**
 * What the cron trigger (edge) and the timer (Node) run. Every minute, after one query that says what
 * is due (dueNow: a run with nothing to do reads once and stops): kept contact messages are saved,
 * review invitations, referral and welcome codes made, new posts queued for the Digest, owed mail sent
 * again, stock holds past their time let go once Stripe says their session was not paid (a paid one is
 * recorded), shoppers waiting for a product available again told, posts coming due announced and page
 * purges that did not land done. Once an hour each, one piece per run (job_runs): field data, rate-limit
 * windows, ended stock alerts, back-office sessions and form tokens, "Your orders" links, unconfirmed
 * sign-ups and old page changes are tidied, and the privacy policy's periods carried out. Never throws.
 */
export async function runScheduledJobs(deps: JobDeps & Pick<AppDeps, 'gateway' | 'changes' | 'contactSpool'>, now = new Date()) {
  // Contact messages kept while the database was away are saved first, so their mails go in this run.
  const saved = await job(deps, 'save-kept-contact', async () => deps.contactSpool?.drain?.(deps.db, deps.log));
  const due = await dueNow(deps.db, now, deps.settings.REVIEW_INVITE_DAYS);
  // Without an answer, everything runs (as it did before the probe).
  const run = (part: keyof DueNow) => due === null || due[part];
  if (run('reviewInvites')) await job(deps, 'invite-reviews', () => inviteReviews(deps, deps.settings.REVIEW_INVITE_DAYS, now.getTime()));
  if (run('referralCodes')) await job(deps, 'make-referral-codes', () => makePendingReferralCodes(deps));
  // The Digest: welcome codes Stripe refused before, and posts that came out, owe their mails in this run.
  const welcomed = run('welcomeCodes') ? await job(deps, 'make-welcome-codes', () => makeWelcomeCodes(deps)) : [];
  const queued = run('newPosts') ? await job(deps, 'queue-new-posts', () => queueNewPosts(deps.db, now)) : 0;
  const owes = (kind: OwedMailName) =>
    run(MAIL_PROBES[kind]) ||
    (kind === 'newsletter' && (welcomed?.length ?? 0) > 0) ||
    (kind === 'newsletter post' && (queued ?? 0) > 0) ||
    (kind === 'contact' && (saved ?? 0) > 0);
  const mail = await job(deps, 'retry-owed-mail', () => retryAllOwedMail(deps, { only: owes }));
  if (run('lapsedHolds')) {
    await job(deps, 'settle-lapsed-holds', async () => {
      const { gateway } = deps;
      if (!gateway) return; // holds exist only for Stripe's sessions
      const later: Promise<unknown>[] = [];
      const settled = await settleLapsedHolds({ ...deps, gateway, background: (work) => later.push(work) });
      await Promise.allSettled(later);
      if (settled.released + settled.recorded > 0) deps.log('info', 'lapsed holds settled', { ...settled });
    });
  }
  // An agent's checkout that ended before its buyer reached the payment page lets its units go.
  if (run('agentCheckouts'))
    await job(deps, 'close-ended-agent-checkouts', () =>
      closeEndedAgentCheckouts({ ...deps, gateway: deps.gateway, changes: deps.changes }),
    );
  // Agents hear of their orders' steps (signed UCP order events), retried until their webhook takes them.
  if (run('orderEvents')) await job(deps, 'send-order-events', () => sendOrderEvents(deps));
  // The ACP feed endpoint hears of each product whose price or stock changed (only when one is set up).
  if (deps.settings.ACP_FEED_URL) await job(deps, 'push-acp-feed', () => pushAcpFeed(deps));
  // Every path that frees stock (a return, a hold let go, a restock on another instance) is covered here too.
  if (run('waiting')) await job(deps, 'tell-waiting', () => tellWaiting(deps, 'all'));
  if (run('tidy')) await tidyHourly(deps, now);
  // Pages follow what changed: posts whose time came, then any change whose purge did not land (a
  // command run away from the shop, Workers Cache refusing).
  const announced = run('postsDue') ? await job(deps, 'announce-posts-due', () => announcePostsDue(deps.db, deps.changes, now)) : 0;
  if (run('pendingChanges') || (announced ?? 0) > 0) await job(deps, 'purge-pending-changes', () => deps.changes.purgePending());
  return mail;
}

/** What the hourly 'privacy-retention' piece runs: the periods no other piece tidies. */
const HOURLY_RETENTION: readonly RetentionKind[] = [
  'contactMessages',
  'ordersRedacted',
  'checkoutReminders',
  'subscriptionRecords',
  'mailCopies',
];

/**
 * The hourly part, one piece per run (a run stays small: Workers Free's 10 ms and 50 subrequests): the
 * piece that ran longest ago, if an hour has passed, its time stamped first so two runs at once do it
 * once. Every piece comes round within a few minutes of being due.
 */
async function tidyHourly(deps: JobDeps & Pick<AppDeps, 'changes'>, now: Date) {
  const at = now.getTime();
  const pieces: Record<TidyPiece, () => Promise<unknown>> = {
    'prune-vitals': () => pruneVitals(deps.db, new Date(at - deps.settings.VITALS_KEEP_DAYS * DAY_MS).toISOString()),
    // A window is kept while it and the next are counted (takeHitAcross): two of the longest.
    'prune-rate-limits': () => pruneHits(deps.db, Math.floor(at / 1000) - 2 * LONGEST_WINDOW_S),
    'tidy-stock-alerts': () => tidyAlerts(deps.db, now),
    'tidy-admin': async () => {
      await tidyAdminSessions(deps.db);
      await tidyFormTokens(deps.db);
    },
    'tidy-order-access': () => tidyOrderAccess(deps.db, at),
    'expire-unconfirmed-subscribers': () => expireUnconfirmed(deps.db, now),
    'prune-page-changes': () => pruneChanges(deps.db),
    'prune-agent-requests': () => pruneAgentRequests(deps.db),
    // The policy's own periods; the pieces above carry out the rest (each kind once an hour, never twice).
    'privacy-retention': async () => {
      const went = await runRetention(deps, { now, kinds: HOURLY_RETENTION });
      if (Object.values(went).some((n) => n > 0)) deps.log('info', 'retention: past their period', { ...went });
    },
  };
  const piece = await job(deps, 'tidy-pick', async () => {
    const ran = new Map(
      (
        await deps.db
          .select()
          .from(jobRuns)
          .where(inArray(jobRuns.name, [...TIDY_PIECES]))
      ).map((r) => [r.name, r.lastAt]),
    );
    const stalest = TIDY_PIECES.toSorted((a, b) => (ran.get(a) ?? 0) - (ran.get(b) ?? 0))[0]!;
    if ((ran.get(stalest) ?? 0) > at - TIDY_EVERY_MS) return null;
    const claimed = await deps.db
      .insert(jobRuns)
      .values({ name: stalest, lastAt: at })
      .onConflictDoUpdate({ target: jobRuns.name, set: { lastAt: at }, setWhere: sql`${jobRuns.lastAt} <= ${at - TIDY_EVERY_MS}` })
      .returning({ name: jobRuns.name });
    return claimed.length > 0 ? stalest : null;
  });
  if (piece) await job(deps, piece, pieces[piece]);
}

import { errorFields } from '#worker/base/log.ts';
import { pruneVitals } from '#worker/vitals/vitals-queries.ts';
import { settleLapsedHolds } from '#worker/orders/lapsed-holds.ts';
import { pruneHits } from '#worker/limits/durable-limit.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { tidyAlerts } from '#worker/stock-alerts/alert-requests.ts';
import { tellWaiting } from '#worker/stock-alerts/tell-waiting.ts';
import { tidyAdminSessions } from '#worker/admin/admin-sessions.ts';
import { tidyFormTokens } from '#worker/admin/form-once.ts';
import { tidyOrderAccess } from '#worker/order-access/access-tokens.ts';
import { inviteReviews } from '#worker/reviews/review-invites.ts';
import { makePendingReferralCodes } from '#worker/referrals/referral-program.ts';
import { retryAllOwedMail, type JobDeps } from './retry-owed-mail.ts';
import type { AppDeps } from '#worker/middleware/app-context.ts';
import { pruneChanges } from '#worker/changes/change-feed.ts';
import { announcePostsDue } from '#worker/posts/posts-due.ts';
import { runRetention } from '#worker/privacy/retention-run.ts';
import { queueNewPosts } from '#worker/newsletter/post-mailings.ts';
import { expireUnconfirmed } from '#worker/newsletter/subscriptions.ts';
import { makeWelcomeCodes } from '#worker/newsletter/newsletter-mail.ts';

/** The minute of each hour the privacy policy's periods are carried out (a bounded batch of each kind). */
export const RETENTION_MINUTE = 17;

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

/**
 * What the cron trigger (edge) and the timer (Node) run: owed mail is sent again, field data older
 * than VITALS_KEEP_DAYS and rate-limit windows older than a day are deleted (so the tables stay
 * bounded), and stock holds past their time are let go once Stripe says their session was not paid
 * (a paid one is recorded; payment links of products they emptied switch back on); shoppers waiting
 * for a product available again are told, and stock alerts past their time end; old back-office
 * links and sessions are deleted; once an hour, what the privacy policy keeps no longer goes. Never throws.
 */
export async function runScheduledJobs(deps: JobDeps & Pick<AppDeps, 'gateway' | 'changes' | 'contactSpool'>, now = new Date()) {
  // Contact messages kept while the database was away are saved first, so their mails go in this run.
  await job(deps, 'save-kept-contact', async () => deps.contactSpool?.drain?.(deps.db, deps.log));
  await job(deps, 'invite-reviews', () => inviteReviews(deps, deps.settings.REVIEW_INVITE_DAYS));
  await job(deps, 'make-referral-codes', () => makePendingReferralCodes(deps));
  // The Digest: welcome codes Stripe refused before, and posts that came out, owe their mails in this run.
  await job(deps, 'make-welcome-codes', () => makeWelcomeCodes(deps));
  await job(deps, 'queue-new-posts', () => queueNewPosts(deps.db, now));
  const mail = await job(deps, 'retry-owed-mail', () => retryAllOwedMail(deps));
  const before = new Date(Date.now() - deps.settings.VITALS_KEEP_DAYS * DAY_MS).toISOString();
  await job(deps, 'prune-vitals', () => pruneVitals(deps.db, before));
  await job(deps, 'prune-rate-limits', () => pruneHits(deps.db, nowSeconds() - DAY_MS / 1000));
  await job(deps, 'settle-lapsed-holds', async () => {
    const { gateway } = deps;
    if (!gateway) return; // holds exist only for Stripe's sessions
    const later: Promise<unknown>[] = [];
    const run = await settleLapsedHolds({ ...deps, gateway, background: (work) => later.push(work) });
    await Promise.allSettled(later);
    if (run.released + run.recorded > 0) deps.log('info', 'lapsed holds settled', { ...run });
  });
  // Every path that frees stock (a return, a hold let go, a restock on another instance) is covered here too.
  await job(deps, 'tell-waiting', () => tellWaiting(deps, 'all'));
  await job(deps, 'tidy-stock-alerts', () => tidyAlerts(deps.db));
  await job(deps, 'tidy-admin-sessions', () => tidyAdminSessions(deps.db));
  await job(deps, 'tidy-admin-form-tokens', () => tidyFormTokens(deps.db));
  await job(deps, 'tidy-order-access', () => tidyOrderAccess(deps.db));
  await job(deps, 'expire-unconfirmed-subscribers', () => expireUnconfirmed(deps.db, now));
  if (now.getUTCMinutes() === RETENTION_MINUTE) {
    await job(deps, 'privacy-retention', async () => {
      const went = await runRetention(deps, { now });
      if (Object.values(went).some((n) => n > 0)) deps.log('info', 'retention: past their period', { ...went });
    });
  }
  // Pages follow what changed: posts whose time came, then any change whose purge did not land (a
  // command run away from the shop, Workers Cache refusing), then old records go.
  await job(deps, 'announce-posts-due', () => announcePostsDue(deps.db, deps.changes));
  await job(deps, 'purge-pending-changes', () => deps.changes.purgePending());
  await job(deps, 'prune-page-changes', () => pruneChanges(deps.db));
  return mail;
}

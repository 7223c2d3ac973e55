import { deliver } from '../routes/contact/deliver';
import { claimSubmissions, emailLeaseMs, MAX_EMAIL_ATTEMPTS, owedSubmissions } from '../db/queries/submissions';
import type { AppDeps } from '../app-context';
import { errorFields } from '../log';

type JobDeps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'settings'>;

/** Rows taken and sent together per round; rounds repeat while rows are due. */
const BATCH_SIZE = 10;
/** Later than any back-off can reach. */
const NO_BACKOFF = new Date('9999-12-31T00:00:00Z');
/** A backlog of thousands drains in one run, but one run never loops for ever (the next run goes on). */
const MAX_ROUNDS = 500;

/**
 * Scheduled job: a saved contact message is never lost, so messages the shop's inbox has not received
 * are sent again, and confirmations that did not go (claimSubmissions says how long), while any are due: claimed
 * atomically, so runs racing each other or a visitor's request never send one twice; a failed
 * attempt backs off (retryDelayMs) and never gives up. Returns how many messages now owe nothing
 * (sent) and how many still do (failed). `now` lets a test act as if later; `ignoreBackoff` (the
 * operator's `npm run contact:retry`) sends everything owed now, whatever its back-off.
 */
export async function retryContactEmails(deps: JobDeps, opts: { now?: () => Date; ignoreBackoff?: boolean } = {}) {
  const clock = opts.now ?? (() => new Date());
  let sent = 0;
  let failed = 0;
  let afterId = 0;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = clock();
    // Leases are real time even when `now` is not: a row a request is sending stays its own.
    const leaseNow = new Date();
    const leaseUntil = new Date(leaseNow.getTime() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS));
    const dueBy = opts.ignoreBackoff ? NO_BACKOFF : now;
    const claimed = await claimSubmissions(deps.db, { now: dueBy, leaseNow, leaseUntil, limit: BATCH_SIZE, afterId });
    if (claimed.length === 0) break;
    afterId = claimed.at(-1)!.id;
    const results = await Promise.all(claimed.map((submission) => deliver(deps, deps.log, submission, now)));
    const delivered = results.filter((r) => r.status === 'success').length;
    sent += delivered;
    failed += results.length - delivered;
  }
  if (sent + failed > 0) deps.log('info', 'contact e-mail retries', { sent, failed });
  await reportOwed(deps, clock());
  return { sent, failed };
}

/**
 * Messages past MAX_EMAIL_ATTEMPTS stay owed and keep being retried; this alert (also on /healthz)
 * is how the operator learns that mail is not going out.
 */
async function reportOwed(deps: JobDeps, now: Date) {
  const { owed, oldestCreatedAt, overdue } = await owedSubmissions(deps.db, MAX_EMAIL_ATTEMPTS);
  if (overdue === 0) return;
  const oldestAgeSeconds = oldestCreatedAt ? Math.round((now.getTime() - Date.parse(oldestCreatedAt)) / 1000) : 0;
  deps.log('error', 'contact e-mail owed', { owed, overdue, oldestAgeSeconds, maxAttempts: MAX_EMAIL_ATTEMPTS });
}

/** Everything the cron trigger (edge), the timer (Node) and `npm run contact:retry` run. */
export async function runScheduledJobs(deps: JobDeps) {
  try {
    return await retryContactEmails(deps);
  } catch (err) {
    deps.log('error', 'scheduled job failed', { job: 'retry-contact-emails', ...errorFields(err) });
    return undefined;
  }
}

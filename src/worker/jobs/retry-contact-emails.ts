import { deliver } from '../routes/contact/deliver';
import { submissionsToRetry } from '../db/queries/submissions';
import type { AppDeps } from '../app-context';
import { errorFields } from '../log';

/**
 * Scheduled job: a saved contact message is never lost, so messages the shop's inbox has not
 * received are sent again (with the visitor's confirmation if that failed too), up to
 * MAX_EMAIL_ATTEMPTS times. Returns how many reached the shop and how many failed again.
 */
export async function retryContactEmails(deps: Pick<AppDeps, 'db' | 'mailer' | 'log' | 'settings'>) {
  const due = await submissionsToRetry(deps.db);
  let sent = 0;
  for (const submission of due) {
    if ((await deliver(deps, deps.log, submission)).notified) sent++;
  }
  const failed = due.length - sent;
  if (due.length > 0) deps.log('info', 'contact e-mail retries', { sent, failed });
  return { sent, failed };
}

/** Everything the cron trigger (edge) or the timer (Node) runs. */
export async function runScheduledJobs(deps: Pick<AppDeps, 'db' | 'mailer' | 'log' | 'settings'>) {
  try {
    await retryContactEmails(deps);
  } catch (err) {
    deps.log('error', 'scheduled job failed', { job: 'retry-contact-emails', ...errorFields(err) });
  }
}

import { submissionsToRetry, recordEmailAttempt } from '../db/queries/submissions';
import type { AppDeps } from '../env';
import { errorFields } from '../log';
import { contactEmail } from '../mail/contact-email';

/**
 * Scheduled job: a saved contact message is never lost, so messages whose e-mail failed are sent
 * again, up to MAX_EMAIL_ATTEMPTS times. Returns how many were sent and how many failed again.
 */
export async function retryContactEmails(deps: Pick<AppDeps, 'db' | 'mailer' | 'log' | 'settings'>) {
  const due = await submissionsToRetry(deps.db);
  let sent = 0;
  let failed = 0;
  for (const submission of due) {
    try {
      await deps.mailer.send(contactEmail(submission, deps.settings));
      await recordEmailAttempt(deps.db, submission.id, 'success', null);
      sent++;
    } catch (err) {
      const fields = errorFields(err);
      await recordEmailAttempt(deps.db, submission.id, 'failed', String(fields.error));
      deps.log('warn', 'contact e-mail retry failed', { submissionId: submission.id, ...fields });
      failed++;
    }
  }
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

import { deliveryStatus } from '#shared/contact/status.ts';
import { MAX_EMAIL_ATTEMPTS, retryDelayMs } from '#shared/contact/retry-schedule.ts';
import { recordDelivery } from '#worker/db/queries/submissions.ts';
import type { FormSubmission } from '#worker/db/schema.ts';
import type { AppDeps } from '#worker/app-context.ts';
import { errorFields, type Logger } from '#worker/log.ts';
import { contactConfirmationEmail, contactEmail } from './contact-email';

const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? String(errorFields(result.reason).error) : null);

/**
 * Sends what a saved message the caller holds (its lease) is still owed: the shop's notification
 * unless it went, and the visitor's confirmation unless it went or none is wanted (per-recipient
 * limit). Both done is success, one is partial, neither is failed; the attempt is recorded on the
 * row, with when the retry job may try again while anything is owed.
 */
export async function deliver(deps: Pick<AppDeps, 'db' | 'mailer' | 'settings'>, log: Logger, submission: FormSubmission, at = new Date()) {
  const notificationOwed = submission.notifiedAt === null;
  const confirmationOwed = submission.confirmationWanted && submission.confirmedAt === null;
  const [notification, confirmation] = await Promise.allSettled([
    notificationOwed ? deps.mailer.send(contactEmail(submission, deps.settings)) : null,
    confirmationOwed ? deps.mailer.send(contactConfirmationEmail(submission, deps.settings)) : null,
  ]);
  const notifiedNow = notificationOwed && notification.status === 'fulfilled';
  const confirmedNow = confirmationOwed && confirmation.status === 'fulfilled';
  const notified = !notificationOwed || notifiedNow;
  // No confirmation wanted counts as done: the visitor's outcome is about what the shop owes them.
  const confirmed = !confirmationOwed || confirmedNow;
  const status = deliveryStatus(notified, confirmed);
  const error = [failure(notification), failure(confirmation)].filter(Boolean).join('; ') || null;
  const attempts = submission.emailAttempts + 1;
  // Still owed: the notification always; the confirmation only for the first MAX_EMAIL_ATTEMPTS attempts.
  const owedLater = !notified || (!confirmed && attempts < MAX_EMAIL_ATTEMPTS);
  if (error) log('warn', 'contact e-mail not sent', { submissionId: submission.id, status, attempts, error });
  try {
    await recordDelivery(deps.db, submission.id, {
      notified: notifiedNow,
      confirmed: confirmedNow,
      status,
      error,
      nextAttemptAt: owedLater ? new Date(at.getTime() + retryDelayMs(attempts)) : null,
    });
  } catch (err) {
    log('error', 'contact delivery not recorded', { submissionId: submission.id, ...errorFields(err) });
  }
  return { notified, status };
}

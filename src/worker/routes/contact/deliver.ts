import { deliveryStatus } from '#shared/contact/status.ts';
import { retryDelayMs } from '#shared/contact/retry-schedule.ts';
import { recordDelivery } from '#worker/db/queries/submissions.ts';
import type { FormSubmission } from '#worker/db/schema.ts';
import type { AppDeps } from '#worker/app-context.ts';
import { errorFields, type Logger } from '#worker/log.ts';
import { contactConfirmationEmail, contactEmail } from './contact-email';

const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? String(errorFields(result.reason).error) : null);

/**
 * Sends what a saved message the caller holds (its lease) is still owed: the shop's notification,
 * and the visitor's confirmation unless it already went or none is wanted (per-recipient limit).
 * Both is success, one is partial, neither is failed; the attempt is recorded on the row, with
 * when the retry job may try again if the shop was not notified.
 */
export async function deliver(deps: Pick<AppDeps, 'db' | 'mailer' | 'settings'>, log: Logger, submission: FormSubmission, at = new Date()) {
  const confirmationOwed = submission.confirmationWanted && submission.confirmedAt === null;
  const [notification, confirmation] = await Promise.allSettled([
    deps.mailer.send(contactEmail(submission, deps.settings)),
    confirmationOwed ? deps.mailer.send(contactConfirmationEmail(submission, deps.settings)) : null,
  ]);
  const notified = notification.status === 'fulfilled';
  const confirmedNow = confirmationOwed && confirmation.status === 'fulfilled';
  // No confirmation wanted counts as done: the visitor's outcome is about what the shop owes them.
  const status = deliveryStatus(notified, !confirmationOwed || confirmedNow);
  const error = [failure(notification), failure(confirmation)].filter(Boolean).join('; ') || null;
  const attempts = submission.emailAttempts + 1;
  if (error) log('warn', 'contact e-mail not sent', { submissionId: submission.id, status, attempts, error });
  try {
    await recordDelivery(deps.db, submission.id, {
      notified,
      confirmed: confirmedNow,
      status,
      error,
      nextAttemptAt: new Date(at.getTime() + retryDelayMs(attempts)),
    });
  } catch (err) {
    log('error', 'contact delivery not recorded', { submissionId: submission.id, ...errorFields(err) });
  }
  return { notified, status };
}

import { deliveryStatus } from '#shared/contact/status.ts';
import { recordDelivery } from '#worker/db/queries/submissions.ts';
import type { FormSubmission } from '#worker/db/schema.ts';
import type { AppDeps } from '#worker/app-context.ts';
import { errorFields, type Logger } from '#worker/log.ts';
import { contactConfirmationEmail, contactEmail } from './contact-email';

const failure = (result: PromiseSettledResult<unknown>) => (result.status === 'rejected' ? String(errorFields(result.reason).error) : null);

/**
 * Sends what a saved message is still owed: the shop's notification, and the visitor's
 * confirmation unless it already went. Both is success, one is partial, neither is failed; the
 * outcome is recorded on the row (a row left un-notified stays owed to the retry job).
 */
export async function deliver(deps: Pick<AppDeps, 'db' | 'mailer' | 'settings'>, log: Logger, submission: FormSubmission) {
  const confirmedBefore = submission.confirmedAt !== null;
  const [notification, confirmation] = await Promise.allSettled([
    deps.mailer.send(contactEmail(submission, deps.settings)),
    confirmedBefore ? null : deps.mailer.send(contactConfirmationEmail(submission, deps.settings)),
  ]);
  const notified = notification.status === 'fulfilled';
  const confirmed = confirmedBefore || confirmation.status === 'fulfilled';
  const status = deliveryStatus(notified, confirmed);
  const error = [failure(notification), failure(confirmation)].filter(Boolean).join('; ') || null;
  if (error) log('warn', 'contact e-mail not sent', { submissionId: submission.id, status, error });
  try {
    await recordDelivery(deps.db, submission.id, { notified, confirmed: confirmedBefore ? undefined : confirmed, status, error });
  } catch (err) {
    log('error', 'contact delivery not recorded', { submissionId: submission.id, ...errorFields(err) });
  }
  return { notified, status };
}

import { eq } from 'drizzle-orm';
import { claimOwedMail, emailLeaseMs } from '#worker/mail/owed-mail.ts';
import { orderMails } from '#worker/db/schema.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedMail, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import { orderStepEmail } from './order-step-email.ts';
import { orderById } from './order-queries.ts';
import { orderStep } from './order-steps.ts';

/** A step's mail (payment confirmed, shipped, refund issued, a dispute to the shop), written from the order and its step as they stand when sent. */
export const orderStepMail: OwedMailKind<typeof orderMails> = {
  name: 'order step',
  table: orderMails,
  async mails(deps, row) {
    const [order, step] = await Promise.all([orderById(deps.db, row.orderId), orderStep(deps.db, row.orderId, row.step)]);
    const message = order && orderStepEmail(row, order, step, deps.settings);
    if (!message) throw new Error(`order mail ${row.id} has no order or no address`);
    return { notification: message, confirmation: null };
  },
};

/** The most step mails one call sends (an order owes a handful at most); any more wait for the retry job. */
const MAILS_AT_ONCE = 10;

/**
 * Sends the step mails an order owes, right after the step was written (the webhook's or the
 * command's batch). Each is claimed with a lease first, as the retry job claims (claimOwedMail; one
 * in back-off after a failure is left to that job), so a racing delivery never sends one twice; and
 * the provider is always asked first (a row whose lease ran out looks the same as a fresh one, and
 * its sender may have died after Postmark took it). Never throws: what fails stays owed for the
 * retry job.
 */
export async function sendOrderStepMails(deps: MailDeps, log: Logger, orderId: number): Promise<void> {
  try {
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS, deps.settings.DB_TIMEOUT_MS));
    const claimed = await claimOwedMail(deps.db, orderMails, {
      now,
      leaseNow: now,
      leaseUntil,
      limit: MAILS_AT_ONCE,
      only: eq(orderMails.orderId, orderId),
    });
    await Promise.all(claimed.map((row) => sendOwedMail(orderStepMail, deps, log, row, now, { mayHaveGone: true })));
  } catch (err) {
    log('error', 'order step mail failed', { orderId, ...errorFields(err) });
  }
}

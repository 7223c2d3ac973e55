import { eq } from 'drizzle-orm';
import { emailLeaseMs } from '#worker/mail/owed-mail.ts';
import { orders } from '#worker/db/schema.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedMail, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import { newOrderEmail, orderConfirmationEmail } from './order-email.ts';
import { orderLinesOf } from './order-queries.ts';
import { referralCodeFor } from '#worker/limits/sender-key.ts';

/** An order owes the shop its "New order" and the shopper a confirmation, written from the order as it stands when sent. */
export const orderMail: OwedMailKind<typeof orders> = {
  name: 'order',
  table: orders,
  async mails(deps, row) {
    const order = { ...row, lines: await orderLinesOf(deps.db, row.id) };
    // A paid order's buyer gets their Refer a Friend code (made at Stripe as the order is recorded).
    const referral = order.status === 'paid' && order.email ? await referralCodeFor(deps.settings.RATE_LIMIT_SECRET, order.email) : null;
    return { notification: newOrderEmail(order, deps.settings), confirmation: orderConfirmationEmail(order, deps.settings, referral) };
  },
};

/** How long the caller that records an order holds its mail before the retry job may take it. */
export const orderMailLeaseUntil = (deps: MailDeps) =>
  new Date(Date.now() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS, deps.settings.DB_TIMEOUT_MS));

/**
 * Sends a new order's pair of e-mails; the caller (the webhook or thank-you that inserted the order)
 * holds its lease, so nobody else sends them meanwhile. Never throws: what fails stays owed.
 */
export async function mailNewOrder(deps: MailDeps, log: Logger, number: string) {
  try {
    // The row only: the mails read its lines themselves (orderMail.mails), as the retry job's do.
    const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
    if (order) await sendOwedMail(orderMail, deps, log, order);
  } catch (err) {
    log('error', 'order mail failed', { order: number, ...errorFields(err) });
  }
}

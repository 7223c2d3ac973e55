import { eq } from 'drizzle-orm';
import { emailLeaseMs } from '#worker/mail/owed-mail.ts';
import { orders } from '#worker/orders/order-tables.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedMail, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import { newOrderEmail, orderConfirmationEmail } from './order-email.ts';
import { orderLinesOf } from './order-queries.ts';
import type { OrderMailDeps, OrderMailParts } from './order-mail-parts.ts';

/**
 * An order owes the shop its "New order" and the shopper a confirmation, written from the order as it
 * stands when sent, with the lines other features add to the confirmation (`parts`).
 */
export function orderMail(parts: OrderMailParts): OwedMailKind<typeof orders> {
  return {
    name: 'order',
    table: orders,
    async mails(deps, row) {
      const order = { ...row, lines: await orderLinesOf(deps.db, row.id) };
      const extra = (await Promise.all(parts.confirmation.map((lines) => lines(order, deps)))).flat();
      return { notification: newOrderEmail(order, deps.settings), confirmation: orderConfirmationEmail(order, deps.settings, extra) };
    },
  };
}

/** How long the caller that records an order holds its mail before the retry job may take it. */
export const orderMailLeaseUntil = (deps: MailDeps) =>
  new Date(Date.now() + emailLeaseMs(deps.settings.MAIL_TIMEOUT_MS, deps.settings.DB_TIMEOUT_MS));

/**
 * Sends a new order's pair of e-mails; the caller (the webhook or thank-you that inserted the order)
 * holds its lease, so nobody else sends them meanwhile. Never throws: what fails stays owed.
 */
export async function mailNewOrder(deps: OrderMailDeps, log: Logger, number: string) {
  try {
    // The row only: the mails read its lines themselves (orderMail.mails), as the retry job's do.
    const [order] = await deps.db.select().from(orders).where(eq(orders.number, number)).limit(1);
    if (order) await sendOwedMail(orderMail(deps.orderMail), deps, log, order);
  } catch (err) {
    log('error', 'order mail failed', { order: number, ...errorFields(err) });
  }
}

import { eq } from 'drizzle-orm';
import { emailLeaseMs } from '#worker/mail/owed-mail.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedMail, sendOwedNow, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import type { OrderMailDeps, OrderMailParts } from './order-deps.ts';
import { newOrderEmail, orderConfirmationEmail } from './order-email.ts';
import { orderById, orderLinesOf } from './order-queries.ts';
import { orderStepEmail, orderStepWriters } from './order-step-email.ts';
import { orderStepsNamed, parcelDays } from './order-steps.ts';
import { orderMails, orders } from './order-tables.ts';

/* The order's owed mail, sent (the words are in order-email.ts and order-step-email.ts): its pair when it is placed, and each step's. */

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

/**
 * A step's mail (payment confirmed, shipped, refund issued, a dispute to the shop, and the kinds other
 * features own: `parts`), written from the order and its step as they stand when sent.
 */
export function orderStepMail(parts: OrderMailParts): OwedMailKind<typeof orderMails> {
  const writers = { ...orderStepWriters, ...parts.steps };
  return {
    name: 'order step',
    table: orderMails,
    async mails(deps: MailDeps, row) {
      const [order, steps] = await Promise.all([
        orderById(deps.db, row.orderId),
        orderStepsNamed(deps.db, row.orderId, [row.step, 'shipped', 'delivered']),
      ]);
      const step = steps.find((s) => s.step === row.step);
      const parcel = steps.filter((s) => s.step === 'shipped' || s.step === 'delivered');
      const message = order && orderStepEmail(row, { ...order, ...parcelDays(order, parcel) }, step, deps.settings, writers);
      if (!message) throw new Error(`order mail ${row.id} has no order or no address`);
      return { notification: message, confirmation: null };
    },
  };
}

/** The most step mails one call sends (an order owes a handful at most); any more wait for the retry job. */
const MAILS_AT_ONCE = 10;

/**
 * Sends the step mails an order owes, right after the step was written (the webhook's or the command's
 * batch); never throws: what fails stays owed for the retry job. True when there was mail and all of it went now.
 */
export async function sendOrderStepMails(deps: OrderMailDeps, log: Logger, orderId: number): Promise<boolean> {
  try {
    const { claimed, sent } = await sendOwedNow(orderStepMail(deps.orderMail), deps, log, eq(orderMails.orderId, orderId), MAILS_AT_ONCE);
    return claimed > 0 && sent === claimed;
  } catch (err) {
    log('error', 'order step mail failed', { orderId, ...errorFields(err) });
    return false;
  }
}

import { eq } from 'drizzle-orm';
import { orderMails } from '#worker/orders/order-tables.ts';
import { errorFields, type Logger } from '#worker/base/log.ts';
import { sendOwedNow, type MailDeps, type OwedMailKind } from '#worker/mail/send-owed.ts';
import type { OrderMailDeps, OrderMailParts } from './order-mail-parts.ts';
import { orderStepEmail, orderStepWriters } from './order-step-email.ts';
import { orderById } from './order-queries.ts';
import { orderStepsNamed, parcelDays } from './order-steps.ts';

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

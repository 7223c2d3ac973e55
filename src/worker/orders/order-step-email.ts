import { formatMinor } from '#shared/money.ts';
import { shopTime } from '#shared/policy/shop-time.ts';
import { disputeDashboardUrl } from '#shared/orders/dispute-hold.ts';
import { statusSentences } from '#shared/orders/order-status.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { confirmationGreeting } from '#worker/mail/greeting.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { OrderMailKind } from '#worker/db/schema.ts';
import { adminOrderPath, orderPagePath } from './order-number.ts';
import type { StoredOrder } from './order-queries.ts';
import { returnMail } from './return-step-email.ts';
import { claimText, referralWords } from '#shared/policy/text.ts';
import { marketHref, marketOfStored } from '#shared/market/market.ts';
import type { OrderStep } from './order-steps.ts';

type MailSettings = Pick<Settings, 'SITE_URL' | 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL' | 'ORDERS_TO_EMAIL'>;

/** How long a card refund takes to show, as the shopper is told. */
const REFUND_DAYS = '5–10 business days';

/** The e-mail a step of an order owes: to the shopper (payment confirmed, shipped, refund issued) or the shop (disputes). */
export function orderStepEmail(
  mail: { id: number; kind: OrderMailKind },
  order: StoredOrder,
  step: OrderStep | undefined,
  settings: MailSettings,
): MailMessage | null {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const detail = step?.detail ?? {};
  const orderMarket = marketOfStored(order.region);
  const page = new URL(orderPagePath(order.number, order.token), settings.SITE_URL).href;
  // The order's number (unique to its Stripe session), not a row id that a restored database repeats.
  const mailId = `order-${order.number}-${step?.step ?? mail.id}-${mail.kind}`;
  // Mail beyond the order's own (a review invitation, a referral reward) carries one-click unsubscribe (RFC 8058).
  const unsubscribe = detail.keys?.unsubscribe
    ? new URL(marketHref(orderMarket, `/mail/unsubscribe/${order.number}-${detail.keys.unsubscribe}`), settings.SITE_URL).href
    : null;
  const toShopper = (subject: string, body: string[]): MailMessage | null =>
    order.email
      ? {
          mailId,
          ...(unsubscribe && {
            headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
          }),
          to: order.email,
          from: settings.CONTACT_FROM_EMAIL,
          replyTo: settings.CONTACT_TO_EMAIL,
          subject,
          text: [
            confirmationGreeting(order.name ?? ''),
            '',
            ...body,
            '',
            // Both statuses as they stand now: a refund after shipping leaves the order shipped.
            `Where your order stands: ${statusSentences(order.status, order.fulfilment).join(' ')}`,
            `Your order page: ${page}`,
            '',
            `Questions? Reply to this e-mail or write to ${settings.CONTACT_TO_EMAIL}, or call ${shopInfo.phone}.`,
            ...(unsubscribe ? ['', `No more mail like this (order and delivery mails still come): ${unsubscribe}`] : []),
            '',
            site.brand,
          ].join('\n'),
        }
      : null;
  const toShop = (subject: string, body: string[]): MailMessage => ({
    mailId,
    to: settings.ORDERS_TO_EMAIL ?? settings.CONTACT_TO_EMAIL,
    from: settings.CONTACT_FROM_EMAIL,
    subject,
    text: [
      ...body,
      '',
      `Order ${order.number}, ${money(order.total)}, placed ${shopTime(order.createdAt)}.`,
      `In the back office: ${new URL(adminOrderPath(order.number), settings.SITE_URL).href}`,
    ].join('\n'),
  });
  switch (mail.kind) {
    case 'payment_confirmed':
      return toShopper(`Payment confirmed: order ${order.number}`, [
        `Your bank has confirmed the payment for order ${order.number} (${money(order.total)}).`,
        'We are preparing it for shipping and will e-mail you when it is on its way.',
      ]);
    case 'shipped':
      return toShopper(`Your order ${order.number} is on its way`, [
        `Order ${order.number} has left us${detail.carrier ? ` with ${detail.carrier}` : ''}.`,
        ...(detail.tracking ? [`Tracking number: ${detail.tracking}`] : []),
        ...(detail.url ? [`Track it: ${detail.url}`] : []),
      ]);
    case 'refund_issued':
      return toShopper(`Refund issued: order ${order.number}`, [
        `We have refunded ${money(detail.amount ?? 0)} for order ${order.number}.`,
        ...(detail.refunded !== undefined && detail.refunded < order.total
          ? [`In all, ${money(detail.refunded)} of ${money(order.total)} has been refunded.`]
          : []),
        `It goes back to the card you paid with and usually shows within ${REFUND_DAYS}, depending on your bank.`,
      ]);
    case 'dispute_opened':
      return toShop(`Dispute opened: order ${order.number} (${detail.reason ?? 'no reason given'})`, [
        `The buyer's bank has disputed ${money(detail.amount ?? order.total)} of order ${order.number}.`,
        `Reason: ${detail.reason ?? 'not given'}.`,
        `Respond with evidence in Stripe before the deadline shown there: ${disputeDashboardUrl(detail.dispute ?? '')}`,
      ]);
    case 'return_requested':
    case 'return_accepted':
    case 'return_refused':
    case 'return_received': {
      const { subject, body } = returnMail(mail.kind, order, detail);
      return toShopper(subject, body);
    }
    case 'review_invite': {
      const market = orderMarket;
      const links = Object.entries(detail.keys ?? {}).flatMap(([id, key]) => {
        if (id === 'unsubscribe') return [];
        const name = order.lines.find((l) => String(l.productId) === id)?.name ?? 'Your product';
        const url = new URL(`${marketHref(market, '/reviews/write')}?order=${order.number}&product=${id}&key=${key}`, settings.SITE_URL);
        return [`${name}: ${url.href}`];
      });
      return toShopper(`How are you getting on with your order ${order.number}?`, [
        'You have had your order for a little while now. Would you tell other shooters what you think of it?',
        'A review takes a minute; each link works for your own order only:',
        ...links,
        'We read every review before it is shown.',
      ]);
    }
    case 'referral_reward':
      return toShopper(`A friend ordered with your code: here is your ${claimText.referralDiscount}`, [
        `Someone you shared your Refer a Friend code with has placed their first order (${detail.request ?? ''}). Thank you!`,
        `Your code: ${detail.code ?? ''}. It takes ${referralWords} off your next order, once: type it in the code box of your cart.`,
        'It works while your friend keeps their order: if it is sent back for a full refund before you use the code, the code stops working.',
      ]);
    case 'dispute_closed':
      return toShop(`Dispute closed (${detail.outcome ?? 'closed'}): order ${order.number}`, [
        `The dispute on order ${order.number} is closed: ${detail.outcome ?? 'closed'}.`,
        `Details in Stripe: ${disputeDashboardUrl(detail.dispute ?? '')}`,
      ]);
  }
}

import { formatMinor } from '#shared/money.ts';
import { shopTime } from '#shared/policy/shop-time.ts';
import { disputeDashboardUrl } from '#shared/orders/dispute-hold.ts';
import { standingSentences, type StandingOrder } from '#shared/timeline/standing.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { confirmationGreeting } from '#worker/mail/greeting.ts';
import type { MailMessage } from '#worker/mail/mailer.ts';
import type { Settings } from '#worker/base/settings.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { OrderMailKind } from '#shared/timeline/order-timeline.ts';
import { adminOrderPath, orderPagePath } from './order-number.ts';
import type { StoredOrder } from './order-queries.ts';
import { marketHref, marketOfStored, type Market } from '#shared/market/market.ts';
import { mailUnsubscribePath, orderUnsubscribeToken } from '#shared/mail/unsubscribe-links.ts';
import type { OrderStep } from './order-steps.ts';

export type MailSettings = Pick<Settings, 'SITE_URL' | 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL' | 'ORDERS_TO_EMAIL'>;

/** What a step mail's writer is given: the order, its step's detail, and the frame every order mail shares. */
export interface StepMailContext {
  kind: OrderMailKind;
  order: StoredOrder;
  detail: OrderStepDetail;
  settings: MailSettings;
  /** The order's market (its links go there). */
  market: Market | null;
  money(minor: number): string;
  /** A mail to the buyer (null without an address): greeting, body, where the order stands, its page, the shop. */
  toShopper(subject: string, body: string[]): MailMessage | null;
  /** A mail to the shop: body, the order's total and its back-office page. */
  toShop(subject: string, body: string[]): MailMessage;
}

/** Writes the mail a kind of step owes. Each feature owns the words of the kinds it sends (OrderMailParts). */
export type StepMailWriter = (m: StepMailContext) => MailMessage | null;

/** The e-mail a step of an order owes, in the words of the feature that owns its kind (`writers`). */
export function orderStepEmail(
  mail: { id: number; kind: OrderMailKind },
  order: StoredOrder & Pick<StandingOrder, 'deliveredBy' | 'deliveredOn'>,
  step: OrderStep | undefined,
  settings: MailSettings,
  writers: Partial<Record<OrderMailKind, StepMailWriter>>,
): MailMessage | null {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const detail = step?.detail ?? {};
  const orderMarket = marketOfStored(order.region);
  const page = new URL(orderPagePath(order.number, order.token), settings.SITE_URL).href;
  // The order's number (unique to its Stripe session), not a row id that a restored database repeats.
  const mailId = `order-${order.number}-${step?.step ?? mail.id}-${mail.kind}`;
  // Mail beyond the order's own (other features' step mails) carries one-click unsubscribe (RFC 8058).
  const unsubscribe = detail.keys?.unsubscribe
    ? new URL(marketHref(orderMarket, mailUnsubscribePath(orderUnsubscribeToken(order.number, detail.keys.unsubscribe))), settings.SITE_URL)
        .href
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
            // Where it stands now, from its payment, goods and ledger: goods that came back are never "on their way".
            `Where your order stands: ${standingSentences(order).join(' ')}`,
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
  const write = writers[mail.kind];
  if (!write) throw new Error(`no writer for the order mail kind ${mail.kind}`);
  return write({ kind: mail.kind, order, detail, settings, market: orderMarket, money, toShopper, toShop });
}

/** The step mails the sale owes: payment confirmed, shipped (the buyer), disputes (the shop). */
export const orderStepWriters = {
  payment_confirmed: ({ order, money, toShopper }) =>
    toShopper(`Payment confirmed: order ${order.number}`, [
      `Your bank has confirmed the payment for order ${order.number} (${money(order.total)}).`,
      'We are preparing it for shipping and will e-mail you when it is on its way.',
    ]),
  shipped: ({ order, detail, market, toShopper }) =>
    toShopper(`Your order ${order.number} is on its way`, [
      `Order ${order.number} has left us${detail.carrier ? ` with ${detail.carrier}` : ''}.`,
      ...(detail.tracking ? [`Tracking number: ${detail.tracking}`] : []),
      ...(detail.url ? [`Follow it on ${detail.carrier ?? 'the carrier'}’s page: ${detail.url}`] : []),
      ...(detail.expected ? [`Expected by ${formatMarketDate(detail.expected, market)}.`] : []),
      'In the parcel:',
      ...order.lines.map((l) => `- ${l.quantity} × ${l.name}`),
    ]),
  dispute_opened: ({ order, detail, money, toShop }) =>
    toShop(`Dispute opened: order ${order.number} (${detail.reason ?? 'no reason given'})`, [
      `The buyer's bank has disputed ${money(detail.amount ?? order.total)} of order ${order.number}.`,
      `Reason: ${detail.reason ?? 'not given'}.`,
      `Respond with evidence in Stripe before the deadline shown there: ${disputeDashboardUrl(detail.dispute ?? '')}`,
    ]),
  dispute_closed: ({ order, detail, toShop }) =>
    toShop(`Dispute closed (${detail.outcome ?? 'closed'}): order ${order.number}`, [
      `The dispute on order ${order.number} is closed: ${detail.outcome ?? 'closed'}.`,
      `Details in Stripe: ${disputeDashboardUrl(detail.dispute ?? '')}`,
    ]),
} satisfies Partial<Record<OrderMailKind, StepMailWriter>>;

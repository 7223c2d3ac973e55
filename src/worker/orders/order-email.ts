import { confirmationGreeting } from '#worker/mail/greeting.ts';
import { formatMinor } from '#shared/money.ts';
import { shopTime } from '#shared/policy/shop-time.ts';
import { addressLines } from '#shared/orders/address-lines.ts';
import { adminOrderPath, invoicePath, orderPagePath } from './order-number.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';
import { marketHref, marketOfStored } from '#shared/market/market.ts';

import type { MailMessage } from '#worker/mail/mailer.ts';
import { quoted } from '#worker/mail/quoted-text.ts';
import type { Settings } from '#worker/base/settings.ts';
import { orderAmounts, type StoredOrder } from './order-queries.ts';
import { orderTotalRows } from '#shared/orders/order-totals.ts';

type MailSettings = Pick<Settings, 'SITE_URL' | 'CONTACT_TO_EMAIL' | 'CONTACT_FROM_EMAIL' | 'ORDERS_TO_EMAIL'>;

/** Lines, discount, shipping, tax and total as a plain-text table, in the order's currency. */
function summary(order: StoredOrder): string[] {
  const money = (minor: number) => formatMinor(minor, order.currency);
  return [
    ...order.lines.map((l) => `  ${l.quantity} × ${l.name}  ${money(l.unitAmount * l.quantity)}`),
    '',
    ...orderTotalRows(orderAmounts(order), order.shippingOption).map((row) => `  ${row.label}  ${row.value}`),
  ];
}

/** The name and address the shopper gave at Stripe, indented as the summary is, quoted (their words). */
const shipTo = (order: StoredOrder) => [order.name, ...addressLines(order.shippingAddress)].filter(Boolean).map((l) => `  ${quoted(l)}`);

const pageUrl = (order: StoredOrder, settings: MailSettings) => new URL(orderPagePath(order.number, order.token), settings.SITE_URL).href;

/**
 * The shopper's confirmation: number, lines, where it ships, the total and the order page's link.
 * A pending order (a delayed payment method) says the payment is still being confirmed.
 */
export function orderConfirmationEmail(order: StoredOrder, settings: MailSettings, extra: readonly string[] = []): MailMessage | null {
  if (!order.email) return null;
  const pending = order.status === 'pending';
  const address = addressLines(order.shippingAddress);
  return {
    mailId: `order-${order.number}-confirmation`,
    to: order.email,
    from: settings.CONTACT_FROM_EMAIL,
    replyTo: settings.CONTACT_TO_EMAIL,
    subject: pending ? `Order ${order.number} received: payment being confirmed` : `Order confirmed: ${order.number}`,
    text: [
      confirmationGreeting(order.name ?? ''),
      '',
      `Thank you for your order with ${site.brand}. Your order number is ${order.number}.`,
      ...(pending
        ? ['Your payment is being confirmed by your bank. We will ship your order as soon as it is, and your order page shows when.']
        : ['Your payment has been received and your order is being prepared.']),
      '',
      ...summary(order),
      ...(address.length > 0 ? ['', 'Shipping to:', ...shipTo(order)] : []),
      '',
      `Your order page: ${pageUrl(order, settings)}`,
      // Stripe's own invoice where it made one (Stripe Tax on); the shop's otherwise, once paid.
      ...(pending ? [] : [`Your invoice: ${order.invoiceUrl ?? new URL(invoicePath(order.number, order.token), settings.SITE_URL).href}`]),
      `Returns, and all your orders with this address: ${new URL(marketHref(marketOfStored(order.region), '/orders'), settings.SITE_URL).href}`,
      ...(extra.length > 0 ? ['', ...extra] : []),
      '',
      `Questions? Reply to this e-mail or write to ${settings.CONTACT_TO_EMAIL} (${shopInfo.replyPromise.toLowerCase()}),`,
      `call ${shopInfo.phone} or message us on WhatsApp: ${shopInfo.whatsappUrl}`,
      '',
      site.brand,
    ].join('\n'),
  };
}

/** The shop's "New order": everything needed to pack and ship it, replies going to the shopper. */
export function newOrderEmail(order: StoredOrder, settings: MailSettings): MailMessage {
  // A campaign's values come from the address the shopper arrived by: anyone's words.
  const campaign = order.campaign && Object.entries(order.campaign).map(([k, v]) => `${k}=${quoted(v)}`);
  // A payment link sold what the shop no longer had (two buyers in the same seconds): said first.
  const oversold = order.lines
    .filter((l) => l.short > 0)
    .map((l) => `${l.name}: oversold: ${l.short} short (restock it, or tell the customer).`);
  // A payment link's line the shop could not match to a product file: its stock did not move.
  const unplaced = order.lines
    .filter((l) => l.productId === null)
    .map(
      (l) =>
        `${l.name}: not matched to a product (its payment link is in no product file): stock did not move; adjust it with npm run stock.`,
    );
  return {
    mailId: `order-${order.number}-notification`,
    to: settings.ORDERS_TO_EMAIL ?? settings.CONTACT_TO_EMAIL,
    from: settings.CONTACT_FROM_EMAIL,
    ...(order.email ? { replyTo: order.email } : {}),
    subject: `[New order ${order.number}] ${formatMinor(order.total, order.currency)}, ${order.status}`,
    text: [
      ...(oversold.length + unplaced.length > 0 ? [...oversold, ...unplaced, ''] : []),
      `Order: ${order.number} (${order.status})`,
      `Placed: ${shopTime(order.createdAt)}`,
      `Customer: ${order.name === null ? '(no name)' : quoted(order.name)} <${order.email === null ? 'no e-mail' : quoted(order.email)}>`,
      '',
      ...summary(order),
      '',
      'Ship to:',
      ...shipTo(order),
      '',
      `Region: ${order.region ?? '(unknown)'}`,
      ...(campaign?.length ? [`Campaign: ${campaign.join(', ')}`] : []),
      ...(order.paymentLink ? [`Payment link: ${order.paymentLink}`] : []),
      `Stripe Checkout Session: ${order.sessionId}`,
      `In the back office: ${new URL(adminOrderPath(order.number), settings.SITE_URL).href}`,
    ].join('\n'),
  };
}

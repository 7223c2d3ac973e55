import { formatMinor } from '#shared/money.ts';
import { marketHref } from '#shared/market/market.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';
import { shipsFrom } from '#shared/policy/ships-from.ts';
import { OUTCOME_NAMES, REASON_NAMES, YOUR_OUTCOME, YOUR_REASON, type ReturnReason } from '#shared/after-sale/return-rules.ts';
import { site } from '#shared/site/brand.ts';
import type { OrderStepDetail } from '#shared/timeline/order-timeline.ts';
import type { AfterSaleMailKind } from '#shared/after-sale/after-sale-kinds.ts';
import { lineName, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { StepMailWriter } from '#worker/orders/order-step-email.ts';
import { quoted } from '#worker/mail/quoted-text.ts';
import { differencePath } from './exchanges.ts';

/** Whose fault sends the goods back decides who pays the postage (the policy: the customer, unless the error was ours). */
const OUR_ERROR: readonly string[] = ['damaged', 'wrong_item', 'warranty_fault'] satisfies ReturnReason[];

type ShopperKind = 'return_requested' | 'return_accepted' | 'return_refused' | 'return_received' | 'exchange_shipped';

/**
 * The words of a return's mails to the shopper, in the shop's voice ("you asked for a refund to your
 * card", never the form's "my card"): what was asked, what to do, what the shop decided, what it gave,
 * and an exchange's difference with the link that takes it.
 */
export function returnEmail(
  kind: ShopperKind,
  order: StoredOrder,
  detail: OrderStepDetail,
  payLink: string,
): { subject: string; body: string[] } {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const request = detail.request ?? order.number;
  const items = (detail.lines ?? []).map((l) => `- ${l.quantity} × ${lineName(order, l.productId)}`).join('\n');
  const from = shipsFrom(order.currency);
  const postage = OUR_ERROR.includes(detail.reason ?? '')
    ? 'The postage is on us: keep the receipt and send us a photo of it, and we pay it back.'
    : 'The postage is yours to pay (the policy: the customer pays return shipping unless the error was ours).';
  const wants = detail.wants ?? 'refund';
  const exchangeFor = detail.answer ? `${detail.answer} instead` : YOUR_OUTCOME.exchange;
  // The way to pay is its own line: the mail's button says what it does and how much.
  const payLine = `Pay the ${money(detail.amount ?? 0)} difference: ${payLink}`;
  const difference =
    wants === 'exchange' && (detail.amount ?? 0) > 0
      ? [`${detail.answer ?? 'The product you chose'} costs ${money(detail.amount ?? 0)} more than what you send back.`, payLine]
      : [];
  switch (kind) {
    case 'return_requested':
      return {
        subject: `Your return request ${request}`,
        body: [
          `We have your request ${request} for order ${order.number}:`,
          items,
          `Reason: ${YOUR_REASON[(detail.reason ?? 'changed_mind') as ReturnReason]}. You asked for ${wants === 'exchange' ? exchangeFor : YOUR_OUTCOME[wants]}.`,
          ...difference,
          '',
          'What to do now:',
          `1. Pack the items ${detail.reason === 'changed_mind' ? `${returnsPolicy.condition}` : 'with everything that came with them'}, with a note saying ${request}.`,
          `2. Send the parcel to: ${[site.brand, ...from.lines].join(', ')}.`,
          `3. ${postage}`,
          `We check the request and e-mail you within one business day; once the parcel arrives we settle it${wants === 'exchange' ? ' and send your exchange (once any difference is paid)' : ''}.`,
        ],
      };
    case 'return_accepted':
      return {
        subject: `Return ${request} accepted`,
        body: [
          `We have accepted your request ${request} for order ${order.number}. If the parcel has not left yet, send it to: ${[site.brand, ...from.lines].join(', ')}, with a note saying ${request}.`,
          `Once it arrives we give you ${wants === 'exchange' ? exchangeFor : YOUR_OUTCOME[wants]}.`,
        ],
      };
    case 'return_refused':
      return {
        subject: `Return ${request}: we cannot accept it`,
        body: [
          `We cannot accept your request ${request} for order ${order.number}.`,
          `Why: ${detail.answer ?? 'see our returns policy'}.`,
          ...(detail.amount
            ? [
                `The ${money(detail.amount)} you paid for the exchange's difference goes back to the card you paid it with; it usually shows within 5–10 business days.`,
              ]
            : []),
          'If you think we got this wrong, reply to this e-mail and tell us.',
        ],
      };
    case 'return_received':
      return {
        subject: `Return ${request} received`,
        body: [
          `Your parcel for ${request} (order ${order.number}) has arrived.`,
          ...(wants === 'exchange'
            ? (detail.amount ?? 0) > 0 && detail.answer !== 'ready'
              ? ['We send your exchange once the difference is paid.', payLine]
              : ['Your exchange is paid for: we are sending it now and e-mail you when it leaves us.']
            : detail.code
              ? [
                  `Your store credit: ${money(detail.amount ?? 0)}, code ${detail.code}.`,
                  // How the figure was worked out: 110% of what is left of the payment for these goods.
                  ...(detail.basis
                    ? [
                        `That is ${returnsPolicy.storeCreditPercent}% of ${money(detail.basis)}: what is left of your payment for the items you sent back, after anything already refunded on the order.`,
                      ]
                    : []),
                  `Type it in the code box of your cart at ${site.brand}, on an order in ${order.currency}. If your order comes to less, what stays comes back to you as a new code.`,
                ]
              : [detail.answer ?? 'We are sending you a repair or a replacement and e-mail you when it is on its way.']),
        ],
      };
    case 'exchange_shipped':
      return {
        subject: `Your exchange ${request} is on its way`,
        body: [
          `The product you chose for ${request} (order ${order.number}) has left us${detail.carrier ? ` with ${detail.carrier}` : ''}.`,
          ...(detail.tracking ? [`Tracking number: ${detail.tracking}`] : []),
          ...(detail.url ? [`Follow it on ${detail.carrier ?? 'the carrier'}’s page: ${detail.url}`] : []),
        ],
      };
  }
}

/** The shop's own word of a new request: what, why, what is wanted, where to answer it. */
const toShop: StepMailWriter = ({ order, detail, money, toShop: write }) =>
  write(`Return requested: ${detail.request ?? order.number} (${REASON_NAMES[(detail.reason ?? 'changed_mind') as ReturnReason]})`, [
    `${order.email === null ? 'The shopper' : quoted(order.email)} asks to send back, from order ${order.number}:`,
    ...(detail.lines ?? []).map((l) => `- ${l.quantity} × ${lineName(order, l.productId)}`),
    `Reason: ${REASON_NAMES[(detail.reason ?? 'changed_mind') as ReturnReason]}. Wants ${detail.wants === 'exchange' && detail.answer ? `an exchange for ${detail.answer}${(detail.amount ?? 0) > 0 ? ` (${money(detail.amount ?? 0)} more, to be paid by the shopper)` : ''}` : OUTCOME_NAMES[detail.wants ?? 'refund']}.`,
    'Accept or refuse it from the order’s page in the back office.',
  ]);

/** A return's mail to the shopper at one of its states, with the link that pays an exchange's difference. */
const aboutReturn =
  (kind: ShopperKind): StepMailWriter =>
  ({ order, detail, settings, market, toShopper }) => {
    const pay = new URL(`${marketHref(market, differencePath(order, detail.request ?? ''))}?token=${order.token}`, settings.SITE_URL).href;
    const { subject, body } = returnEmail(kind, order, detail, pay);
    return toShopper(subject, body);
  };

/** How long a card refund takes to show, as the shopper is told. */
const REFUND_DAYS = '5–10 business days';

/**
 * Every mail the after-sale owes, one writer per kind (the compiler holds that none is missing): a
 * request's answer at each state in the shop's words, an exchange sent, a refund Stripe confirmed,
 * credit kept or given back, and the shop's own news of a request, an overpaid difference and a refund
 * that failed at the bank.
 */
export const afterSaleStepWriters = {
  return_requested: aboutReturn('return_requested'),
  return_accepted: aboutReturn('return_accepted'),
  return_refused: aboutReturn('return_refused'),
  return_received: aboutReturn('return_received'),
  exchange_shipped: aboutReturn('exchange_shipped'),
  return_to_shop: toShop,
  refund_issued: ({ order, detail, money, toShopper }) =>
    toShopper(`Refund issued: order ${order.number}`, [
      `We have refunded ${money(detail.amount ?? 0)} for order ${order.number}.`,
      ...(detail.refunded !== undefined && detail.refunded < order.total
        ? [`In all, ${money(detail.refunded)} of ${money(order.total)} has been refunded.`]
        : []),
      `It goes back to the card you paid with and usually shows within ${REFUND_DAYS}, depending on your bank.`,
    ]),
  refund_failed: ({ order, detail, money, toShop: write }) =>
    write(`Refund failed: order ${order.number} (${money(detail.amount ?? 0)})`, [
      `Stripe says the refund ${detail.refund ?? ''} of ${money(detail.amount ?? 0)} on order ${order.number} failed at the shopper’s bank: the money stays with the shop.`,
      'The order’s page counts it as not given back, so it can be refunded again (or given as store credit). Stripe’s Dashboard says why it failed.',
    ]),
  difference_overpaid: ({ order, detail, money, toShop: write }) =>
    write(`Exchange ${detail.request ?? order.number}: difference paid beyond what was owed`, [
      `The shopper of order ${order.number} paid ${money(detail.amount ?? 0)} more for exchange ${detail.request ?? ''} than it owes (two payment pages paid, or the exchange was refused after they paid).`,
      'The extra is being refunded to the card it came from; the order’s page shows it once Stripe confirms it. Nothing for you to do.',
    ]),
  credit_restored: ({ order, detail, money, toShopper }) =>
    toShopper(`Your store credit: ${money(detail.amount ?? 0)} back as code ${detail.code ?? ''}`, [
      `Order ${order.number} was paid in part with store credit. What of it stands for ${detail.request?.endsWith('-cancelled') ? 'the order, now cancelled,' : `the items you sent back (${detail.request ?? ''})`} comes back as credit: ${money(detail.amount ?? 0)}, code ${detail.code ?? ''}.`,
      `Type it in the code box of your cart at ${site.brand}, on an order in ${order.currency}.`,
    ]),
  credit_kept: ({ order, detail, money, toShopper }) =>
    toShopper(`Your store credit: ${money(detail.amount ?? 0)} kept for you`, [
      `Order ${order.number} used store credit code ${detail.answer ?? ''}, and came to less than it was worth.`,
      `What was not used, ${money(detail.amount ?? 0)}, stays yours as a new code: ${detail.code ?? ''}.`,
      `Type it in the code box of your cart at ${site.brand}, on an order in ${order.currency}; the old code no longer works.`,
    ]),
  credit_withdrawn: ({ order, detail, money, toShopper }) =>
    toShopper(`Your store credit code ${detail.code ?? ''} is switched off`, [
      `The payment of order ${order.number} that your store credit code ${detail.code ?? ''} stood for has gone back to you another way (${detail.answer ?? 'a refund'}), so the code no longer works.`,
      ...((detail.amount ?? 0) > 0
        ? [
            `What is still yours, ${money(detail.amount ?? 0)}, is a new code: ${detail.newCode ?? ''}. Type it in the code box of your cart at ${site.brand}, on an order in ${order.currency}.`,
          ]
        : []),
    ]),
  exchange_repriced: ({ order, detail, money, settings, market, toShopper }) => {
    const pay = new URL(`${marketHref(market, differencePath(order, detail.request ?? ''))}?token=${order.token}`, settings.SITE_URL).href;
    return toShopper(`Exchange ${detail.request ?? ''}: ${money(detail.amount ?? 0)} to pay`, [
      `Part of the payment of order ${order.number} has gone back to you another way (${detail.answer ?? 'a refund'}), so what you sent back covers less of exchange ${detail.request ?? ''}.`,
      `The difference to pay is now ${money(detail.amount ?? 0)}; the exchange is sent once it is paid.`,
      `Pay the ${money(detail.amount ?? 0)} difference: ${pay}`,
    ]);
  },
  account_changed: ({ order, detail, toShop: write }) =>
    write(`Order ${order.number}: its accounts moved on Stripe’s word`, [
      detail.answer ?? 'Stripe reported money moving on this order that the shop had not decided.',
      'The order’s page in the back office shows each account: the charge, each difference, each store credit code.',
    ]),
} satisfies Record<AfterSaleMailKind, StepMailWriter>;

import { formatMinor } from '#shared/money.ts';
import { returnsPolicy } from '#shared/policy/figures.ts';
import { shipsFrom } from '#shared/policy/ships-from.ts';
import { OUTCOME_WORDS, REASON_WORDS, type ReturnReason } from '#shared/orders/return-rules.ts';
import { site } from '#shared/site/brand.ts';
import type { OrderMailKind, OrderStepDetail } from '#worker/db/schema.ts';
import type { StoredOrder } from '#worker/orders/order-queries.ts';
import type { StepMailContext, StepMailWriter } from '#worker/orders/order-step-email.ts';

/** Whose fault sends the goods back decides who pays the postage (the policy: the customer, unless the error was ours). */
const OUR_ERROR: readonly string[] = ['damaged', 'wrong_item', 'warranty_fault'] satisfies ReturnReason[];

/** The words of a return request's mails to the shopper: what was asked, what to do, what the shop decided, what it gave. */
export function returnMail(
  kind: 'return_requested' | 'return_accepted' | 'return_refused' | 'return_received',
  order: StoredOrder,
  detail: OrderStepDetail,
): { subject: string; body: string[] } {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const request = detail.request ?? order.number;
  const items = (detail.lines ?? [])
    .map((l) => `- ${l.quantity} × ${order.lines.find((o) => o.productId === l.productId)?.name ?? `product ${l.productId}`}`)
    .join('\n');
  const from = shipsFrom(order.currency);
  const postage = OUR_ERROR.includes(detail.reason ?? '')
    ? 'The postage is on us: keep the receipt and send us a photo of it, and we pay it back.'
    : 'The postage is yours to pay (the policy: the customer pays return shipping unless the error was ours).';
  switch (kind) {
    case 'return_requested':
      return {
        subject: `Your return request ${request}`,
        body: [
          `We have your request ${request} for order ${order.number}:`,
          items,
          `Reason: ${REASON_WORDS[(detail.reason ?? 'changed_mind') as ReturnReason]}. You asked for: ${OUTCOME_WORDS[detail.wants ?? 'refund'].toLowerCase()}.`,
          '',
          'What to do now:',
          `1. Pack the items ${detail.reason === 'changed_mind' ? `${returnsPolicy.condition}` : 'with everything that came with them'}, with a note saying ${request}.`,
          `2. Send the parcel to: ${[site.brand, ...from.lines].join(', ')}.`,
          `3. ${postage}`,
          'We check the request and e-mail you within one business day; once the parcel arrives we settle it.',
        ],
      };
    case 'return_accepted':
      return {
        subject: `Return ${request} accepted`,
        body: [
          `We have accepted your request ${request} for order ${order.number}. If the parcel is not on its way yet, send it to: ${[site.brand, ...from.lines].join(', ')}, with a note saying ${request}.`,
          `Once it arrives we give you ${OUTCOME_WORDS[detail.wants ?? 'refund'].toLowerCase()}.`,
        ],
      };
    case 'return_refused':
      return {
        subject: `Return ${request}: we cannot accept it`,
        body: [
          `We cannot accept your request ${request} for order ${order.number}.`,
          `Why: ${detail.answer ?? 'see our returns policy'}.`,
          'If you think we got this wrong, reply to this e-mail and tell us.',
        ],
      };
    case 'return_received':
      return {
        subject: `Return ${request} received`,
        body: [
          `Your parcel for ${request} (order ${order.number}) has arrived.`,
          ...(detail.wants === 'exchange' && detail.code
            ? [
                `Your exchange for ${detail.answer ?? 'the product you chose'}: code ${detail.code} takes ${money(detail.amount ?? 0)} off it.`,
                `Open this link, add it to your cart and check out; you pay only the difference and delivery: ${detail.url ?? ''}`,
                'The code works once, on one order.',
              ]
            : detail.code
              ? [
                  `Your store credit: ${money(detail.amount ?? 0)}, code ${detail.code}.`,
                  `Type it in the code box of your cart at ${site.brand}; it works once, on one order in ${order.currency}.`,
                ]
              : [detail.answer ?? 'We are sending you a repair or a replacement and e-mail you when it is on its way.']),
        ],
      };
  }
}

/** The step mails returns/ owes: a request's answer at each state, in the shop's words. */
export const returnStepWriters = Object.fromEntries(
  (['return_requested', 'return_accepted', 'return_refused', 'return_received'] as const).map((kind) => [
    kind,
    ({ order, detail, toShopper }: StepMailContext) => {
      const { subject, body } = returnMail(kind, order, detail);
      return toShopper(subject, body);
    },
  ]),
) as Partial<Record<OrderMailKind, StepMailWriter>>;

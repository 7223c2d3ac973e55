import { formatMinor } from '#shared/money.ts';
import type { DisputeHold } from '#shared/orders/dispute-hold.ts';
import { SHIPPABLE, type FulfilmentStatus, type PaymentStatus } from '#shared/orders/order-status.ts';
import type { Currency } from '#shared/region/region.ts';
import type { AfterSale } from '#shared/orders/after-sale-summary.ts';

/**
 * Where an order stands, from its payment, its goods and its ledger's summary (after-sale.ts): the
 * same words on the order page, in every mail, the shopper's list, the back office and
 * `npm run orders`. Goods that came back are never "on their way"; money given back says how much.
 */
export interface StandingOrder {
  status: PaymentStatus;
  fulfilment: FulfilmentStatus;
  refunded: number;
  total: number;
  currency: Currency;
  afterSale: AfterSale | null;
  /** A shipped parcel's due day, in words, once it has passed without word of delivery: it is no longer "on its way". */
  deliveredBy?: string | null;
  /** The day the owner marked the parcel delivered, in words. */
  deliveredOn?: string | null;
}

type Goods =
  'unfulfilled' | 'shipped' | 'return_asked' | 'partly_returned' | 'returned' | 'exchange_waiting' | 'exchange_ready' | 'exchange_shipped';

/** Where the goods are: an exchange's state first, then back (all or some), then shipped or not. */
function goodsOf(o: StandingOrder): Goods {
  const a = o.afterSale;
  if (a?.exchange === 'shipped') return 'exchange_shipped';
  if (a?.exchange === 'ready') return 'exchange_ready';
  if (a?.exchange === 'waiting') return 'exchange_waiting';
  if (o.fulfilment === 'returned' || (a && a.bought > 0 && a.back >= a.bought)) return 'returned';
  if (a && a.back > 0) return 'partly_returned';
  if (a && a.asked > 0) return 'return_asked';
  return o.fulfilment === 'shipped' ? 'shipped' : 'unfulfilled';
}

const GOODS_WORDS: Record<Goods, string> = {
  unfulfilled: 'being prepared',
  shipped: 'shipped',
  return_asked: 'return asked',
  partly_returned: 'partly returned',
  returned: 'returned',
  exchange_waiting: 'exchange asked',
  exchange_ready: 'exchange to send',
  exchange_shipped: 'Exchange on its way',
};

/** The money in a few words: "Paid", "Partly refunded: £10.00", "Refunded". */
function moneyWords(o: StandingOrder): string {
  if (o.refunded >= o.total && o.refunded > 0) return 'Refunded';
  if (o.refunded > 0) return `Partly refunded: ${formatMinor(o.refunded, o.currency)}`;
  if (o.afterSale?.credit) return `Store credit: ${formatMinor(o.afterSale.credit, o.currency)}`;
  return 'Paid';
}

/** Both in a few words, for lists: "Returned, Refunded", "Paid, shipped", "Exchange on its way". */
export function shortStanding(o: StandingOrder): string {
  if (o.status === 'failed') return 'Payment failed';
  if (o.status === 'pending') return 'Payment being confirmed';
  const goods = goodsOf(o);
  if (goods === 'exchange_shipped') return GOODS_WORDS[goods];
  const money = moneyWords(o);
  if (goods === 'returned') return `Returned, ${money.charAt(0).toLowerCase()}${money.slice(1)}`;
  return `${money}, ${GOODS_WORDS[goods]}`;
}

/** Where the order stands, in the shopper's words (the order page, every mail's footer). */
export function standingSentences(o: StandingOrder): string[] {
  const sentences: string[] = [];
  if (o.status === 'pending') sentences.push('Payment received and being confirmed by your bank; we ship once it is.');
  if (o.status === 'failed') sentences.push('The payment did not go through, so nothing was charged and nothing will ship.');
  const a = o.afterSale;
  switch (goodsOf(o)) {
    case 'exchange_shipped':
      sentences.push('Exchange on its way: the product you chose instead has left us.');
      break;
    case 'exchange_ready':
      sentences.push('Your return has arrived and your exchange is paid for: we are sending it.');
      break;
    case 'exchange_waiting':
      sentences.push('Exchange asked: it ships once your return has arrived and any difference is paid.');
      break;
    case 'returned':
      sentences.push('Returned: the goods have come back to us.');
      break;
    case 'return_asked':
      sentences.push(`Return under way: ${a?.asked ?? 0} of ${a?.bought ?? 0} items asked back.`);
      break;
    case 'partly_returned':
      sentences.push(`Partly returned: ${a?.back ?? 0} of ${a?.bought ?? 0} items have come back to us.`);
      break;
    case 'shipped':
      if (o.deliveredOn) sentences.push(`Delivered on ${o.deliveredOn}.`);
      else sentences.push(o.deliveredBy ? `Shipped: it should have arrived by ${o.deliveredBy}.` : 'Shipped: your order is on its way.');
      break;
    case 'unfulfilled':
      if ((SHIPPABLE as readonly PaymentStatus[]).includes(o.status)) sentences.push('Paid: your order is being prepared for shipping.');
  }
  if (o.refunded >= o.total && o.refunded > 0) sentences.push(`Refunded: ${formatMinor(o.refunded, o.currency)}, all of it.`);
  else if (o.refunded > 0) sentences.push(`Partly refunded: ${formatMinor(o.refunded, o.currency)}.`);
  if (a?.credit)
    sentences.push(
      `Store credit: ${formatMinor(a.credit, o.currency)}${a.creditLeft < a.credit ? `, ${formatMinor(a.creditLeft, o.currency)} of it not spent yet` : ''}.`,
    );
  return sentences;
}

/** Where the order stands, in the owner's words: what it means for the parcel (the back office's order page). */
export function ownerStanding(o: StandingOrder, dispute: DisputeHold | null): string[] {
  const sentences: string[] = [];
  if (o.status === 'pending') sentences.push('The payment is not confirmed yet (a delayed method): ship once it is.');
  if (o.status === 'failed') sentences.push('The payment failed: nothing was taken and nothing ships.');
  const a = o.afterSale;
  const goods = goodsOf(o);
  if (goods === 'unfulfilled' && !dispute && (SHIPPABLE as readonly PaymentStatus[]).includes(o.status))
    sentences.push('Paid and waiting to be packed and shipped.');
  if (goods === 'shipped')
    sentences.push(
      o.deliveredOn
        ? `Delivered on ${o.deliveredOn}.`
        : o.deliveredBy
          ? `Past its expected day (${o.deliveredBy}) with no word of delivery.`
          : 'On its way.',
    );
  if (goods === 'return_asked') sentences.push(`Shipped; ${a?.asked ?? 0} of ${a?.bought ?? 0} units asked back.`);
  if (goods === 'partly_returned') sentences.push(`${a?.back ?? 0} of ${a?.bought ?? 0} units have come back.`);
  if (goods === 'returned') sentences.push('Every unit has come back.');
  if (goods === 'exchange_waiting') sentences.push('An exchange waits for its parcel or its difference.');
  if (goods === 'exchange_ready') sentences.push('An exchange is paid for and its parcel arrived: send it.');
  if (goods === 'exchange_shipped') sentences.push('The exchange has been sent.');
  if (o.refunded >= o.total && o.refunded > 0) sentences.push('The whole payment has been refunded.');
  else if (o.refunded > 0) sentences.push(`Partly refunded: ${formatMinor(o.refunded, o.currency)}.`);
  if (a?.credit)
    sentences.push(`Store credit issued: ${formatMinor(a.credit, o.currency)} (${formatMinor(a.creditLeft, o.currency)} not spent).`);
  return sentences;
}

import { parcelOf, type ParcelTyped } from '#shared/orders/carriers.ts';
import { differenceFailed, differencePending, payDifference, shipExchange } from '#shared/after-sale/ledger-moves.ts';
import {
  differenceExcess,
  differenceLeft,
  differenceOwed,
  differenceProcessing,
  exchangeOf,
  ledgerOf,
} from '#shared/after-sale/order-ledger.ts';
import { marketHref, marketOfStored } from '#shared/market/market.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { nowSeconds } from '#worker/base/clock.ts';
import { Refusal } from '#worker/base/refusal.ts';
import { mailOwedSteps, onLedger, readLedger } from './accounts/ledger-store.ts';
import type { OrderActionDeps } from '#worker/orders/order-deps.ts';
import { orderPagePath } from '#worker/orders/order-number.ts';
import { orderByNumber, type StoredOrder } from '#worker/orders/order-queries.ts';
import type { RecordDeps } from '#worker/orders/record-session.ts';
import { CheckoutUnavailableError } from '#worker/payments/checkout-gateway.ts';
import type { StripeEventHandler } from '#worker/payments/stripe-event-handlers.ts';
import { syncRefunds } from './accounts/refund-events.ts';
import { refundOnLedger } from './accounts/charge-refunds.ts';
import { productLookup } from '#worker/products/product-queries.ts';
import { returnRequests } from './after-sale-tables.ts';
import { and, eq, sql } from 'drizzle-orm';
import { stockMoveStatements } from '#worker/stock/stock-moves.ts';
import { stockChanged } from '#worker/stock/stock-changed.ts';
import { stockCounts } from '#worker/stock/stock-queries.ts';

/** Where the shopper pays an exchange's difference: a page of the order (its key opens it) that sends them to Stripe. */
export const differencePath = (order: { number: string }, request: string) => `/orders/${order.number}/returns/${request}/pay`;

/**
 * How long a difference's Checkout Session takes payment, from the start of the hour it was asked in:
 * 23.5 hours, so the same hour's requests send Stripe the same parameters under the same key (the
 * session lives 22.5 to 23.5 hours: within Stripe's 30 minutes to 24 hours).
 */
const SESSION_SECONDS = 23.5 * 3600;

/**
 * A Stripe Checkout Session for what an exchange still owes (its ledger's differenceOwed): one line,
 * no address (the exchange ships to the order's), no codes; paid, its webhook writes the payment on
 * the ledger (exchangeDifferenceHandler). While the session it made takes payment for what is owed,
 * the link opens that one again (an hour later too), so a difference is never payable twice at once;
 * the same request within the hour is the same session at Stripe (its idempotency key).
 */
export async function differenceCheckout(deps: Pick<OrderActionDeps, 'db' | 'gateway' | 'settings'>, order: StoredOrder, request: string) {
  const read = await readLedger(deps.db, order.id);
  const exchange = read && exchangeOf(read.ledger, request);
  if (!read || !exchange) throw new Refusal(`There is no exchange ${request.slice(0, 24)} on this order.`, 'unknown');
  const owed = differenceOwed(read.ledger, request);
  if (owed === 0 && differenceProcessing(read.ledger, request) > 0)
    throw new Refusal('Your payment of the difference is on its way (a bank debit or transfer takes a few days): nothing more to pay now.');
  if (owed === 0) throw new Refusal('The difference for this exchange is paid already: nothing more to pay.');
  if (!deps.gateway) throw new Refusal('Payments are not set up on this shop: write to us to pay the difference.', 'unavailable');
  const product = exchange.productId === null ? undefined : (await productLookup(deps.db, [exchange.productId]))(exchange.productId);
  const name = product ? plainName(product.name) : 'the product you chose';
  const back = new URL(marketHref(marketOfStored(order.region), orderPagePath(order.number, order.token)), deps.settings.SITE_URL).href;
  const hour = Math.floor(nowSeconds() / 3600);
  try {
    // One open payment per amount owed: the session made before is opened again while it takes payment
    // for what is owed now; one for another amount (or past its time) is expired at Stripe first.
    const [kept] = await deps.db
      .select({ session: returnRequests.differenceSession, tries: returnRequests.differenceTries })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderId, order.id), eq(returnRequests.number, request)));
    const before = kept?.session ? await deps.gateway.readSession(kept.session) : null;
    if (before?.status === 'open' && before.total === owed && before.url) return before.url;
    if (before?.status === 'open') await deps.gateway.expireSession(before.id);
    const session = await deps.gateway.createSession(
      {
        currency: order.currency,
        lines: [
          {
            productId: exchange.productId ?? 0,
            name: `Exchange ${request}: the difference for ${name}`,
            image: new URL(product?.image_url ?? '/icon-512.png', deps.settings.SITE_URL).href,
            quantity: 1,
            unitAmount: owed,
          },
        ],
        shipping: [],
        shipToCountries: [],
        successUrl: back,
        cancelUrl: back,
        metadata: { exchange: request, order: order.number },
        expiresAt: hour * 3600 + SESSION_SECONDS,
        promotionCode: 'none',
        tax: false,
        shippingMessage: null,
      },
      // After a failure Stripe would answer the same key with the same error until the hour ends: a new try is a new key.
      `exchange-difference-${request}-${owed}-${hour}-${kept?.tries ?? 0}`,
    );
    await deps.db.update(returnRequests).set({ differenceSession: session.id }).where(eq(returnRequests.number, request));
    return session.url;
  } catch (err) {
    const status = err instanceof CheckoutUnavailableError ? err.status : undefined;
    await deps.db
      .update(returnRequests)
      .set({ differenceTries: sql`${returnRequests.differenceTries} + 1` })
      .where(eq(returnRequests.number, request))
      .catch(() => undefined);
    throw new Refusal(`The payment page could not be opened${status ? ` (error ${status})` : ''}. Try again in a minute.`, 'unavailable');
  }
}

/**
 * The difference's payment page, closed at Stripe once nothing is owed on it any more (the exchange
 * refused or settled another way): a shopper with the page still open can no longer pay what would only
 * be refunded. Never throws: a page Stripe cannot close now is refunded if paid.
 */
export async function closeDifferencePage(deps: Pick<OrderActionDeps, 'db' | 'gateway' | 'log'>, request: string): Promise<void> {
  const [kept] = await deps.db
    .select({ session: returnRequests.differenceSession })
    .from(returnRequests)
    .where(eq(returnRequests.number, request));
  if (!kept?.session || !deps.gateway) return;
  try {
    const page = await deps.gateway.readSession(kept.session);
    if (page?.status === 'open') await deps.gateway.expireSession(page.id);
  } catch (err) {
    deps.log('warn', 'difference payment page not closed', { request, error: String(err) });
  }
}

/**
 * A paid difference (checkout.session.completed of a session the shop made for one): written on the
 * order's ledger once per session (its charge: a tender of its own), with its step. What it took
 * beyond what the exchange owes (a second payment page paid, or the exchange refused meanwhile) goes
 * back at once to that charge, and the owner is told. A refund of it Stripe reported first is
 * written now. Such a session is never an order (the next handler is told: `exchange`).
 */
export const exchangeDifferenceHandler: StripeEventHandler<RecordDeps> = async (deps, input) => {
  const session = await input.session();
  const request = session?.metadata.exchange;
  if (!session || !request) return {};
  if (session.status !== 'complete') return { exchange: request };
  const order = await orderByNumber(deps.db, session.metadata.order ?? '');
  if (!order || !request.startsWith(`${order.number}-R`)) {
    deps.log('error', 'exchange difference paid for no order of the shop', { request });
    return { exchange: request };
  }
  // A delayed method (a debit, a transfer): on its way when completed, then settled by its own event.
  if (session.paymentStatus !== 'paid') {
    const failed = input.event.type === 'checkout.session.async_payment_failed';
    await onLedger(deps.db, order.id, 'stripe', (l) => ({
      move: failed
        ? differenceFailed(l, session.id, request)
        : differencePending(l, session.id, request, session.total, session.paymentIntent),
      value: null,
    }));
    deps.log('info', failed ? 'exchange difference payment failed' : 'exchange difference payment on its way', { request });
    return { exchange: request };
  }
  await onLedger(deps.db, order.id, 'stripe', (l) => {
    const move = payDifference(l, `difference:${session.id}`, request, session.total, session.paymentIntent);
    const after = 'entries' in move ? ledgerOf(l.facts, [...l.entries, ...move.entries]) : l;
    const { excess } = differenceExcess(after, request);
    return {
      move,
      value: null,
      steps: [
        { step: `exchange:${request}:paid:${session.id}`, kind: 'exchange_paid', detail: { request, amount: session.total } },
        ...(excess > 0
          ? [
              {
                step: `exchange:${request}:overpaid:${session.id}`,
                kind: 'difference_overpaid' as const,
                detail: { request, amount: excess },
                mail: 'difference_overpaid' as const,
              },
            ]
          : []),
      ],
    };
  });
  deps.log('info', 'exchange difference paid', { request, amount: session.total });
  if (session.paymentIntent) await syncRefunds(deps, order, session.paymentIntent, session.paymentIntent);
  await refundDifferenceExcess(deps, order, request, 'stripe');
  deps.background(mailOwedSteps(deps, order.id));
  return { exchange: request };
};

/**
 * Gives back what a request's differences took beyond what its exchange owes (differenceExcess), each
 * part to the charge it came from, newest first; the shopper is mailed as Stripe confirms each. The
 * reservation is named by what that charge had given back before, so a retry or a second delivery
 * at once is the same refund. Returns what was sent back (minor units).
 */
export async function refundDifferenceExcess(deps: OrderActionDeps, order: StoredOrder, request: string, by: string): Promise<number> {
  const read = await readLedger(deps.db, order.id);
  if (!read || !deps.gateway) return 0;
  const owed = differenceExcess(read.ledger, request);
  let excess = owed.excess;
  let sent = 0;
  for (const { tender, left } of owed.charges) {
    if (excess <= 0) break;
    const before = read.ledger.differences.get(tender)?.givenBack ?? 0;
    const share = Math.min(excess, left);
    const { amount } = await refundOnLedger(deps, order, {
      base: `refund:excess:${tender}:${before}`,
      amountOf: (l) => Math.min(differenceExcess(l, request).excess, differenceLeft(l, tender), share),
      by,
      tender,
    });
    excess -= amount;
    sent += amount;
  }
  return sent;
}

/**
 * The exchange's product sent, once its parcel has come back and its difference is paid (the
 * ledger's shipExchange): the unit leaves stock as a sale of the order, the step and the shopper's
 * "Your exchange is on its way" in the same batch.
 */
export async function sendExchange(deps: OrderActionDeps, request: string, typed: ParcelTyped, by: string) {
  const parcel = parcelOf(typed);
  if ('refusal' in parcel) throw new Refusal(parcel.refusal, 'invalid');
  const number = request.replace(/-R\d+$/, '');
  const order = await orderByNumber(deps.db, number);
  if (!order) throw new Refusal(`There is no order ${number.slice(0, 24)}.`, 'unknown');
  const { value: productId } = await onLedger(deps.db, order.id, by, async (l) => {
    const move = shipExchange(l, request);
    if ('refusal' in move) throw new Refusal(`Exchange ${request} cannot be sent: ${move.refusal}.`);
    const product = move.entries[0]?.productId ?? null;
    // Offered in stock when asked, it may have sold out since: the owner restocks first (nothing is held for it).
    const [count] = product === null ? [] : await stockCounts(deps.db, [product]);
    if (count && count.onHand - count.reserved < 1)
      throw new Refusal(
        `Exchange ${request} cannot be sent: product ${product} is out of stock. Receive stock first, or refund the return.`,
      );
    return {
      move,
      value: product,
      steps: [
        { step: `exchange:${request}:shipped`, kind: 'exchange_shipped', detail: { request, ...parcel, by }, mail: 'exchange_shipped' },
      ],
      effects: (landed, at) =>
        product === null
          ? []
          : [
              ...stockMoveStatements(
                deps.db,
                { productId: product, change: -1, reason: 'sale', orderNumber: order.number, actor: by, note: `exchange ${request}` },
                landed,
                at,
              ),
            ],
    };
  });
  if (productId !== null) await stockChanged(deps, [productId]);
  await mailOwedSteps(deps, order.id);
  return `${request}: exchange sent; the shopper is told it is on its way.`;
}

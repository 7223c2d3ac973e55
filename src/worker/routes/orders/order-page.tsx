import type { Context } from 'hono';
import { PostalAddress } from '#worker/components/postal-address.tsx';
import { INVOICED_STATUSES } from '#shared/orders/invoice.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { orderTokenCookie, writeCookie } from '#worker/http/cookies.ts';
import { visitorOrder } from '#worker/routes/order-holder/visitor-order.ts';
import { standingSentences } from '#shared/timeline/standing.ts';

import { returnContext } from '#worker/after-sale/request-return.ts';
import { afterSaleStepWords, OrderReturns, orderReturnsOf, type OrderReturnsData } from '#worker/routes/after-sale/order-returns.tsx';
import { readProducts } from '#worker/catalogue/catalogue-reads.ts';
import { shortenedAddressLines } from '#shared/orders/address-lines.ts';
import type { FulfilmentStatus, PaymentStatus } from '#shared/orders/order-status.ts';
import { shownToShopper, type ShopperStepKind } from '#shared/timeline/order-timeline.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';
import { formatMarketDate } from '#shared/site/dates.ts';
import { marketOfStored, type Market } from '#shared/market/market.ts';
import { contactLink, yourOrdersLink } from '#shared/site/navigation.ts';
import { shortPage } from '#worker/frame/pages/short-page.tsx';
import type { Currency } from '#shared/region/region.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { OrderLines, type ShownOrderLine } from '#worker/components/order-lines.tsx';
import { orderAmounts } from '#worker/orders/order-queries.ts';
import type { OrderAmounts } from '#shared/orders/order-totals.ts';
import { parcelDays, type OrderStep } from '#worker/orders/order-steps.ts';
import { formatMinor } from '#shared/money.ts';
import type { PageHead } from '#worker/render/head.ts';
import { useHref } from '#ui/state/market-context.ts';

/** A step the shopper sees (disputes and refunds asked of Stripe are the shop's). */
type ShopperStep = OrderStep & { kind: ShopperStepKind };

export interface OrderPageData extends OrderAmounts {
  number: string;
  /** The market the order was placed in: its dates are written as there (the page's address has none). */
  market: Market | null;
  status: PaymentStatus;
  fulfilment: FulfilmentStatus;
  /** Where it stands, from its payment, goods and ledger (shared/timeline/standing.ts). */
  standing: string[];
  placedAt: string;
  lines: ShownOrderLine[];
  shippingOption: string | null;
  /** Street cut short: anyone holding the link sees this page. */
  address: string[];
  /** What happened to the order, oldest first (disputes are the shop's business, not shown). */
  timeline: ShopperStep[];
  /** Stripe's hosted invoice, where it made one. */
  invoiceUrl: string | null;
  /** The shop's own invoice, beside this page (its key's cookie reaches it), once paid; null before. */
  invoiceHref: string | null;
  /** What may be sent back now, and the requests so far. */
  returns: OrderReturnsData;
}

type Day = (isoDate: string) => string;

/** What an order's address without its key answers, whether or not the number is an order's: the way to it. */
function OrderNotShown() {
  const to = useHref();
  return (
    <>
      <p>This order opens from the link in its confirmation e-mail, on the device that has it.</p>
      <p>
        On another device, or without the e-mail:{' '}
        <a href={to(yourOrdersLink.href)} className="font-semibold text-red-800 underline">
          {yourOrdersLink.label}
        </a>{' '}
        mails a link to every order of your address.
      </p>
    </>
  );
}

/**
 * /orders/{number}?token=…: the shopper's page for one order, opened from the confirmation e-mail or
 * the thank-you page. Without the order's own token it is a 404 pointing to "Your orders", the same
 * whether or not the number exists (the token is compared in constant time); never stored by a
 * cache, never sent on as a referrer. The token leaves the address bar (Document drops it before analytics loads) and stays
 * in an HttpOnly cookie for this page's path.
 */
export async function load(c: Context<AppEnv>): Promise<OrderPageData | Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const order = await visitorOrder(c, c.req.path);
  if (!order) return shortPage(c, 404, 'Open your order from its e-mail', <OrderNotShown />);
  if (c.req.query('token') !== undefined) {
    writeCookie(c, orderTokenCookie(order.number, c.req.path), order.token);
  }
  // The timeline comes with the returns' context (which reads it for the window): read once.
  const [productById, { window, requests, ledger, steps }] = await Promise.all([
    readProducts(
      pageReads(c),
      order.lines.flatMap((l) => l.productId ?? []),
    ),
    returnContext(c.get('deps').db, order),
  ]);
  return {
    number: order.number,
    market: marketOfStored(order.region),
    status: order.status,
    fulfilment: order.fulfilment,
    standing: standingSentences({
      ...order,
      ...parcelDays(order, steps),
    }),
    placedAt: order.createdAt,
    lines: order.lines.map((l) => ({
      productId: l.productId,
      name: l.name,
      quantity: l.quantity,
      amount: l.unitAmount * l.quantity,
      product: l.productId === null ? undefined : productById(l.productId),
    })),
    ...orderAmounts(order),
    shippingOption: order.shippingOption,
    address: shortenedAddressLines(order.shippingAddress),
    timeline: steps.filter(shownToShopper),
    invoiceUrl: order.invoiceUrl,
    invoiceHref: (INVOICED_STATUSES as readonly string[]).includes(order.status) ? `${c.req.path}/invoice` : null,
    returns: orderReturnsOf(order, window, requests, ledger),
  };
}

export function head({ number }: OrderPageData): PageHead {
  return { title: `Order ${number}`, description: `Status and details of order ${number}.`, robots: 'noindex' };
}

/** A step as the shopper reads it: what happened, and what it came with (tracking, the amount refunded). */
function TimelineStep({ step, currency, day }: { step: ShopperStep; currency: Currency; day: Day }) {
  const d = step.detail ?? {};
  const money = (minor: number) => formatMinor(minor, currency);
  const what: Record<ShopperStepKind, string> = {
    pending: 'Order placed, payment being confirmed',
    paid: 'Paid',
    failed: 'Payment failed',
    shipped: d.carrier ? `Shipped with ${d.carrier}` : 'Shipped',
    delivered: `Delivered on ${day(d.deliveredOn ?? step.at)}`,
    partially_refunded: `Refunded ${money(d.amount ?? 0)}`,
    refunded: `Refunded ${money(d.amount ?? 0)}`,
    ...afterSaleStepWords(d, money),
  };
  return (
    <li className="border-l-2 border-stone-300 pb-4 pl-4" data-step={step.kind}>
      <p className="font-semibold text-stone-900">{what[step.kind]}</p>
      <p className="text-sm text-stone-700">
        <time dateTime={step.at}>{day(step.at)}</time>
      </p>
      {step.kind === 'shipped' && d.tracking && (
        <p className="text-sm text-stone-700">
          {'Tracking number '}
          {d.url ? (
            <a href={d.url} className="underline" rel="noopener noreferrer">
              {d.tracking}
            </a>
          ) : (
            d.tracking
          )}
        </p>
      )}
      {step.kind === 'partially_refunded' && d.refunded !== undefined && (
        <p className="text-sm text-stone-700">{`${money(d.refunded)} refunded in all; it reaches your card in 5–10 business days.`}</p>
      )}
      {step.kind === 'refunded' && <p className="text-sm text-stone-700">It reaches your card in 5–10 business days.</p>}
    </li>
  );
}

export function Page(order: OrderPageData) {
  const to = useHref();
  const day = (isoDate: string) => formatMarketDate(isoDate, order.market);
  return (
    <section className="mx-auto flex max-w-2xl flex-col px-4 py-16">
      <h1 className="text-3xl font-bold">{`Order ${order.number}`}</h1>
      <p className="mt-2 text-stone-700">{`Placed on ${day(order.placedAt)}`}</p>
      <p className="mt-4 font-semibold" data-order-status={order.status} data-fulfilment={order.fulfilment}>
        {order.standing.join(' ')}
      </p>
      <OrderLines order={order} />
      <p className="mt-4 text-stone-700">
        {order.invoiceUrl ? (
          <>
            <a href={order.invoiceUrl} className="font-semibold text-red-800 underline" rel="noopener noreferrer">
              Your invoice
            </a>
            {' (on Stripe, to view or download).'}
          </>
        ) : (
          order.invoiceHref && (
            <>
              <a href={order.invoiceHref} className="font-semibold text-red-800 underline" data-invoice-link="">
                Your invoice
              </a>
              {': the seller, your addresses, the lines, tax and payment, to print or save as a PDF.'}
            </>
          )
        )}
      </p>
      {order.timeline.length > 0 && (
        <section aria-labelledby="timeline-heading" className="mt-8">
          <h2 id="timeline-heading" className="text-xl font-semibold">
            What happened
          </h2>
          <ol className="mt-4">
            {order.timeline.map((step) => (
              <TimelineStep key={step.step} step={step} currency={order.currency} day={day} />
            ))}
          </ol>
        </section>
      )}
      <OrderReturns number={order.number} returns={order.returns} day={day} />
      {order.address.length > 0 && (
        <section aria-labelledby="shipping-heading" className="mt-8">
          <h2 id="shipping-heading" className="text-xl font-semibold">
            Shipping to
          </h2>
          <PostalAddress lines={order.address} className="mt-2 not-italic text-stone-700" />
          {order.shippingOption && <p className="mt-2 text-stone-700">{order.shippingOption}</p>}
        </section>
      )}
      <p className="mt-8 text-stone-700">
        {`Questions about this order? Quote ${order.number} when you `}
        <a href={to(contactLink.href)} className="underline">
          contact us
        </a>
        {`, write to ${shopInfo.email} or call ${shopInfo.phone}.`}
      </p>
    </section>
  );
}

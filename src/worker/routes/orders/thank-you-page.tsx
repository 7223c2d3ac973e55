import type { Context } from 'hono';
import { pageReads } from '#worker/render/page-reads.ts';
import { ProductTile } from '#ui/shop/product-tile.tsx';
import { analyticsItem, purchaseEvent } from '#shared/catalogue/item-events.ts';
import { parseSessionId } from '#shared/catalogue/payment-links.ts';
import { parseProductId } from '#shared/catalogue/product.ts';
import { readProducts } from '#worker/catalogue/catalogue-reads.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { withoutBought } from '#shared/cart/cart.ts';
import { orderPurchaseEvent } from '#shared/cart/cart-events.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { formatMoney } from '#shared/money.ts';
import { DIGEST } from '#shared/site/navigation.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { OrderLines, type ShownOrderLine } from '#worker/components/order-lines.tsx';
import type { PageHead } from '#worker/render/head.ts';
import { takeBoughtOffCart } from '#worker/middleware/cart/cart-cookie.ts';
import { dropOffer } from '#worker/http/offer-cookie.ts';
import { readBoughtOrder, readPaidOrder, type ShownOrder } from './paid-order.ts';
import { ORDER_NUMBER } from '#worker/orders/order-number.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface ThankYouData {
  /** The product of ?product_id=, when it is a catalogue product. */
  product?: CatalogueProduct;
  sessionId: string | null;
  /** The order behind ?session_id=, when Stripe is set up and the session is complete (paid or being confirmed). */
  order: (Omit<ShownOrder, 'lines'> & { lines: ShownOrderLine[] }) | null;
}

/**
 * /thank-you after the hosted payment. It may show an order (the shopper's e-mail, the order page
 * link) to the browser that checked out only, so it is never stored by a cache and its address is
 * never sent on as a referrer. Once shown, the address bar holds ?order=… instead of the session id
 * (a reload shows the same order to the same browser).
 */
export async function load(c: Context<AppEnv>): Promise<ThankYouData> {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  const productId = c.req.query('product_id');
  const id = parseProductId(productId);
  const sessionId = parseSessionId(c.req.query('session_id'));
  const number = c.req.query('order');
  const paid = sessionId
    ? await readPaidOrder(c, sessionId)
    : number && ORDER_NUMBER.test(number)
      ? await readBoughtOrder(c, number)
      : null;
  const productById = await readProducts(pageReads(c), [
    ...(id === null ? [] : [id]),
    ...(paid?.lines.flatMap((l) => l.productId ?? []) ?? []),
  ]);
  const product = id === null ? undefined : productById(id);
  if (productId !== undefined && !product) c.get('log')('warn', 'thank-you product not found', { productId });
  const order = paid && {
    ...paid,
    lines: paid.lines.map((line) => ({ ...line, product: line.productId === null ? undefined : productById(line.productId) })),
  };
  // What was just bought leaves the cart, in this same response (the header's badge shows it): paid,
  // or pending (a delayed method: the sale is made and its units taken; a cart still full invites
  // buying it twice). On the first arrival from Stripe only, not when ?order=… or the return address
  // is opened again later (the cart may hold new things by then).
  if ((order?.status === 'paid' || order?.status === 'pending') && sessionId) {
    takeBoughtOffCart(c, order.number, (cart) => withoutBought(cart, order.lines));
    // The code went with this order (many are once per shopper): the next cart starts without it.
    if (order.discountCode) dropOffer(c);
  }
  return { product, sessionId, order };
}

/**
 * The purchase event: a paid cart checkout carries its lines and total; otherwise it is declared only
 * for a known product and a payment session id (USD, as the payment links charge).
 */
export function head({ product, sessionId, order }: ThankYouData): PageHead {
  const event = order
    ? order.status !== 'failed' && orderPurchaseEvent(order)
    : product && sessionId && purchaseEvent(sessionId, analyticsItem(product));
  return {
    title: 'Thank You for Your Order',
    description: 'Your order has been received. An order confirmation e-mail follows shortly.',
    robots: 'noindex',
    ...(order ? { address: `/thank-you?order=${order.number}` } : {}),
    ...(event ? { events: [event] } : {}),
  };
}

function OrderSummary({ product }: { product: CatalogueProduct }) {
  return (
    <section aria-labelledby="summary-heading" className="mt-10 w-full rounded-lg border border-stone-200 bg-white p-6 text-left shadow-sm">
      <h2 id="summary-heading" className="text-xl font-semibold">
        Order Summary
      </h2>
      <ProductTile
        product={product}
        layout="row"
        as="div"
        className="mt-4 gap-4"
        imageClassName="h-24 w-24 rounded-md border border-stone-200"
        nameClassName="font-medium"
      >
        {/* The thank-you price is in dollars with 2 decimals, whatever the visitor's region. */}
        <span className="text-lg font-bold">{formatMoney(displayPrice(product, 'USD'), 'USD')}</span>
      </ProductTile>
    </section>
  );
}

/** Thank-you page (/thank-you) after the hosted payment: a paid cart checkout's order, else the product's summary. */
export function Page({ product, order }: ThankYouData) {
  const to = useHref();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
        ✓
      </span>
      <h1 className="mt-6 text-3xl font-bold">Thank You for Your Order!</h1>
      <p className="mt-4 text-stone-700">
        {order?.status === 'pending'
          ? 'Your payment was received and is being confirmed by your bank; we will e-mail you once it is.'
          : order?.status === 'failed'
            ? 'Your bank did not confirm the payment, so nothing was charged. Please try again or contact us.'
            : `Your payment was received. An order confirmation e-mail is on its way to ${order?.email ?? 'you'} and should arrive shortly.`}
      </p>
      {order && (
        <p className="mt-2 font-semibold" data-order-number>
          {`Order ${order.number}`}{' '}
          <a href={to(order.pagePath)} className="font-normal underline" data-order-page>
            View your order
          </a>
        </p>
      )}
      {order ? <OrderLines order={order} /> : product && <OrderSummary product={product} />}
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href={to('/products')} className="btn btn-primary">
          Shop More Products
        </a>
        <a href={to(DIGEST.path)} className="btn btn-secondary">
          Visit Training Guide
        </a>
      </div>
    </section>
  );
}

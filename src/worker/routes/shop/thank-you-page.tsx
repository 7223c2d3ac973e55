import { ProductName } from '#client/components/product-name.tsx';
import { analyticsItem, purchaseEvent } from '#shared/catalogue/item-events.ts';
import { productById, productImageSize } from '#shared/catalogue/product.ts';
import type { Product } from '#shared/catalogue/types.ts';
import { orderPurchaseEvent } from '#shared/cart/cart-events.ts';
import type { PaidOrder } from '#shared/cart/order.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { formatMinor, formatMoney } from '#shared/money.ts';
import { DIGEST } from '#shared/editorial/posts.ts';
import type { PageHead } from '#worker/render/head.ts';

/**
 * The purchase event: a paid cart checkout carries its lines and total; otherwise it is declared only
 * for a known product and a payment session id (USD, as the payment links charge).
 */
export function thankYouHead(product: Product | undefined, sessionId: string | null, order: PaidOrder | null = null): PageHead {
  const event = order ? orderPurchaseEvent(order) : product && sessionId ? purchaseEvent(sessionId, analyticsItem(product)) : null;
  return {
    title: 'Thank You for Your Order',
    description: 'Your order has been received. An order confirmation e-mail follows shortly.',
    robots: 'noindex',
    ...(event ? { events: [event] } : {}),
  };
}

/** Every line of a paid cart checkout, its shipping and the total charged, in the session's currency. */
function PaidOrderSummary({ order }: { order: PaidOrder }) {
  return (
    <section aria-labelledby="summary-heading" className="mt-10 w-full rounded-lg border border-stone-200 bg-white p-6 text-left shadow-sm">
      <h2 id="summary-heading" className="text-xl font-semibold">
        Order Summary
      </h2>
      <ul className="mt-4 divide-y divide-stone-200">
        {order.lines.map((line, index) => {
          const product = line.productId === null ? undefined : productById(line.productId);
          return (
            <li key={index} className="flex items-center gap-4 py-3" data-order-line>
              {product && (
                <img
                  src={product.image_url}
                  alt={product.image_alt}
                  {...productImageSize.main}
                  className="h-16 w-16 rounded-md border border-stone-200"
                />
              )}
              <p className="flex-1 font-medium">
                {line.name} <span className="text-stone-700">× {line.quantity}</span>
              </p>
              <p className="font-semibold">{formatMinor(line.amount, order.currency)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1 border-t border-stone-200 pt-4">
        <dt>Shipping</dt>
        <dd>{order.shipping === 0 ? 'Free' : formatMinor(order.shipping, order.currency)}</dd>
        <dt className="text-lg font-bold">Total</dt>
        <dd className="text-lg font-bold" data-order-total>
          {formatMinor(order.total, order.currency)}
        </dd>
      </dl>
    </section>
  );
}

function OrderSummary({ product }: { product: Product }) {
  return (
    <section aria-labelledby="summary-heading" className="mt-10 w-full rounded-lg border border-stone-200 bg-white p-6 text-left shadow-sm">
      <h2 id="summary-heading" className="text-xl font-semibold">
        Order Summary
      </h2>
      <div className="mt-4 flex items-center gap-4">
        <img
          src={product.image_url}
          alt={product.image_alt}
          {...productImageSize.main}
          className="h-24 w-24 rounded-md border border-stone-200"
        />
        <p className="flex-1 font-medium">
          <ProductName name={product.name} />
        </p>
        {/* The thank-you price is in dollars with 2 decimals, whatever the visitor's region. */}
        <p className="text-lg font-bold">{formatMoney(displayPrice(product, 'USD'), 'USD')}</p>
      </div>
    </section>
  );
}

/** Thank-you page (/thank-you) after the hosted payment: a paid cart checkout's order, else the product's summary. */
export function ThankYouPage({ product, order = null }: { product: Product | undefined; order?: PaidOrder | null }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
        ✓
      </span>
      <h1 className="mt-6 text-3xl font-bold">Thank You for Your Order!</h1>
      <p className="mt-4 text-stone-700">
        Your payment was received. An order confirmation e-mail is on its way to you and should arrive shortly.
      </p>
      {order ? <PaidOrderSummary order={order} /> : product && <OrderSummary product={product} />}
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href="/products" className="btn btn-primary">
          Shop More Products
        </a>
        <a href={DIGEST.path} className="btn btn-secondary">
          Visit Training Guide
        </a>
      </div>
    </section>
  );
}

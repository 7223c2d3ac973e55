import { ProductName } from '#client/components/product-name.tsx';
import { analyticsItem, purchaseEvent } from '#shared/catalogue/analytics.ts';
import { productImageSize, type Product } from '#shared/catalogue/product.ts';
import { displayPrice, formatMoney } from '#shared/catalogue/prices.ts';
import type { PageHead } from '#worker/render/head.ts';

/** The purchase event is declared only for a known product and a payment session id. */
export function thankYouHead(product: Product | undefined, sessionId: string | null): PageHead {
  return {
    title: 'Thank You for Your Order',
    description: 'Your order has been received. An order confirmation e-mail follows shortly.',
    robots: 'noindex',
    ...(product && sessionId ? { events: [purchaseEvent(sessionId, analyticsItem(product))] } : {}),
  };
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

/** Thank-you page (/thank-you) after the hosted payment. */
export function ThankYouPage({ product }: { product: Product | undefined }) {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <span aria-hidden="true" className="flex h-16 w-16 items-center justify-center rounded-full bg-green-100 text-3xl text-green-800">
        ✓
      </span>
      <h1 className="mt-6 text-3xl font-bold">Thank You for Your Order!</h1>
      <p className="mt-4 text-stone-700">
        Your payment was received. An order confirmation e-mail is on its way to you and should arrive shortly.
      </p>
      {product && <OrderSummary product={product} />}
      <div className="mt-10 flex flex-wrap justify-center gap-4">
        <a href="/products" className="btn btn-primary">
          Shop More Products
        </a>
        <a href="/training-gun-digest" className="btn btn-secondary">
          Visit Training Guide
        </a>
      </div>
    </section>
  );
}

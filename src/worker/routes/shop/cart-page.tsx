import type { Context } from 'hono';
import CartView from '#client/islands/CartView.tsx';
import { viewCartEvent } from '#shared/cart/cart-events.ts';
import type { CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { CartNotice } from '#shared/cart/notices.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { cartView, pricingInput, type CartViewLine } from '#shared/cart/view.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { campaignFromSearch } from '#shared/site/campaign.ts';
import type { AppEnv } from '#worker/app-context.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { cartCheckoutMode } from './checkout-mode';

export { cartNotices, type CartNotice } from '#shared/cart/notices.ts';

/** Never indexed (each visitor's own); view_cart is declared when there is something to view. */
export function cartHead(lines: readonly CartViewLine[], region: Region): PageHead {
  return {
    title: 'Your Cart',
    description: 'Review the items in your cart, the delivery that applies and check out securely.',
    robots: 'noindex',
    ...(lines.length > 0 ? { events: [viewCartEvent(priceCart(pricingInput(lines), currencyByRegion[region]))] } : {}),
  };
}

/** /cart (the header's cart icon): the cart island, rendered complete on the server from the cart cookie. */
export function CartPage(props: {
  lines: CartViewLine[];
  region: Region;
  checkout: CheckoutMode;
  search: string;
  notice: CartNotice | null;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Your Cart</h1>
      {/* Load: the cart is the page; steppers, remove and region repricing work at once. */}
      <Island
        hydrate="load"
        followsRegion
        name="CartView"
        component={CartView}
        props={{
          lines: props.lines,
          region: props.region,
          checkout: props.checkout,
          campaign: campaignFromSearch(props.search),
          // A fresh token per rendering: one checkout attempt (see cart-checkout.ts).
          attempt: crypto.randomUUID(),
          notice: props.notice,
        }}
      />
    </section>
  );
}

export function renderCartPage(c: Context<AppEnv>, notice: CartNotice | null = null) {
  const lines = cartView(c.get('cart'));
  const region = c.get('region').region;
  return c.render(
    <CartPage lines={lines} region={region} checkout={cartCheckoutMode(c, lines)} search={new URL(c.req.url).search} notice={notice} />,
    cartHead(lines, region),
  );
}

import type { Context } from 'hono';
import { dutiesNotesOf } from '#shared/policy/duties.ts';
import { dutyEstimates } from '#worker/base/settings.ts';
import CartView from '#ui/islands/CartView.tsx';
import { viewCartEvent } from '#shared/cart/cart-events.ts';
import type { CheckoutMode } from '#shared/cart/checkout-mode.ts';
import { cartNotices, shortNotice, type CartNotice } from '#shared/cart/notices.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { pricingInput, shortViewLines, type CartViewLine } from '#shared/cart/view.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { renderPage } from '#worker/render/page.tsx';
import { deploymentCheckoutMode } from '#worker/checkout/deployment-mode.ts';
import { stockedCartView } from './cart-stock.ts';
import { readOffer } from '#worker/http/offer-cookie.ts';
import type { Offer } from '#shared/offers/offer.ts';

export interface CartData {
  lines: CartViewLine[];
  region: Region;
  /** What the checkout button does, decided on the server (src/shared/cart/checkout-mode.ts). */
  checkout: CheckoutMode;
  campaign: CampaignParams;
  /** Why the last post could not be done, if it could not. */
  notice: CartNotice | null;
  /** The promotion code the cart carries (offer-cookie.ts). */
  offer: Offer | null;
  /** Stripe Tax on: the summary says whether prices include VAT or get sales tax. */
  taxOn: boolean;
  /** What each region's cart says of import duties (none where the parcel stays in its customs area). */
  dutiesNotes: Partial<Record<Region, string>>;
}

async function cartData(c: Context<AppEnv>, notice: CartNotice | null): Promise<CartData> {
  // One visitor's cart: kept by no cache, the browser's back/forward cache included (as orders and thank-you).
  c.header('Cache-Control', 'no-store');
  const lines = await stockedCartView(c);
  return {
    lines,
    region: c.get('region').region,
    checkout: deploymentCheckoutMode(c.get('deps').gateway, lines),
    campaign: campaignFromSearch(new URL(c.req.url).search),
    notice,
    offer: readOffer(c),
    taxOn: c.get('deps').settings.STRIPE_TAX === 'on',
    dutiesNotes: dutiesNotesOf(dutyEstimates(c.get('deps').settings)),
  };
}

/**
 * /cart; a checkout that failed without JavaScript lands here with the reason: ?checkout=unavailable
 * (Stripe), ?checkout=short (lines the shop cannot fill, named from the stock as it is now).
 */
export async function load(c: Context<AppEnv>): Promise<CartData> {
  const reason = c.req.query('checkout');
  const data = await cartData(c, reason === 'unavailable' ? cartNotices.unavailable : null);
  const short = reason === 'short' ? shortViewLines(data.lines) : [];
  if (short.length === 0) return data;
  return {
    ...data,
    notice: shortNotice(short.map((l) => ({ name: plainName(l.name), wanted: l.quantity, available: l.available ?? 0 }))),
  };
}

/** Never indexed (each visitor's own); view_cart is declared when there is something to view. */
export function head({ lines, region }: CartData): PageHead {
  return {
    title: 'Your Cart',
    description: 'Review the items in your cart, the delivery that applies and check out securely.',
    robots: 'noindex',
    ...(lines.length > 0 ? { events: [viewCartEvent(priceCart(pricingInput(lines), currencyByRegion[region]))] } : {}),
  };
}

/** /cart (the header's cart icon): the cart island, rendered complete on the server from the cart cookie. */
export function Page(props: CartData) {
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
          campaign: props.campaign,
          // A fresh token per rendering: one checkout attempt (see src/worker/checkout/start-checkout.ts).
          attempt: crypto.randomUUID(),
          notice: props.notice,
          offer: props.offer,
          taxOn: props.taxOn,
          dutiesNotes: props.dutiesNotes,
        }}
      />
    </section>
  );
}

/** The cart page with a post's refusal (the cart routes' plain-form answers). */
export async function renderCart(c: Context<AppEnv>, notice: CartNotice | null) {
  return renderPage(c, { load, head, Page }, await cartData(c, notice));
}

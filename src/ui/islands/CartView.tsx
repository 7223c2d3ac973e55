import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { serializeCart } from '#shared/cart/cart.ts';
import type { CheckoutMode } from '#shared/cart/checkout-mode.ts';
import type { CartNotice } from '#shared/cart/notices.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import { shippingChoices } from '#shared/cart/shipping.ts';
import { pricingInput, shortViewLines, type CartViewLine } from '#shared/cart/view.ts';
import { analyticsItem } from '#shared/catalogue/item-events.ts';
import { campaignKeys, type CampaignParams } from '#shared/site/campaign.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { trackBeginCartCheckout, trackCartChange } from '#ui/cart/track-cart.ts';
import { CartPostError, fetchCart, postCart, postCheckout, type CartAnswer } from '#ui/cart/cart-post.ts';
import { getCartLines, refreshCart, subscribeCart } from '#ui/cart/cart-store.ts';
import { getCampaign } from '#ui/state/campaign-storage.ts';
import { redirectToPaymentLink } from '#ui/state/payment-redirect.ts';
import { BuyButton } from '#ui/shop/buy-button.tsx';
import { CartLineRow } from '#ui/cart/cart-line.tsx';
import { CartSummary } from '#ui/cart/cart-summary.tsx';
import { CartOffer } from '#ui/cart/cart-offer.tsx';
import type { Offer } from '#shared/offers/offer.ts';
import { useRegion } from '#ui/state/use-region.ts';
import { toast } from '#ui/state/toast-store.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface CartViewProps {
  lines: CartViewLine[];
  region: Region;
  /** What Checkout does for these lines (the server decides; each cart answer brings it anew). */
  checkout: CheckoutMode;
  /** Campaign parameters of the page's URL, posted by the no-JavaScript checkout form. */
  campaign: CampaignParams;
  /** Names this checkout attempt, so a double submit creates one payment session. */
  attempt: string;
  /** The outcome of a plain form post (no JavaScript). */
  notice: CartNotice | null;
  /** The promotion code the cart carries. */
  offer: Offer | null;
  /** Stripe Tax on: the summary says how tax is charged in this currency. */
  taxOn: boolean;
  /** What each region's cart says of import duties (the region may change here). */
  dutiesNotes: Partial<Record<Region, string>>;
}

const keyOf = (lines: ReadonlyArray<{ id: number; quantity: number }>) => serializeCart(lines);

function fail(err: unknown) {
  toast({
    title: 'Cart not updated',
    description: err instanceof CartPostError ? err.message : 'Please try again.',
    variant: 'destructive',
  });
}

/**
 * /cart: lines with stepper and Remove, subtotal, shipping from the policy, one checkout. Every
 * control is a plain form; here they act in place. Prices follow the region store, and a change
 * made in another tab is fetched when this one comes back into view.
 */
export default function CartView(props: CartViewProps) {
  const to = useHref();
  const region = useRegion(props.region);
  const currency = currencyByRegion[region];
  const [lines, setLines] = useState(props.lines);
  const [mode, setMode] = useState(props.checkout);
  const [offer, setOffer] = useState(props.offer);
  const [pending, setPending] = useState(false);
  const known = useRef(keyOf(props.lines));
  // The server's last word: Checkout acts on it, not on a quantity still on its way.
  const answered = useRef<Pick<CartAnswer, 'lines' | 'checkout'>>({ lines: props.lines, checkout: props.checkout });
  const posting = useRef(0);

  const apply = useCallback((answer: CartAnswer) => {
    known.current = keyOf(answer.lines);
    answered.current = answer;
    setLines(answer.lines);
    setMode(answer.checkout);
    setOffer(answer.offer);
  }, []);

  useEffect(() => {
    const reset = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(false);
    };
    addEventListener('pageshow', reset);
    const unsubscribe = subscribeCart(() => {
      if (posting.current > 0 || keyOf(getCartLines()) === known.current) return;
      fetchCart().then(apply, (err: unknown) => console.warn('could not read the cart', err));
    });
    // The cookie may already differ from what the server rendered (a page from the back/forward cache).
    refreshCart();
    return () => {
      removeEventListener('pageshow', reset);
      unsubscribe();
    };
  }, [apply]);

  // Posts go one after another, so quick presses reach the server (and come back) in order.
  const queue = useRef(Promise.resolve());
  const send = (path: string, fields: Record<string, string>) => {
    posting.current++;
    queue.current = queue.current.then(async () => {
      try {
        const answer = await postCart(path, fields);
        // An earlier answer would undo a later press the shopper already sees: only the last one counts.
        if (posting.current === 1) apply(answer);
      } catch (err) {
        fail(err);
        await fetchCart().then(apply, () => {});
      } finally {
        posting.current--;
      }
    });
  };

  const changeQuantity = (line: CartViewLine, quantity: number) => {
    const delta = quantity - line.quantity;
    if (delta === 0) return;
    setLines((now) => now.map((l) => (l.id === line.id ? { ...l, quantity } : l)));
    trackCartChange(delta > 0 ? 'add_to_cart' : 'remove_from_cart', line, Math.abs(delta));
    send('/cart/update', { product_id: String(line.id), quantity: String(quantity) });
  };

  const remove = (line: CartViewLine) => {
    setLines((now) => now.filter((l) => l.id !== line.id));
    trackCartChange('remove_from_cart', line, line.quantity);
    send('/cart/remove', { product_id: String(line.id) });
  };

  const priced = priceCart(pricingInput(lines), currency);
  const shipping = shippingChoices(region, priced.subtotal, currency);
  const oneByOne = mode === 'per-line';
  const short = shortViewLines(lines).length > 0;

  const checkout = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    await queue.current;
    const { lines: now, checkout: current } = answered.current;
    const [only] = now;
    if (current === 'payment-link' && only) {
      // Exactly as Buy Now: begin_checkout, then the product's payment link with the campaign.
      if (!redirectToPaymentLink(only.payment_links, analyticsItem(only))) setPending(false);
      return;
    }
    trackBeginCartCheckout(pricingInput(now));
    try {
      location.assign(await postCheckout({ ...getCampaign(), attempt: props.attempt }));
    } catch (err) {
      setPending(false);
      if (err instanceof CartPostError && err.answer) apply(err.answer);
      toast({
        title: 'Checkout unavailable',
        description: err instanceof CartPostError ? err.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  if (lines.length === 0) {
    return (
      <div className="flex flex-col items-center py-10 text-center">
        <p className="text-lg text-stone-700">Your cart is empty.</p>
        <a href={to('/products')} className="btn btn-primary mt-8">
          Browse Products
        </a>
      </div>
    );
  }

  return (
    <div className="mt-8 grid gap-10 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="cart-items-heading">
        <h2 id="cart-items-heading" className="sr-only">
          Items
        </h2>
        {props.notice && (
          <p
            role={props.notice.tone === 'error' ? 'alert' : 'status'}
            className={`mb-4 rounded-md border p-4 ${props.notice.tone === 'error' ? 'border-red-300 bg-red-50 text-red-900' : 'border-stone-300 bg-stone-50'}`}
          >
            {props.notice.text}
          </p>
        )}
        {oneByOne && (
          <output className="mb-4 block rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
            Items are paid one by one: each product has its own secure payment page, so use the Buy Now button on each line. There is no
            single payment for the whole cart.
          </output>
        )}
        <ul className="border-t border-stone-200">
          {priced.lines.map(({ item, unitAmount, lineAmount }) => (
            <CartLineRow
              key={item.id}
              line={item}
              unitAmount={unitAmount}
              lineAmount={lineAmount}
              currency={currency}
              onQuantity={changeQuantity}
              onRemove={remove}
            >
              {oneByOne && (
                <div>
                  <BuyButton
                    productId={item.id}
                    name={item.name}
                    links={item.payment_links}
                    // A line the shop has none of shows a disabled Sold Out, not a Buy Now that bounces.
                    stock={item.available === 0 ? 'Out of Stock' : 'In Stock'}
                    item={analyticsItem(item)}
                    campaign={props.campaign}
                    soldOutLabel="Sold Out"
                  />
                </div>
              )}
            </CartLineRow>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cart-summary-heading" className="h-fit rounded-lg border border-stone-200 bg-white p-6 shadow-sm">
        <h2 id="cart-summary-heading" className="mb-4 text-xl font-semibold">
          Order summary
        </h2>
        <CartSummary
          subtotal={priced.subtotal}
          currency={currency}
          shipping={shipping}
          taxOn={props.taxOn}
          dutiesNote={props.dutiesNotes[region] ?? null}
          offer={mode === 'session' ? offer : null}
        />
        {/* A code rides only on the cart's own Checkout Session (payment links have their own field at Stripe). */}
        {mode === 'session' && <CartOffer offer={offer} currency={currency} />}
        {!oneByOne && (
          <form method="post" action={to('/cart/checkout')} onSubmit={checkout} className="mt-6">
            {campaignKeys.map((key) =>
              props.campaign[key] ? <input key={key} type="hidden" name={key} value={props.campaign[key]} /> : null,
            )}
            <input type="hidden" name="attempt" value={props.attempt} />
            <button
              type="submit"
              disabled={pending || short}
              aria-busy={pending || undefined}
              aria-describedby={short ? 'cart-short' : undefined}
              className="btn btn-primary w-full disabled:cursor-not-allowed disabled:bg-stone-300 disabled:text-stone-800"
            >
              {pending ? 'Redirecting…' : 'Checkout'}
            </button>
            {short && (
              <p id="cart-short" className="mt-2 text-sm text-red-800">
                Some items have fewer units left than your cart holds: change the lines marked above to check out.
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}

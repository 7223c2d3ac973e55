import { offerText, type Offer } from '#shared/offers/offer.ts';
import type { Currency } from '#shared/region/region.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * The cart's promotion code: the one it carries with what it gives (and Remove), or a field to add
 * one. Plain forms (they work without JavaScript and reload the cart with the answer).
 */
export function CartOffer({ offer, currency }: { offer: Offer | null; currency: Currency }) {
  const to = useHref();
  if (offer) {
    const gives = offerText(offer, currency);
    return (
      <form method="post" action={to('/cart/discount/remove')} className="mt-4 flex items-center justify-between gap-3 text-sm">
        <p data-cart-offer={offer.code}>
          <span className="font-semibold">{offer.code}</span>
          {gives ? `: ${gives} at checkout` : `: not for ${currency} payments`}
        </p>
        <button type="submit" className="underline underline-offset-2" aria-label={`Remove code ${offer.code}`}>
          Remove
        </button>
      </form>
    );
  }
  return (
    <form method="post" action={to('/cart/discount')} className="mt-4 flex items-end gap-2 text-sm">
      <label className="flex flex-1 flex-col gap-1">
        <span>Promotion code</span>
        <input
          name="code"
          required
          maxLength={50}
          pattern="[A-Za-z0-9\-]+"
          autoComplete="off"
          autoCapitalize="characters"
          className="rounded-md border border-stone-400 px-3 py-2"
        />
      </label>
      <button type="submit" className="btn btn-secondary">
        Apply
      </button>
    </form>
  );
}

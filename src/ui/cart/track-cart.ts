import { beginCheckoutCartEvent, cartChangeEvent } from '#shared/cart/cart-events.ts';
import { priceCart } from '#shared/cart/pricing.ts';
import type { Priced } from '#shared/catalogue/prices.ts';
import { currencyByRegion } from '#shared/region/region.ts';
import { push } from '#ui/state/data-layer.ts';
import { getRegion } from '#ui/state/region-store.ts';

type Item = Priced & { id: number; name: string };

/** Cart events in the currency the shopper sees, with the page's campaign values and duplicate rules (push). */
function priced(lines: ReadonlyArray<{ item: Item; quantity: number }>) {
  return priceCart(lines, currencyByRegion[getRegion()]);
}

export function trackCartChange(event: 'add_to_cart' | 'remove_from_cart', item: Item, quantity: number): void {
  push(cartChangeEvent(event, priced([{ item, quantity }])));
}

export function trackBeginCartCheckout(lines: ReadonlyArray<{ item: Item; quantity: number }>): void {
  push(beginCheckoutCartEvent(priced(lines)));
}

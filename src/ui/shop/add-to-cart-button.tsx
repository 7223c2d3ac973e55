import type { Priced } from '#shared/catalogue/prices.ts';
import { isPurchasable, plainName } from '#shared/catalogue/product.ts';
import type { StockLevel } from '#shared/catalogue/types.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface AddToCartProps {
  product: Priced & { id: number; name: string; stock: StockLevel };
  className?: string;
}

/**
 * Add to cart: a form posting to /cart/add, which lands on /cart without JavaScript. It needs no
 * React, so the first tap answers at once, hydrated or not: src/client/cart/add-to-cart.ts adds in
 * place, raises the header count before the server answers, records add_to_cart and toasts
 * (data-add-to-cart, data-item). Products that cannot be bought have no button (their Buy shows Sold Out).
 */
export function AddToCartButton({ product, className = '' }: AddToCartProps) {
  const to = useHref();
  if (!isPurchasable(product.stock)) return null;
  const { id, name, price, prices } = product;
  return (
    <form
      method="post"
      action={to('/cart/add')}
      data-add-to-cart=""
      data-item={JSON.stringify({ id, name, price, prices })}
      className="contents"
    >
      <input type="hidden" name="product_id" value={id} />
      <input type="hidden" name="quantity" value="1" />
      <button type="submit" aria-label={`Add to cart: ${plainName(name)}`} className={`btn btn-secondary ${className}`}>
        Add to cart
      </button>
    </form>
  );
}

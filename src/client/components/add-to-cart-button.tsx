import { useState, type FormEvent } from 'react';
import type { Priced } from '#shared/catalogue/prices.ts';
import { isPurchasable, plainName } from '#shared/catalogue/product.ts';
import type { StockLevel } from '#shared/catalogue/types.ts';
import { toast } from '../toast-store';
import { trackCartChange } from '../cart/track-cart';
import { CartPostError, postCart } from '../cart/post';
import { useHref } from '#client/market-context.ts';

export interface AddToCartProps {
  product: Priced & { id: number; name: string; stock: StockLevel };
  className?: string;
}

/**
 * Add to cart. Without JavaScript the form posts to /cart/add and lands on /cart; with it the item
 * is added in place, the header count follows (it reads the cookie) and a toast links to the cart.
 * Products that cannot be bought have no button (their Buy shows Sold Out).
 */
export function AddToCartButton({ product, className = '' }: AddToCartProps) {
  const to = useHref();
  const [pending, setPending] = useState(false);
  if (!isPurchasable(product.stock)) return null;
  const name = plainName(product.name);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await postCart('/cart/add', { product_id: String(product.id), quantity: '1' });
      trackCartChange('add_to_cart', product, 1);
      toast({ title: 'Added to cart', description: `${name} is in your cart.`, action: { label: 'View cart', href: '/cart' } });
    } catch (err) {
      toast({ title: 'Not added', description: err instanceof CartPostError ? err.message : 'Please try again.', variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <form method="post" action={to('/cart/add')} onSubmit={onSubmit} className="contents">
      <input type="hidden" name="product_id" value={product.id} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        aria-label={`${pending ? 'Adding…' : 'Add to cart'}: ${name}`}
        className={`btn btn-secondary ${className}`}
      >
        {pending ? 'Adding…' : 'Add to cart'}
      </button>
    </form>
  );
}

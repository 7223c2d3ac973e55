import type { Priced } from '#shared/catalogue/prices.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { toast } from '#ui/state/toast-store.ts';
import { CartPostError, postCart } from '#ui/cart/cart-post.ts';
import { expectAdded } from '#ui/cart/cart-store.ts';
import { trackCartChange } from '#ui/cart/track-cart.ts';

type Item = Priced & { id: number; name: string };

/** Forms whose post has not answered: a second press meanwhile does nothing. */
const pending = new WeakSet<HTMLFormElement>();

function showPending(form: HTMLFormElement, on: boolean): void {
  const button = form.querySelector('button[type="submit"]');
  // Attributes only: the label stays the server's, so an island hydrating meanwhile sees its own text.
  for (const name of ['aria-busy', 'aria-disabled']) {
    if (on) button?.setAttribute(name, 'true');
    else button?.removeAttribute(name);
  }
}

async function add(form: HTMLFormElement, item: Item): Promise<void> {
  const quantity = Number(new FormData(form).get('quantity') ?? 1) || 1;
  pending.add(form);
  showPending(form, true);
  const settle = expectAdded(quantity);
  try {
    await postCart('/cart/add', { product_id: String(item.id), quantity: String(quantity) });
    trackCartChange('add_to_cart', item, quantity);
    const name = plainName(item.name);
    toast({ title: 'Added to cart', description: `${name} is in your cart.`, action: { label: 'View cart', href: '/cart' } });
  } catch (err) {
    toast({ title: 'Not added', description: err instanceof CartPostError ? err.message : 'Please try again.', variant: 'destructive' });
  } finally {
    settle();
    pending.delete(form);
    showPending(form, false);
  }
}

/**
 * Add to cart without React (forms marked data-add-to-cart, src/ui/shop/add-to-cart-button.tsx),
 * so the first tap answers at once whether or not an island around it has hydrated: the header count
 * goes up in the same frame, the post asks for JSON (the server alone changes the cart cookie), then
 * add_to_cart is recorded and a toast links to the cart; a refused add takes the count back and says
 * why. Without this script the form posts and lands on /cart.
 */
export function armAddToCart(): void {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-add-to-cart') || !form.dataset.item) return;
      event.preventDefault();
      if (pending.has(form)) return;
      void add(form, JSON.parse(form.dataset.item) as Item);
    },
    true,
  );
}

import type { PageHead } from '#worker/render/head.ts';
import { ShopOrAskLinks } from '#worker/components/shop-or-ask-links.tsx';

export const cartHead: PageHead = {
  title: 'Your Cart',
  description: 'Each product is bought on its own through secure checkout, so there is nothing in a cart to review.',
  robots: 'noindex',
};

/** /cart (the header's cart icon). The shop has no cart: every product is bought with its own Buy Now. */
export function CartPage() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-stone-900">Your Cart</h1>
      <p className="mt-4 text-lg text-stone-700">Your cart is empty.</p>
      <p className="mt-2 text-stone-700">
        Each product is bought on its own through our secure checkout: choose <strong>Buy Now</strong> on a product page to order it.
      </p>
      <ShopOrAskLinks shopLabel="Browse Products" className="mt-10" />
    </section>
  );
}

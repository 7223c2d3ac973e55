import type { Context } from 'hono';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { useHref } from '#ui/state/market-context.ts';

/** The reasons the product page can fail, with the status each answers with. */
export const productErrors = {
  invalid: { message: 'Invalid product ID', status: 404 },
  missing: { message: 'Product not found', status: 404 },
  failed: { message: 'Failed to load product data', status: 500 },
} as const;
export type ProductError = keyof typeof productErrors;

function ProductNotFoundPage({ reason }: { reason: ProductError }) {
  const to = useHref();
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Product Not Found</h1>
      <p className="mt-4 text-stone-700">Sorry, we couldn't find the product you're looking for.</p>
      <p className="mt-2 text-sm text-stone-700" data-reason={reason}>
        {productErrors[reason].message}
      </p>
      <a href={to('/products')} className="btn btn-primary mt-8">
        Back to Products
      </a>
    </section>
  );
}

/** The Product Not Found page with the spec's reason and status. */
export function renderProductError(c: Context<AppEnv>, reason: ProductError) {
  c.status(productErrors[reason].status);
  return c.render(<ProductNotFoundPage reason={reason} />, {
    title: 'Product Not Found',
    description: "Sorry, we couldn't find the product you're looking for.",
    robots: 'noindex',
  });
}

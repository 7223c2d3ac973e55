/** The reasons the product page can fail, with the status each answers with. */
export const productErrors = {
  invalid: { message: 'Invalid product ID', status: 404 },
  missing: { message: 'Product not found', status: 404 },
  failed: { message: 'Failed to load product data', status: 500 },
} as const;
export type ProductError = keyof typeof productErrors;

export function ProductNotFoundPage({ reason }: { reason: ProductError }) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Product Not Found</h1>
      <p className="mt-4 text-stone-700">Sorry, we couldn't find the product you're looking for.</p>
      <p className="mt-2 text-sm text-stone-700" data-reason={reason}>
        {productErrors[reason].message}
      </p>
      <a href="/products" className="btn btn-primary mt-8">
        Back to Products
      </a>
    </section>
  );
}

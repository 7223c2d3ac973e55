/** What the product search looks at. */
export interface Searchable {
  name: string;
  description: string;
  features: readonly string[];
}

/** Spec point 2: the text matches the name, the description or any feature, case-insensitively; blank matches all. */
export function matchesSearch(product: Searchable, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase('en');
  if (!needle) return true;
  return [product.name, product.description, ...product.features].some((text) =>
    text.toLocaleLowerCase('en').includes(needle),
  );
}

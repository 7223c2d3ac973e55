import { categories } from '#shared/catalogue/categories.ts';
import { filterProducts } from '#shared/catalogue/list.ts';
import { displayFullPrice, displayPrice } from '#shared/catalogue/prices.ts';
import { isPurchasable, plainName, productPath } from '#shared/catalogue/product.ts';
import type { Product } from '#shared/catalogue/types.ts';
import { marketHref, marketOfRegion } from '#shared/market/market.ts';
import { toMinorUnits } from '#shared/money.ts';
import { currencyByRegion, normaliseCountry, regionFromCountry, type Currency, type Region } from '#shared/region/region.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';

/** The catalogue's page sizes for agents: UCP's default, and the most one page carries. */
export const CATALOG_PAGE_DEFAULT = 10;
export const CATALOG_PAGE_MAX = 50;

/** A product as agents are told of it: the catalogue's entry with the count its stock has now (undefined: unknown). */
export type AgentProduct = Product & { available?: number };

/** The market an agent's buyer is in: its context's country, as the shop's regions decide (others: the EU's euros). */
export function regionOfContext(context: { address_country?: string | undefined } | undefined, fallback: Region = 'EU'): Region {
  const country = normaliseCountry(context?.address_country);
  return country ? regionFromCountry(country) : fallback;
}

/** A product's id in the protocols (UCP's product, variant and item; ACP's product and variant): the shop's own number. */
export const agentItemId = (id: number): string => String(id);

/** The shop's number of an agent's item id (or of its SKU, SP-<number>), or null when it names none. */
export function shopItemId(raw: string): number | null {
  const match = /^(?:SP-)?([1-9]\d{0,8})$/i.exec(raw.trim());
  return match ? Number(match[1]) : null;
}

const priceOf = (amount: number, currency: Currency) => ({ amount, currency });

/** Whether the product can be bought now, and UCP's word for it. */
export function availabilityOf(p: AgentProduct) {
  const available = isPurchasable(p.stock) && p.available !== 0;
  return { available, status: available ? 'in_stock' : 'out_of_stock' };
}

/** One product in UCP's catalog shape, priced in the region's currency (minor units), its page in the region's market. */
export function ucpProduct(p: AgentProduct, region: Region, siteUrl: string) {
  const currency = currencyByRegion[region];
  const price = priceOf(toMinorUnits(displayPrice(p, currency)), currency);
  const full = toMinorUnits(displayFullPrice(p, currency));
  const listPrice = full > price.amount ? priceOf(full, currency) : null;
  const url = absoluteUrl(siteUrl, marketHref(marketOfRegion[region], productPath(p)));
  const title = plainName(p.name);
  const category = categories.find((c) => c.id === p.category_id)?.name;
  const media = [{ type: 'image', url: absoluteUrl(siteUrl, p.image_url), alt_text: p.image_alt }];
  return {
    id: agentItemId(p.id),
    handle: p.slug,
    title,
    description: { plain: p.description },
    url,
    ...(category && { categories: [{ value: category, taxonomy: 'merchant' }] }),
    price_range: { min: price, max: price },
    ...(listPrice && { list_price_range: { min: listPrice, max: listPrice } }),
    media,
    tags: p.tags.map((t) => t.toLowerCase()),
    variants: [
      {
        id: agentItemId(p.id),
        sku: `SP-${p.id}`,
        title,
        description: { plain: p.description },
        url,
        price,
        ...(listPrice && { list_price: listPrice }),
        availability: availabilityOf(p),
        media,
      },
    ],
  };
}

/**
 * A page of the catalogue's search: the shop's own search (words in any order, typos, synonyms), best
 * match first; CATALOG_PAGE_DEFAULT unless asked, never more than CATALOG_PAGE_MAX (UCP lets a business clamp).
 */
export function searchPage<T extends AgentProduct>(
  products: readonly T[],
  query: string,
  page: { offset: number; limit?: number | undefined },
) {
  const limit = Math.min(page.limit ?? CATALOG_PAGE_DEFAULT, CATALOG_PAGE_MAX);
  const found = filterProducts(products, { category: null, q: query, inStock: false, newArrivals: false });
  const items = found.slice(page.offset, page.offset + limit);
  const next = page.offset + items.length;
  return { items, total: found.length, next: next < found.length ? next : null };
}

/** The cursor of a search page (opaque to agents): the offset of its first result. */
export const cursorOf = (offset: number): string => btoa(`o:${offset}`);

export function offsetOf(cursor: string | undefined): number | null {
  if (cursor === undefined) return 0;
  try {
    const match = atob(cursor).match(/^o:(\d{1,6})$/);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

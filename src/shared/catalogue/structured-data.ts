import { displayPrice } from './prices.ts';
import { taxBehavior } from '#shared/offers/tax.ts';
import { marketHref, type Market } from '#shared/market/market.ts';
import type { Currency } from '#shared/region/region.ts';
import { absoluteUrl, rasterImage } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';
import { plainName, productPath, availability } from './product.ts';
import type { Product } from './types.ts';

const currencies: readonly Currency[] = ['USD', 'EUR', 'GBP'];

/**
 * schema.org Product. On a bare address, one Offer per currency with the visitor's first, matching
 * the page; on a market's address (/gb/product/1) only that market's offer, at that address. With
 * Stripe Tax on, each offer says whether VAT is in its price (GBP, EUR) or not (USD).
 */
export function productJsonLd(
  product: Product,
  siteUrl: string,
  first: Currency = 'USD',
  market: Market | null = null,
  opts: { taxOn?: boolean } = {},
): object {
  const url = absoluteUrl(siteUrl, marketHref(market, productPath(product)));
  const itemAvailability = `https://schema.org/${availability(product.stock)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': `${url}#product`,
    name: plainName(product.name),
    description: product.description,
    sku: String(product.id),
    url,
    image: [product.image_url, product.technical_card_url, product.landscape_url].map((src) => absoluteUrl(siteUrl, rasterImage(src))),
    brand: { '@type': 'Brand', name: site.brand },
    offers: (market ? [first] : [first, ...currencies.filter((c) => c !== first)]).map((currency) => ({
      '@type': 'Offer',
      url,
      price: displayPrice(product, currency).toFixed(2),
      priceCurrency: currency,
      ...(opts.taxOn && {
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: displayPrice(product, currency).toFixed(2),
          priceCurrency: currency,
          valueAddedTaxIncluded: taxBehavior(currency) === 'inclusive',
        },
      }),
      availability: itemAvailability,
      itemCondition: 'https://schema.org/NewCondition',
      // The Organization node the frame adds on every page (seo.ts siteJsonLd).
      seller: { '@id': `${absoluteUrl(siteUrl, '/')}#organization` },
    })),
  };
}

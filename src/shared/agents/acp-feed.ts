import { categories } from '#shared/catalogue/categories.ts';
import { site } from '#shared/site/brand.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { Region } from '#shared/region/region.ts';
import { ucpProduct, type AgentProduct } from './ucp-catalog.ts';

/**
 * The catalogue as an Agentic Commerce Protocol product feed (ACP 2026-04-17, ProductsResponse): one
 * product per listed product with its one variant, priced in the feed's market currency (a feed is
 * made for one target country), availability from the stock, media and the product's page. No
 * personal data: only what the shop's pages show anyone.
 */
export function acpProduct(p: AgentProduct, region: Region, siteUrl: string) {
  const ucp = ucpProduct(p, region, siteUrl);
  const variant = ucp.variants[0]!;
  const category = categories.find((c) => c.id === p.category_id)?.name;
  return {
    id: ucp.id,
    title: ucp.title,
    description: { plain: p.description },
    url: ucp.url,
    media: ucp.media,
    variants: [
      {
        id: variant.id,
        title: variant.title,
        description: { plain: p.description },
        url: variant.url,
        price: variant.price,
        ...(variant.list_price && { list_price: variant.list_price }),
        availability: variant.availability,
        ...(category && { categories: [{ value: category, taxonomy: 'merchant' }] }),
        condition: ['new'],
        seller: {
          name: site.brand,
          links: [
            { type: 'refund_policy', title: 'Returns & Refunds', url: absoluteUrl(siteUrl, '/returns') },
            { type: 'shipping_policy', title: 'Shipping Policy', url: absoluteUrl(siteUrl, '/shipping-policy') },
            { type: 'terms_of_service', title: 'Terms of Service', url: absoluteUrl(siteUrl, '/terms-of-service') },
            { type: 'privacy_policy', title: 'Privacy Policy', url: absoluteUrl(siteUrl, '/privacy-policy') },
          ],
        },
        media: variant.media,
      },
    ],
  };
}

export type AcpProduct = ReturnType<typeof acpProduct>;

/** The feed's whole product set (ACP's ProductsResponse). */
export const acpFeed = (products: readonly AgentProduct[], region: Region, siteUrl: string) => ({
  products: products.map((p) => acpProduct(p, region, siteUrl)),
});

import { shopInfo } from '#shared/policy/shop-info.ts';
import { site } from '#shared/site/brand.ts';

/** Adds the brand suffix unless the title already names the brand. */
export function pageTitle(title: string): string {
  return title.toLowerCase().includes(site.brand.toLowerCase()) ? title : `${title} | ${site.brand}`;
}

/** Makes a relative path or URL absolute against the site's base address. */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`).toString();
}

/**
 * JSON for an inline <script type="application/ld+json">: '<', '>', '&', U+2028 and U+2029 are
 * escaped so content can never close the script tag or break a JS parser.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

export const DEFAULT_SHARE_IMAGE = { url: '/images/share-default.jpg', width: 1200, height: 630, alt: site.brand };

/**
 * The raster copy the build makes of a local SVG (scripts/raster-images.mjs): social networks show no
 * SVG, and search engines prefer raster images in structured data. Other images are used as they are.
 */
export function rasterImage(path: string): string {
  return /^\/images\/.+\.svg$/.test(path) ? path.replace(/^\/images\//, '/images/raster/').replace(/\.svg$/, '.jpg') : path;
}

export interface SeoInput {
  title: string;
  description: string;
  /** Path of the canonical URL; omit for pages that must not be indexed (then set robots). */
  canonicalPath?: string;
  robots?: string;
  /** Open Graph type; default 'website'. */
  type?: 'website' | 'product' | 'article';
  /** Share image (relative or absolute; a local SVG is replaced by its raster copy); default the site's share image. */
  image?: string;
  /** The share image's size in pixels, when known (declared as og:image:width and og:image:height). */
  imageSize?: { width: number; height: number };
  imageAlt?: string;
  product?: { price: number; currency: string; availability: string };
  /** Article pages: ISO dates. */
  article?: { publishedTime: string; modifiedTime: string };
}

export type MetaTag = { name: string; content: string } | { property: string; content: string };

/** Title, description, canonical, Open Graph and Twitter card tags for a page. */
export function seoTags(input: SeoInput, siteUrl: string) {
  const title = pageTitle(input.title);
  const canonical = input.canonicalPath ? absoluteUrl(siteUrl, input.canonicalPath) : undefined;
  const image = absoluteUrl(siteUrl, rasterImage(input.image ?? DEFAULT_SHARE_IMAGE.url));
  const imageSize = input.image ? input.imageSize : DEFAULT_SHARE_IMAGE;
  const imageAlt = input.imageAlt ?? (input.image ? input.title : DEFAULT_SHARE_IMAGE.alt);
  const type = input.type ?? 'website';
  const meta: MetaTag[] = [
    { name: 'description', content: input.description },
    ...(input.robots ? [{ name: 'robots', content: input.robots }] : []),
    { property: 'og:site_name', content: site.brand },
    { property: 'og:locale', content: site.locale.replace('-', '_') },
    // Open Graph has no 'product' type of its own; 'og:type product' is the de-facto one shops use.
    { property: 'og:type', content: type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: input.description },
    ...(canonical ? [{ property: 'og:url', content: canonical }] : []),
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: imageAlt },
    ...(imageSize
      ? [
          { property: 'og:image:width', content: String(imageSize.width) },
          { property: 'og:image:height', content: String(imageSize.height) },
        ]
      : []),
    ...(input.product
      ? [
          { property: 'product:brand', content: site.brand },
          { property: 'product:price:amount', content: input.product.price.toFixed(2) },
          { property: 'product:price:currency', content: input.product.currency },
          { property: 'product:availability', content: input.product.availability },
        ]
      : []),
    ...(input.article
      ? [
          { property: 'article:published_time', content: input.article.publishedTime },
          { property: 'article:modified_time', content: input.article.modifiedTime },
        ]
      : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
  ];
  return { title, canonical, meta };
}

/** WebSite and Organization structured data, on every page. */
export function siteJsonLd(siteUrl: string): object[] {
  const url = absoluteUrl(siteUrl, '/');
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${url}#website`,
      name: site.brand,
      url,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(siteUrl, '/products')}?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${url}#organization`,
      name: site.brand,
      url,
      logo: absoluteUrl(siteUrl, '/icon-512.png'),
      description: site.tagline,
      email: shopInfo.email,
      telephone: shopInfo.phone,
      sameAs: shopInfo.social.filter((s) => s.network !== 'maps').map((s) => s.url),
      address: shopInfo.addresses.map((a) => ({
        '@type': 'PostalAddress',
        streetAddress: a.lines[0],
        addressLocality: a.lines[1],
        addressCountry: a.country,
      })),
    },
  ];
}

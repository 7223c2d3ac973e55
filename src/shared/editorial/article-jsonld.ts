import type { Post } from './posts.ts';
import { absoluteUrl, rasterImage } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';

/**
 * schema.org Article for an article page at `path`. The shop is author and publisher; its node
 * carries the @id of the Organization the frame adds on every page (seo.ts siteJsonLd).
 */
export function articleJsonLd(article: Post, description: string, path: string, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(siteUrl, path);
  const home = absoluteUrl(siteUrl, '/');
  const shop = { '@type': 'Organization', '@id': `${home}#organization`, name: site.brand, url: home };
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    '@id': `${url}#article`,
    headline: article.title,
    description,
    ...(article.featuredImage && { image: [absoluteUrl(siteUrl, rasterImage(article.featuredImage))] }),
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    ...(article.tags.length > 0 && { keywords: article.tags.join(', ') }),
    inLanguage: site.locale,
    author: shop,
    publisher: shop,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
  };
}

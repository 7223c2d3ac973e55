import type { Currency } from '#shared/region/region.ts';
import { webPageJsonLd, type PageInfo } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl, type SeoInput } from '#shared/seo/tags.ts';
import { SITE_TAG } from '#shared/caching/cache-tags.ts';

/** What a page tells the document shell about itself; the shell turns it into head tags. */
export interface PageHead extends SeoInput {
  /** Product pages: price tags for sharing cards (og product:price). */
  product?: { price: number; currency: Currency; availability: 'InStock' | 'LimitedAvailability' | 'OutOfStock' };
  /** Page-specific structured data; WebSite and Organization are added on every page. */
  jsonLd?: object[];
  /** Extra head links: rel prev/next of a paginated list, the feed's rel alternate (site-relative hrefs). */
  links?: Array<{ rel: 'prev' | 'next' | 'alternate'; href: string; type?: string; title?: string }>;
  /**
   * What the address bar shows once the page loads (site-relative, before the market prefix), when
   * not the request's own address: set before the tag manager loads, so it never sees what was
   * dropped. Without it, private parameters (session_id, token) are dropped from the request's.
   */
  address?: string;
  /** Analytics events the client pushes once the page loads (e.g. 404_error, view_item). */
  events?: Array<Record<string, unknown> & { event: string }>;
  /**
   * What the page shows that a write can change, as cache tags (src/shared/caching/cache-tags.ts). A
   * tagged page may be kept whole by the shared cache for visitors with no cookie, and is purged when
   * a change names one of its tags; a page without tags is always the visitor's own.
   */
  cacheTags?: string[];
  /**
   * The query string the page is kept under, as the page writes back what it read of the request's
   * ('?category=pistols', '' by default): a request whose query is anything else (a campaign's
   * parameters, a cache-buster, a parameter the page ignores) is answered but not kept, so made-up
   * queries cannot fill the shared cache.
   */
  keptSearch?: string;
}

/** The head builder of a page with fixed wording; `path` is also the route it is served at. */
export type StaticHead = ((siteUrl: string) => PageHead) & { path: string };

/** Title, description, canonical path and structured data (a plain WebPage unless the page says otherwise); fixed wording, so kept by the shared cache (SITE_TAG). */
export function staticHead(spec: {
  path: string;
  title: string;
  /** At most 160 characters (search snippets cut longer ones). */
  description: string;
  jsonLd?: (page: PageInfo) => object;
}): StaticHead {
  const { path, title, description, jsonLd = webPageJsonLd } = spec;
  const head = (siteUrl: string): PageHead => ({
    title,
    description,
    canonicalPath: path,
    jsonLd: [jsonLd({ name: title, description, url: absoluteUrl(siteUrl, path) })],
    cacheTags: [SITE_TAG],
  });
  return Object.assign(head, { path });
}

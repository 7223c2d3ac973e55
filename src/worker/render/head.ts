import type { Currency } from '#shared/region/region.ts';
import type { SeoInput } from '#shared/seo/tags.ts';

/** What a page tells the document shell about itself; the shell turns it into head tags. */
export interface PageHead extends SeoInput {
  /** Product pages: price tags for sharing cards (og product:price). */
  product?: { price: number; currency: Currency; availability: 'InStock' | 'LimitedAvailability' | 'OutOfStock' };
  /** Page-specific structured data; WebSite and Organization are added on every page. */
  jsonLd?: object[];
  /** Analytics events the client pushes once the page loads (e.g. 404_error, view_item). */
  events?: Array<Record<string, unknown> & { event: string }>;
}

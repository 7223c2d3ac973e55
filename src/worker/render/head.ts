import type { Currency } from '../../shared/region';

/** What a page tells the document shell about itself; the shell turns it into head tags. */
export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL; omit for pages that must not be indexed (then set robots). */
  canonicalPath?: string;
  robots?: string;
  /** Open Graph type; default 'website'. */
  type?: 'website' | 'product' | 'article';
  /** Share image (relative or absolute); default the site's 1200x630 share image. */
  image?: string;
  imageAlt?: string;
  /** Product pages: price tags for sharing cards (og product:price). */
  product?: { price: number; currency: Currency; availability: 'InStock' | 'LimitedAvailability' | 'OutOfStock' };
  /** Article pages: ISO dates. */
  article?: { publishedTime: string; modifiedTime: string };
  /** Page-specific structured data; WebSite and Organization are added on every page. */
  jsonLd?: object[];
  /** Analytics events the client pushes once the page loads (e.g. 404_error, view_item). */
  events?: Array<Record<string, unknown> & { event: string }>;
}

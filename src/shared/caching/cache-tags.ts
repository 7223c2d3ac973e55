/**
 * The cache tags a page carries and a change purges (the page cache in front of the app, and the
 * reads behind it). A page is tagged with everything it shows that a write can change; a write names
 * what it changed. Tags are printable ASCII without spaces or commas (Cloudflare drops others).
 */

/** One product: its page, and every page that shows it (lists, the home page's featured, articles). */
export const productTag = (id: number): string => `product:${id}`;

/** The catalogue's membership: which products are listed (a product added or withdrawn by a sync). */
export const CATALOGUE_TAG = 'catalogue';

/** One post: its article page. */
export const postTag = (slug: string): string => `post:${slug}`;

/** The lists of posts (digest, guides, related articles, the feed): a post published, changed or coming due. */
export const POSTS_TAG = 'posts';

/** The shop's review summary (home and product pages): a review approved or hidden anywhere. */
export const REVIEWS_TAG = 'reviews';

/** Pages with fixed wording (about, FAQ, policies): they change only with a deployment. */
export const SITE_TAG = 'site';

const TAG = /^[\x21-\x2b\x2d-\x7e]{1,200}$/;

/** The tags as a Cache-Tag header value: valid ones only, each once. */
export function cacheTagHeader(tags: readonly string[]): string {
  return [...new Set(tags.filter((t) => TAG.test(t)))].join(',');
}

/** A Cache-Tag header read back into tags (the page cache's index), lower-cased: purges match in any case. */
export function readCacheTags(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter((t) => TAG.test(t));
}

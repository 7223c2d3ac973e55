import type { Context } from 'hono';
import { POSTS_TAG } from '#shared/caching/cache-tags.ts';
import { Suspense } from 'react';
import { digestFeedLink, type PostSummary } from '#shared/editorial/posts.ts';
import type { PostCategory } from '#shared/editorial/digest.ts';
import {
  GUIDES_PAGE_SIZE,
  guidePageCount,
  guidePageLinks,
  guidesPath,
  NO_GUIDE_FILTER,
  parseGuideFilter,
  parseGuidePage,
  type GuideFilter,
} from '#shared/editorial/guides.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { postReads } from '#worker/posts/post-reads.ts';
import type { PostQuery } from '#worker/posts/post-queries.ts';
import type { PageHead } from '#worker/render/head.ts';
import { GuideListing, GuideListingSkeleton } from './guide-listing.tsx';

const DESCRIPTION = 'Search every dry-fire and laser training guide by topic or category.';

export interface GuidesData {
  filter: GuideFilter;
  page: number;
  pageCount: number;
  /** Guides matching the filter, on all pages. */
  total: number;
  categories: PostCategory[];
  /** Started by `load`: this page's guides; [] when the read fails (the failure is logged). */
  posts: Promise<PostSummary[]>;
}

/** The query the guides list's filter makes of the posts (a category slug no category has finds nothing). */
export function postQuery(filter: GuideFilter, page: number): PostQuery {
  return { q: filter.q, category: filter.category || null, page, pageSize: GUIDES_PAGE_SIZE };
}

/** The list is always a page (its first page, unfiltered: the address it is kept under has no query). */
export const early = async (): Promise<string[]> => [POSTS_TAG];

/**
 * /guides and /guides/{slug}: one page of the filtered list. The categories (for the select) and the
 * count (for the head's prev/next) are awaited, the page's guides stream; all three are one batch.
 */
export async function load(c: Context<AppEnv>): Promise<GuidesData> {
  const reads = postReads(c.get('deps').db);
  const params = new URL(c.req.url).searchParams;
  const filter = parseGuideFilter(params);
  const page = parseGuidePage(params);
  const query = postQuery(filter, page);
  const [categories, total, posts] = await c
    .get('reads')
    .start([reads.categories(), reads.searchCount(query), reads.search(query)] as const);
  const [shownCategories, count] = await Promise.all([categories, total]);
  return { filter, page, pageCount: guidePageCount(count), total: count, categories: shownCategories, posts };
}

/**
 * Each page of the unfiltered list is its own canonical (/guides, /guides?page=2…); filtered views
 * and /guides/{slug} point at the list. rel prev/next link the pages of what is shown.
 */
export function head({ filter, page, pageCount }: GuidesData, siteUrl: string): PageHead {
  const filtered = Boolean(filter.q || filter.category);
  const canonicalPath = filtered ? guidesPath() : guidesPath(NO_GUIDE_FILTER, Math.min(page, pageCount));
  const { prev, next } = guidePageLinks(page, pageCount);
  const title = page > 1 ? `Guides, page ${page} of ${pageCount}` : 'Guides';
  return {
    title,
    description: DESCRIPTION,
    canonicalPath,
    cacheTags: [POSTS_TAG],
    keptSearch: new URL(guidesPath(filter, page), siteUrl).search,
    links: [
      ...(prev ? [{ rel: 'prev' as const, href: guidesPath(filter, prev) }] : []),
      ...(next ? [{ rel: 'next' as const, href: guidesPath(filter, next) }] : []),
      digestFeedLink,
    ],
    jsonLd: [
      webPageJsonLd({ name: title, description: DESCRIPTION, url: absoluteUrl(siteUrl, canonicalPath) }, { type: 'CollectionPage' }),
    ],
  };
}

/** The guides list (/guides and /guides/{slug}), one page at a time from the database. */
export function Page({ filter, categories, ...listing }: GuidesData) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-black tracking-tight">Guides</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700">Every training guide in one place: search by topic or pick a category.</p>
      <Suspense fallback={<GuideListingSkeleton filter={filter} />}>
        <GuideListing filter={filter} categories={categories.map((c) => c.name)} {...listing} />
      </Suspense>
    </div>
  );
}

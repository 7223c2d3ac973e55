import { Suspense } from 'react';
import { digestFeedLink, type PostSummary } from '#shared/editorial/posts.ts';
import type { BlogCategory } from '#shared/editorial/digest.ts';
import { guidePageLinks, guidesPath, NO_GUIDE_FILTER, type GuideFilter } from '#shared/editorial/guides.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { PageHead } from '#worker/render/head.ts';
import { GuideListing, GuideListingSkeleton } from './guide-listing';

const DESCRIPTION = 'Search every dry-fire and laser training guide by topic or category.';

/**
 * Each page of the unfiltered list is its own canonical (/guides, /guides?page=2…); filtered views
 * and /guides/{slug} point at the list. rel prev/next link the pages of what is shown.
 */
export function guidesHead(siteUrl: string, filter: GuideFilter, page: number, pageCount: number): PageHead {
  const filtered = Boolean(filter.q || filter.category);
  const canonicalPath = filtered ? guidesPath() : guidesPath(NO_GUIDE_FILTER, Math.min(page, pageCount));
  const { prev, next } = guidePageLinks(page, pageCount);
  const title = page > 1 ? `Guides, page ${page} of ${pageCount}` : 'Guides';
  return {
    title,
    description: DESCRIPTION,
    canonicalPath,
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

export interface GuidesPageProps {
  filter: GuideFilter;
  page: number;
  pageCount: number;
  /** Guides matching the filter, on all pages. */
  total: number;
  categories: BlogCategory[];
  /** Started by the route: this page's guides; [] when the read fails (the failure is logged). */
  posts: Promise<PostSummary[]>;
}

/** The guides list (/guides and /guides/{slug}), one page at a time from the database. */
export function GuidesPage({ filter, categories, ...listing }: GuidesPageProps) {
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

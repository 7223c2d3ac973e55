import { Suspense } from 'react';
import type { PostSummary } from '#shared/editorial/posts.ts';
import type { BlogCategory } from '#shared/editorial/digest.ts';
import { guidesPath, type GuideFilter } from '#shared/editorial/guides.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { PageHead } from '#worker/render/head.ts';
import { GuideListing, GuideListingSkeleton } from './guide-listing';

const DESCRIPTION = 'Search every dry-fire and laser training guide by topic or category.';

/** Filtered views and /guides/{slug} share the one canonical list. */
export function guidesHead(siteUrl: string): PageHead {
  return {
    title: 'Guides',
    description: DESCRIPTION,
    canonicalPath: guidesPath(),
    jsonLd: [
      webPageJsonLd({ name: 'Guides', description: DESCRIPTION, url: absoluteUrl(siteUrl, guidesPath()) }, { type: 'CollectionPage' }),
    ],
  };
}

export interface GuidesPageProps {
  filter: GuideFilter;
  /** Started by the route; each falls back to [] when its read fails (the failure is logged). */
  categories: Promise<BlogCategory[]>;
  posts: Promise<PostSummary[]>;
}

/** The guides list (/guides and /guides/{slug}), built from the database. */
export function GuidesPage({ filter, categories, posts }: GuidesPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-4xl font-black tracking-tight">Guides</h1>
      <p className="mt-4 max-w-3xl text-lg text-stone-700">Every training guide in one place: search by topic or pick a category.</p>
      <Suspense fallback={<GuideListingSkeleton filter={filter} />}>
        <GuideListing filter={filter} categories={categories} posts={posts} />
      </Suspense>
    </div>
  );
}

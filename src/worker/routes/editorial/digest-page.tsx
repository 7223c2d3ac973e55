import { Suspense } from 'react';
import { DIGEST, type PostSummary } from '#shared/editorial/posts.ts';
import { breadcrumbJsonLd } from '#shared/seo/breadcrumb.ts';
import type { BlogCategory } from '#shared/editorial/digest.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';
import type { PageHead } from '#worker/render/head.ts';
import { CategoryCards, CategoryCardsSkeleton } from './category-cards';
import { FeaturedEquipment } from './featured-equipment';
import { LatestArticles, LatestArticlesSkeleton } from './latest-articles';

const DESCRIPTION = `Dry-fire and laser training guides: fundamentals, tactical drills and equipment advice from the ${site.brand} team.`;

/** One canonical address for the landing, whichever slug it was reached by. */
export function digestHead(siteUrl: string): PageHead {
  return {
    title: DIGEST.name,
    description: DESCRIPTION,
    canonicalPath: DIGEST.path,
    jsonLd: [
      webPageJsonLd({ name: DIGEST.name, description: DESCRIPTION, url: absoluteUrl(siteUrl, DIGEST.path) }, { type: 'CollectionPage' }),
      breadcrumbJsonLd(
        [
          { name: 'Home', path: '/' },
          { name: DIGEST.name, path: DIGEST.path },
        ],
        siteUrl,
      ),
    ],
  };
}

export interface DigestPageProps {
  /** Both reads are started by the route and fall back to [] when they fail (the failure is logged). */
  categories: Promise<BlogCategory[]>;
  posts: Promise<PostSummary[]>;
}

/** The digest landing (/training-gun-digest and /training-gun-digest/{slug}), built from the database. */
export function DigestPage({ categories, posts }: DigestPageProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-black tracking-tight">{DIGEST.name}</h1>
        <p className="mt-4 text-lg text-stone-700">
          Practical guides to dry-fire and laser training: build the fundamentals, sharpen tactical skills and choose the right equipment
          for the way you train.
        </p>
      </header>

      <section aria-labelledby="digest-categories-heading" className="mt-12">
        <h2 id="digest-categories-heading" className="text-2xl font-bold tracking-tight">
          Browse by Category
        </h2>
        <Suspense fallback={<CategoryCardsSkeleton />}>
          <CategoryCards categories={categories} posts={posts} />
        </Suspense>
      </section>

      <section aria-labelledby="latest-heading" className="mt-16">
        <h2 id="latest-heading" className="text-2xl font-bold tracking-tight">
          Latest Articles
        </h2>
        <Suspense fallback={<LatestArticlesSkeleton />}>
          <LatestArticles posts={posts} />
        </Suspense>
      </section>

      <FeaturedEquipment />

      <section aria-labelledby="digest-more-heading" className="mt-16 rounded-lg bg-stone-900 p-8 text-stone-50">
        <h2 id="digest-more-heading" className="text-2xl font-bold tracking-tight">
          Ready to train?
        </h2>
        <p className="mt-2 text-stone-300">Search every guide, or find the trainer that fits your drills.</p>
        <div className="mt-6 flex flex-wrap gap-4">
          <a href="/guides" className="btn btn-primary">
            Browse All Guides
          </a>
          <a href="/products" className="btn border border-stone-400 text-stone-50 hover:bg-stone-800 focus-visible:outline-stone-50">
            Shop Training Equipment
          </a>
        </div>
      </section>
    </div>
  );
}

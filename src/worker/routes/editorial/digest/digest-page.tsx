import type { Context } from 'hono';
import { CATALOGUE_TAG, POSTS_TAG, productTag } from '#shared/caching/cache-tags.ts';
import { Suspense } from 'react';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { catalogueRead, knownListing } from '#worker/catalogue/catalogue-reads.ts';
import { DIGEST } from '#shared/site/navigation.ts';
import { articlePath, categorySlug, digestFeedLink, type PostSummary } from '#shared/editorial/posts.ts';
import { breadcrumbJsonLd } from '#shared/seo/breadcrumb.ts';
import { FEATURED_EQUIPMENT, LATEST_POSTS, POSTS_PER_CATEGORY, type PostCategory } from '#shared/editorial/digest.ts';
import { webPageJsonLd } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { postReads } from '#worker/posts/post-reads.ts';
import type { PageHead } from '#worker/render/head.ts';
import { CategoryCards, CategoryCardsSkeleton } from './category-cards.tsx';
import { FeaturedEquipment } from './featured-equipment.tsx';
import { LatestArticles, LatestArticlesSkeleton } from './latest-articles.tsx';
import { NEWSLETTER_PATH, WELCOME_PERCENT } from '#shared/newsletter/newsletter-rules.ts';
import { useHref } from '#ui/state/market-context.ts';

const DESCRIPTION = `Dry-fire and laser training guides: fundamentals, tactical drills and equipment advice from the ${site.brand} team.`;

export interface DigestData {
  /** Set on a category's landing: only that category is shown. */
  category?: PostCategory;
  /** The reads are started by `load` and fall back to [] when they fail (the failure is logged). */
  categories: Promise<PostCategory[]>;
  /** At most 3 newest posts of each category, newest first. */
  categoryPosts: Promise<PostSummary[]>;
  latest: Promise<PostSummary[]>;
  /** The first catalogue products (none when the catalogue could not be read). */
  featured: readonly CatalogueProduct[];
}

/**
 * The landing, or the landing filtered to one category: its reads go out in one batch (when not
 * cached) and are awaited behind Suspense; a failed read with nothing kept gives [] (logged).
 */
async function landing(c: Context<AppEnv>, category?: PostCategory): Promise<DigestData> {
  const { db } = c.get('deps');
  const reads = postReads(db);
  const names = category && [category.name];
  const [catalogue, categories, categoryPosts, latest] = await c
    .get('reads')
    .start([
      catalogueRead(db),
      reads.categories(),
      reads.perCategory(POSTS_PER_CATEGORY, names),
      names ? reads.perCategory(LATEST_POSTS, names) : reads.latest(LATEST_POSTS),
    ] as const);
  return {
    category,
    categories: category ? Promise.resolve([category]) : categories,
    categoryPosts,
    latest,
    featured: ((await catalogue) ?? []).slice(0, FEATURED_EQUIPMENT),
  };
}

/** The landing is always a page: its tags are every product it may feature (docs/decisions/036). */
export async function early(c: Context<AppEnv>): Promise<string[]> {
  return [POSTS_TAG, CATALOGUE_TAG, ...[...(await knownListing(c.get('deps'))).keys()].map(productTag)];
}

/** /training-gun-digest. */
export function load(c: Context<AppEnv>): Promise<DigestData> {
  return landing(c);
}

/** Starts the categories read (or joins it when already started for this request). */
export function startCategories(c: Context<AppEnv>) {
  return c.get('reads').all([postReads(c.get('deps').db).categories()] as const);
}

/** The editorial category a slug names, if any. */
async function categoryNamed(c: Context<AppEnv>, slug: string) {
  const [categories] = await startCategories(c);
  return categories.find((cat) => categorySlug(cat.name) === slug);
}

/** /training-gun-digest/{slug} that is no article: the category's landing, or null for a slug that names none (the route answers 404). */
export async function loadCategory(c: Context<AppEnv>, slug: string): Promise<DigestData | null> {
  const category = await categoryNamed(c, slug);
  return category ? landing(c, category) : null;
}

/** Whether a slug names one of the editorial categories. */
export const isCategorySlug = async (c: Context<AppEnv>, slug: string): Promise<boolean> => (await categoryNamed(c, slug)) !== undefined;

/** The landing's one canonical address; a category's landing (/training-gun-digest/{category}) is its own page. */
export function head({ category, featured }: DigestData, siteUrl: string): PageHead {
  const path = category ? articlePath(categorySlug(category.name)) : DIGEST.path;
  const name = category ? `${category.name}: ${DIGEST.name}` : DIGEST.name;
  const description = category?.description || DESCRIPTION;
  return {
    title: name,
    description,
    canonicalPath: path,
    links: [digestFeedLink],
    cacheTags: [POSTS_TAG, CATALOGUE_TAG, ...featured.map((p) => productTag(p.id))],
    jsonLd: [
      webPageJsonLd({ name, description, url: absoluteUrl(siteUrl, path) }, { type: 'CollectionPage' }),
      breadcrumbJsonLd(
        [{ name: 'Home', path: '/' }, { name: DIGEST.name, path: DIGEST.path }, ...(category ? [{ name: category.name, path }] : [])],
        siteUrl,
      ),
    ],
  };
}

/** The digest landing (/training-gun-digest, or a category's at /training-gun-digest/{category}), built from the database. */
export function Page({ category, categories, categoryPosts, latest, featured }: DigestData) {
  const to = useHref();
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-black tracking-tight">{category ? `${DIGEST.name}: ${category.name}` : DIGEST.name}</h1>
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
          <CategoryCards categories={categories} posts={categoryPosts} />
        </Suspense>
      </section>

      <section aria-labelledby="latest-heading" className="mt-16">
        <h2 id="latest-heading" className="text-2xl font-bold tracking-tight">
          Latest Articles
        </h2>
        <Suspense fallback={<LatestArticlesSkeleton />}>
          <LatestArticles posts={latest} />
        </Suspense>
      </section>

      <FeaturedEquipment products={featured} />

      <section aria-labelledby="digest-more-heading" className="mt-16 rounded-lg bg-stone-900 p-8 text-stone-50">
        <h2 id="digest-more-heading" className="text-2xl font-bold tracking-tight">
          Ready to train?
        </h2>
        <p className="mt-2 text-stone-300">Search every guide, or find the trainer that fits your drills.</p>
        <div className="mt-6 flex flex-wrap gap-4">
          <a href={to('/guides')} className="btn btn-primary">
            Browse All Guides
          </a>
          <a href={to('/products')} className="btn border border-stone-400 text-stone-50 hover:bg-stone-800 focus-visible:outline-stone-50">
            Shop Training Equipment
          </a>
          <a
            href={to(NEWSLETTER_PATH)}
            className="btn border border-stone-400 text-stone-50 hover:bg-stone-800 focus-visible:outline-stone-50"
          >
            New articles by e-mail ({`${WELCOME_PERCENT}% off your first order`})
          </a>
        </div>
      </section>
    </div>
  );
}

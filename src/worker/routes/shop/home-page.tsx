import type { Context } from 'hono';
import { CATALOGUE_TAG, productTag, REVIEWS_TAG } from '#shared/caching/cache-tags.ts';
import { readReviewSummary, type ReviewSummary } from '#worker/reviews/review-store.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import FeaturedProducts from '#ui/islands/FeaturedProducts.tsx';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import { analyticsItem, viewItemListEvent } from '#shared/catalogue/item-events.ts';
import { toCardItem, type CardItem } from '#shared/catalogue/list.ts';
import { categories } from '#shared/catalogue/categories.ts';
import { knownListing, readShelf } from '#worker/catalogue/catalogue-reads.ts';
import { productImageSize, featuredProducts } from '#shared/catalogue/product.ts';
import { claimText } from '#shared/policy/text.ts';
import type { Region } from '#shared/region/region.ts';
import { site } from '#shared/site/brand.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { TrustSection } from './trust-section.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { imageSources } from '#shared/photos/photo-files.ts';

const HERO_IMAGE = '/images/products/1-landscape.svg';
const BLANK_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==';

const featuredList = { id: 'home_featured', name: 'Featured Products' } as const;

const reasons = [
  {
    title: 'Realistic Training',
    text: 'Full-size trainers with authentic weight, controls and trigger feel build skills that carry over to the range.',
  },
  {
    title: 'Safe Anywhere',
    text: 'No ammunition and no projectiles: practise at home, in the office or in the classroom.',
  },
  {
    title: 'Measurable Progress',
    text: 'Reactive targets and training apps score every shot, so you can see your improvement drill by drill.',
  },
] as const;

/** A training category's tile: its name, how many products it has and the first one's picture. */
interface CategoryTile {
  id: string;
  name: string;
  count: number;
  cover?: { image_url: string };
}

export interface HomeData {
  categoryTiles: CategoryTile[];
  /** The bestsellers, as the list's cards. */
  featured: CardItem[];
  /** Every product the tiles counted: a change to any of them changes this page. */
  productIds: number[];
  region: Region;
  campaign: CampaignParams;
  reviewSummary: ReviewSummary;
}

/** The catalogue with its stock (one cached batch); without it (the database down, nothing kept) the page still shows, without products. */
export async function load(c: Context<AppEnv>): Promise<HomeData> {
  const reads = pageReads(c);
  const [shelf, reviewSummary] = await Promise.all([readShelf(reads), readReviewSummary(reads.reads, reads.db)]);
  const products = shelf?.products ?? [];
  return {
    categoryTiles:
      products.length === 0
        ? []
        : categories.map((category) => {
            const inCategory = products.filter((p) => p.category_id === category.id);
            return { id: category.id, name: category.name, count: inCategory.length, cover: inCategory[0] };
          }),
    featured: featuredProducts(products).map(toCardItem),
    productIds: products.map((p) => p.id),
    region: c.get('region').region,
    campaign: campaignFromSearch(new URL(c.req.url).search),
    reviewSummary,
  };
}

/** Always a page: its tags are every product it may show (docs/decisions/036). */
export async function early(c: Context<AppEnv>): Promise<string[]> {
  return [CATALOGUE_TAG, REVIEWS_TAG, ...[...(await knownListing(c.get('deps'))).keys()].map(productTag)];
}

export function head({ featured, productIds }: HomeData): PageHead {
  return {
    title: `${site.brand}: Laser & Dry-Fire Training Equipment`,
    description:
      'Laser training pistols, rifles, knives, targets and bundles for military, law enforcement and civilian shooters. Train safely anywhere.',
    canonicalPath: '/',
    cacheTags: [CATALOGUE_TAG, REVIEWS_TAG, ...productIds.map(productTag)],
    events: [
      viewItemListEvent(
        featuredList.id,
        featuredList.name,
        featured.map((p, i) => analyticsItem(p, i)),
      ),
    ],
  };
}

function Hero() {
  const to = useHref();
  return (
    <section className="bg-stone-900 text-stone-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 lg:grid-cols-2 lg:py-24">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-red-400">Laser &amp; dry-fire training</p>
          <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">Train Smarter. Shoot Better.</h1>
          <p className="mt-5 max-w-xl text-lg text-stone-300">{site.tagline} Practise anywhere, safely, without live ammunition.</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <a href={to('/products')} className="btn btn-primary">
              Shop Now
            </a>
            <a href={to('/about')} className="btn border border-stone-400 text-stone-50 hover:bg-stone-800 focus-visible:outline-stone-50">
              {/* The words the design shows, named in full for screen readers and crawlers. */}
              Learn More<span className="sr-only"> about {site.brand}</span>
            </a>
          </div>
        </div>
        {/* Shown on wide screens only, so narrow ones are given a 1-pixel stand-in instead of the download. */}
        <picture>
          <source media="(min-width: 1024px)" srcSet={HERO_IMAGE} />
          <img
            src={BLANK_PIXEL}
            alt="G-Series Laser Training Pistol with its laser pulse"
            {...productImageSize.landscape}
            fetchPriority="high"
            className="hidden w-full rounded-lg lg:block"
          />
        </picture>
      </div>
    </section>
  );
}

function CategoryTiles({ tiles }: { tiles: readonly CategoryTile[] }) {
  const to = useHref();
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="categories-heading" className="text-3xl font-bold tracking-tight">
        Training Categories
      </h2>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map(({ id, name, count, cover }) => {
          return (
            <li key={id}>
              <a
                href={to(`/products?category=${id}`)}
                className="group block overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm hover:shadow-md focus-visible:outline-2 focus-visible:outline-red-700"
              >
                {cover && (
                  // Above the fold on wide screens: not lazy, so it may be the largest paint.
                  <img
                    {...imageSources(cover.image_url, '(min-width: 1024px) 25vw, 50vw')}
                    alt=""
                    {...productImageSize.main}
                    decoding="async"
                    className="aspect-square w-full"
                  />
                )}
                <span className="block p-4">
                  <span className="block text-lg font-semibold group-hover:text-red-700">{name}</span>
                  <span className="block text-sm text-stone-700">
                    {count} {count === 1 ? 'product' : 'products'}
                  </span>
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Featured({ items, region, campaign }: Pick<HomeData, 'region' | 'campaign'> & { items: CardItem[] }) {
  const to = useHref();
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pb-16">
      <div className="flex items-end justify-between gap-4">
        <h2 id="featured-heading" className="text-3xl font-bold tracking-tight">
          Featured Products
        </h2>
        <a href={to('/products')} className="font-semibold text-red-700 hover:text-red-800">
          View All<span className="sr-only"> products</span> →
        </a>
      </div>
      <div className="mt-8">
        {/* Visible: far below the fold, its cards come live before they can be pressed (a press before that is
            replayed); a region change hydrates it first (switchRegion), so its prices still switch with the rest. */}
        <Island
          hydrate="visible"
          followsRegion
          name="FeaturedProducts"
          component={FeaturedProducts}
          props={{
            items,
            list: featuredList,
            region,
            campaign,
          }}
        />
      </div>
    </section>
  );
}

function WhyChoose() {
  return (
    <section aria-labelledby="why-choose-heading" className="mx-auto max-w-7xl px-4 py-16">
      <h2 id="why-choose-heading" className="text-center text-3xl font-bold tracking-tight">
        Why Choose Laser Training
      </h2>
      <ul className="mt-10 grid gap-8 md:grid-cols-3">
        {reasons.map((reason, i) => (
          <li key={reason.title} className="text-center">
            <span
              aria-hidden="true"
              className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-700 text-lg font-bold text-white"
            >
              {i + 1}
            </span>
            <h3 className="mt-4 text-xl font-semibold">{reason.title}</h3>
            <p className="mt-2 text-stone-700">{reason.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CallToAction() {
  const to = useHref();
  return (
    <section className="bg-red-700 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-14 text-center">
        <h2 className="text-3xl font-bold tracking-tight">Ready to Start Training?</h2>
        <p className="max-w-2xl text-red-50">
          Join {claimText.shooters} shooters who sharpen their skills with laser training at home and on the range.
        </p>
        <a href={to('/products')} className="btn bg-white text-red-800 hover:bg-red-50 focus-visible:outline-white">
          Browse All Products
        </a>
      </div>
    </section>
  );
}

/** The home page (/). */
export function Page({ categoryTiles, featured, region, campaign, reviewSummary }: HomeData) {
  return (
    <>
      <Hero />
      <CategoryTiles tiles={categoryTiles} />
      <Featured items={featured} region={region} campaign={campaign} />
      <ReviewsSection summary={reviewSummary} />
      <WhyChoose />
      <TrustSection />
      <CallToAction />
    </>
  );
}

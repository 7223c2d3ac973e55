import type { Context } from 'hono';
import { productTag, REVIEWS_TAG } from '#shared/caching/cache-tags.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import { AddToCartButton } from '#ui/shop/add-to-cart-button.tsx';
import { BuyButton } from '#ui/shop/buy-button.tsx';
import ProductGallery from '#ui/islands/ProductGallery.tsx';
import ProductPrice from '#ui/islands/ProductPrice.tsx';
import { Badges } from '#ui/shop/badges.tsx';
import { ProductName } from '#ui/shop/product-name.tsx';
import { StockBadge } from '#ui/shop/stock-badge.tsx';
import { StockAlertForm } from '#worker/components/stock-alert-form.tsx';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import { analyticsItem, viewItemEvent } from '#shared/catalogue/item-events.ts';
import {
  productImages,
  productImageSize,
  plainName,
  productPath,
  parseProductId,
  availability,
  shipsSoon,
} from '#shared/catalogue/product.ts';
import type { Product } from '#shared/catalogue/types.ts';
import { findListFilter } from '#shared/catalogue/list.ts';
import { productJsonLd } from '#shared/catalogue/structured-data.ts';
import { displayPrice } from '#shared/catalogue/prices.ts';
import { shipsInText } from '#shared/policy/text.ts';
import type { Market } from '#shared/market/market.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { Breadcrumb } from '#worker/components/breadcrumb-nav.tsx';
import type { Crumb } from '#shared/seo/breadcrumb.ts';
import { renderProductError } from './product-not-found.tsx';
import { ProductSpecs } from './product-specs.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { BuyerReviews } from './buyer-reviews.tsx';
import { reviewOrderOf, reviewsSearch, votedOf } from '#shared/reviews/review-rules.ts';
import { readApprovedReviews, readReviewSummary, type ProductReviews, type ReviewSummary } from '#worker/reviews/review-store.ts';
import { reviewsJsonLd } from '#shared/reviews/review-jsonld.ts';
import { TrustSection } from './trust-section.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { unitsLeftText } from '#shared/catalogue/stock-level.ts';
import { knownListing, readShelf } from '#worker/catalogue/catalogue-reads.ts';

export interface ProductData {
  product: Product;
  /** "Only 3 left" when few are (the count is known and low). */
  unitsLeft: string | null;
  region: Region;
  /** The market of the address, whose offer alone the structured data carries. */
  market: Market | null;
  /** The campaign the page was reached with, carried to the payment link. */
  campaign: CampaignParams;
  /** Stripe Tax on: the structured data says whether each price includes VAT. */
  taxOn: boolean;
  /** Approved reviews by buyers in the order asked, and the count and star total of all. */
  reviews: ProductReviews;
  reviewSummary: ReviewSummary;
  /** The review the shopper just voted on (?voted=): its button says so. */
  voted: number | null;
}

/**
 * The id must be an integer of a listed catalogue product; a wrong slug redirects (301) to the right
 * one, and no slug at all is the spec's short address (its canonical carries the slug). The product and its stock are read through the cache (no round trip warm,
 * one cold); a database that cannot be read with nothing kept shows the product as the bundle was
 * built (stock unknown, nothing to pay), and gives "Failed to load product data" for one it lacks.
 */
export async function load(c: Context<AppEnv>): Promise<ProductData | Response> {
  const id = parseProductId(c.req.param('id'));
  if (id === null) return renderProductError(c, 'invalid');
  const reads = pageReads(c);
  const [shelf, reviews, reviewSummary] = await Promise.all([
    readShelf(reads, [id]),
    readApprovedReviews(reads.reads, reads.db, id, reviewOrderOf(c.req.query('reviews'))),
    readReviewSummary(reads.reads, reads.db),
  ]);
  if (!shelf) return renderProductError(c, 'failed');
  const product = shelf.byId(id);
  if (!product) return renderProductError(c, shelf.lastBuilt ? 'failed' : 'missing');
  // A wrong slug is the product's address misspelt: sent to its own (one page per product, not one per made-up slug).
  const slug = c.req.param('slug');
  if (slug !== undefined && slug !== product.slug) {
    const url = new URL(c.req.url);
    return c.redirect(c.get('href')(productPath(product)) + url.search, 301);
  }
  return {
    product,
    unitsLeft: unitsLeftText(product.available, shelf.stock.lowAt),
    region: c.get('region').region,
    market: c.get('market'),
    campaign: campaignFromSearch(new URL(c.req.url).search),
    taxOn: c.get('deps').settings.STRIPE_TAX === 'on',
    reviews,
    reviewSummary,
    voted: votedOf(c.req.query('voted')),
  };
}

/** A product known to be listed, at its own address (or the short one), is a page before its data is read (docs/decisions/036). */
export async function early(c: Context<AppEnv>): Promise<string[] | null> {
  const id = parseProductId(c.req.param('id'));
  const known = id === null ? undefined : (await knownListing(c.get('deps'), [id])).get(id);
  const slug = c.req.param('slug');
  if (!known || (slug !== undefined && slug !== known.slug)) return null;
  return [productTag(known.id), REVIEWS_TAG];
}

/** A page that fails while its shell renders still gets the Product Not Found page, with the spec's reason. */
export function renderFailed(c: Context<AppEnv>, err: unknown) {
  c.get('log')('error', 'product page failed', { productId: c.req.param('id'), ...errorFields(err) });
  return renderProductError(c, 'failed');
}

export function head({ product, region, market, taxOn, reviews }: ProductData, siteUrl: string): PageHead {
  const currency = currencyByRegion[region];
  return {
    title: product.meta_title,
    description: product.meta_description,
    canonicalPath: productPath(product),
    type: 'product',
    // The landscape artwork is the 1200×630 share card.
    image: product.landscape_url,
    imageSize: productImageSize.landscape,
    imageAlt: product.image_alt,
    product: { price: displayPrice(product, currency), currency, availability: availability(product.stock) },
    jsonLd: [{ ...productJsonLd(product, siteUrl, currency, market, { taxOn }), ...reviewsJsonLd(reviews) }],
    events: [viewItemEvent(analyticsItem(product))],
    cacheTags: [productTag(product.id), REVIEWS_TAG],
    keptSearch: reviewsSearch(reviews.order),
  };
}

/** Home > Products > the product's category (when it has a list filter) > the product. */
function productTrail(product: Product): Crumb[] {
  const filter = findListFilter(product.category_id);
  return [
    { name: 'Home', path: '/' },
    { name: 'Products', path: '/products' },
    ...(filter ? [{ name: filter.name, path: `/products?category=${filter.id}` }] : []),
    { name: plainName(product.name), path: productPath(product) },
  ];
}

function Guides({ product }: { product: Product }) {
  const to = useHref();
  if (product.related_guides.length === 0) return null;
  return (
    <section aria-labelledby="guides-heading">
      <h2 id="guides-heading" className="text-2xl font-bold tracking-tight">
        Learn More About This Product
      </h2>
      <ul className="mt-4 flex flex-col gap-2">
        {product.related_guides.map((guide) => (
          <li key={guide.id}>
            <a href={to(guide.url)} className="font-medium text-red-700 underline-offset-2 hover:text-red-800 hover:underline">
              {guide.title}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The product detail page (/product/{id}/{slug}): gallery, price, stock, Buy Now, features, specs, guides, reviews. */
export function Page({ product, unitsLeft, region, campaign, taxOn, reviews, reviewSummary, voted }: ProductData) {
  const { price, prices, full_price, full_prices } = product;
  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-4 md:py-8">
        <Breadcrumb trail={productTrail(product)} />
        {/* On a phone the first screen holds the image, name, price, stock and Buy Now: the gallery is
            capped there and the buy box comes before the description (desktop orders them as before). */}
        <div className="mt-3 grid gap-4 md:mt-6 md:grid-cols-2 md:gap-10">
          {/* Interaction: the main image is all there is to see; a thumbnail press hydrates and shows it. */}
          <Island name="ProductGallery" component={ProductGallery} props={{ images: productImages(product) }} hydrate="interaction" />
          <div className="flex flex-col gap-3 md:gap-5">
            <Badges isNew={product.is_new} tags={product.tags} />
            <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">
              <ProductName name={product.name} />
            </h1>
            {/* Interaction: nothing in it is pressed; it shows the region, so a region change hydrates it before
                switching (switchRegion) and its percent off and saving change in the same frame as every other price. */}
            <Island
              hydrate="interaction"
              followsRegion
              name="ProductPrice"
              component={ProductPrice}
              props={{ product: { price, prices, full_price, full_prices }, region, taxOn }}
            />
            <div className="flex flex-wrap items-center gap-3">
              <StockBadge stock={product.stock} />
              {shipsSoon(product.stock) && <p className="text-sm text-stone-700">{shipsInText}</p>}
            </div>
            <div className="flex flex-col gap-3 md:order-2 md:gap-5">
              {/* No island: a form and src/client/cart/buy-now.ts, so the first tap navigates at once. */}
              <BuyButton
                productId={product.id}
                name={product.name}
                links={product.payment_links}
                stock={product.stock}
                item={analyticsItem(product)}
                campaign={campaign}
                soldOutLabel="Out of Stock"
                className="w-full sm:w-auto sm:min-w-48 sm:self-start"
              />
              {/* No island either: a form and src/client/cart/add-to-cart.ts. */}
              <AddToCartButton product={product} className="w-full sm:w-auto sm:min-w-48 sm:self-start" />
              {product.stock === 'Out of Stock' && <StockAlertForm productId={product.id} />}
              {product.stock === 'Low Stock' && (
                // The spec's sentence, with the count beside it when the shop knows it.
                <p className="font-semibold text-amber-900">{`Hurry! Only a few units left.${unitsLeft ? ` ${unitsLeft}.` : ''}`}</p>
              )}
            </div>
            <div className="flex flex-col gap-5 max-md:mt-4 md:order-1">
              <p className="text-stone-800">{product.description}</p>
              <section aria-labelledby="features-heading">
                <h2 id="features-heading" className="text-lg font-semibold">
                  Key Features
                </h2>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-stone-800">
                  {product.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              </section>
            </div>
          </div>
        </div>
        <div className="mt-16 grid gap-12 lg:grid-cols-[2fr_1fr]">
          <ProductSpecs specs={product.technical_specs} />
          <Guides product={product} />
        </div>
      </div>
      <BuyerReviews reviews={reviews} path={productPath(product)} voted={voted} />
      <ReviewsSection summary={reviewSummary} />
      <TrustSection />
    </>
  );
}

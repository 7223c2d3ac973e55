import type { CampaignParams } from '#shared/site/campaign.ts';
import { analyticsItem } from '#shared/catalogue/item-events.ts';
import { type CardItem, featureChips, type ListView } from '#shared/catalogue/list.ts';
import { productImageSize } from '#shared/catalogue/product.ts';
import type { Region } from '#shared/region/region.ts';
import { trackSelectItem } from '#ui/state/data-layer.ts';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { Badges } from './badges.tsx';
import { BuyButton } from './buy-button.tsx';
import { PriceLine } from './price-line.tsx';
import { ProductName } from './product-name.tsx';
import { StockBadge } from './stock-badge.tsx';
import { useHref } from '#ui/state/market-context.ts';
import { imageSources } from '#shared/photos/photo-files.ts';

export interface CardContext {
  region: Region;
  /** The list the card is shown in, for select_item. */
  list: { id: string; name: string };
  campaign: CampaignParams;
  view: ListView;
  headingLevel: 2 | 3;
}

/** A product card: the whole card opens the product (select_item first); Buy sits above that link. */
export function ProductCard({ item, index, eager, ctx }: { item: CardItem; index: number; eager: boolean; ctx: CardContext }) {
  const to = useHref();
  const { chips, more } = featureChips(item.features);
  const Heading = ctx.headingLevel === 3 ? 'h3' : 'h2';
  const asRow = ctx.view === 'list';
  const analytics = analyticsItem(item, index);
  return (
    <article
      className={`relative flex h-full rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md ${
        asRow ? 'flex-row gap-4 p-4' : 'flex-col'
      }`}
    >
      <img
        {...imageSources(item.image_url, asRow ? '160px' : '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw')}
        alt={item.image_alt}
        {...productImageSize.main}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className={asRow ? 'h-28 w-28 shrink-0 rounded-md sm:h-40 sm:w-40' : 'aspect-square w-full rounded-t-lg'}
      />
      <div className={`flex flex-1 flex-col gap-3 ${asRow ? '' : 'p-4'}`}>
        <Badges isNew={item.is_new} tags={item.tags} />
        <Heading className="text-lg font-semibold leading-snug">
          <a
            href={to(item.href)}
            onClick={() => trackSelectItem(ctx.list.id, ctx.list.name, analytics)}
            className="after:absolute after:inset-0 after:rounded-lg hover:text-red-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-red-700"
          >
            <ProductName name={item.name} />
          </a>
        </Heading>
        {asRow && <p className="line-clamp-2 text-sm text-stone-700">{item.description}</p>}
        <ul aria-label="Key features" className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li key={chip} className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs text-stone-700">
              {chip}
            </li>
          ))}
          {more > 0 && <li className="px-1 py-0.5 text-xs font-medium text-stone-700">+{more} more</li>}
        </ul>
        {item.stock !== 'In Stock' && <StockBadge stock={item.stock} />}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <PriceLine product={item} region={ctx.region} />
          <div className="relative z-10 flex flex-wrap gap-2">
            <AddToCartButton product={item} />
            <BuyButton
              productId={item.id}
              name={item.name}
              links={item.payment_links}
              stock={item.stock}
              item={analytics}
              campaign={ctx.campaign}
              soldOutLabel="Sold Out"
            />
          </div>
        </div>
      </div>
    </article>
  );
}

/** Cards in a grid, or one per row in list view. */
export function ProductCards({ items, ctx, className }: { items: readonly CardItem[]; ctx: CardContext; className?: string }) {
  const layout = ctx.view === 'list' ? 'flex flex-col gap-4' : (className ?? 'grid gap-6 sm:grid-cols-2 xl:grid-cols-3');
  return (
    <ul className={layout}>
      {items.map((item, index) => (
        <li key={item.id}>
          {/* The first row's images may be the largest paint: load them at once. */}
          <ProductCard item={item} index={index} eager={index < 3} ctx={ctx} />
        </li>
      ))}
    </ul>
  );
}

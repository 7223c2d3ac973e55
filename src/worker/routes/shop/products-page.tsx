import type { Context } from 'hono';
import { CATALOGUE_TAG, productTag } from '#shared/caching/cache-tags.ts';
import { pageReads } from '#worker/render/page-reads.ts';
import ProductBrowser from '#ui/islands/ProductBrowser.tsx';
import { campaignFromSearch, type CampaignParams } from '#shared/site/campaign.ts';
import { analyticsItem, viewItemListEvent } from '#shared/catalogue/item-events.ts';
import {
  toCardItem,
  visibleProducts,
  listAnalytics,
  listHeading,
  listSearch,
  parseListQuery,
  type CardItem,
  type ListState,
} from '#shared/catalogue/list.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { knownListing, requireShelf } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';

export interface ProductListData {
  state: ListState;
  /** Every product as a card: the island filters them in place. */
  items: CardItem[];
  region: Region;
  campaign: CampaignParams;
}

/** Every listed product as a card with the stock label its quantity gives (one cached batch for the list). */
export async function load(c: Context<AppEnv>): Promise<ProductListData> {
  const url = new URL(c.req.url);
  const shelf = await requireShelf(pageReads(c));
  return {
    state: parseListQuery(url.searchParams),
    items: shelf.products.map(toCardItem),
    region: c.get('region').region,
    campaign: campaignFromSearch(url.search),
  };
}

/** The whole list (no query) is always a page: its tags are every product it may show (docs/decisions/036). */
export async function early(c: Context<AppEnv>): Promise<string[]> {
  return [CATALOGUE_TAG, ...[...(await knownListing(c.get('deps'))).keys()].map(productTag)];
}

/** Category lists are canonical pages (whatever the order); search results are not indexed. */
export function head({ state, items, region }: ProductListData): PageHead {
  const heading = listHeading(state);
  const list = listAnalytics(state);
  const shown = visibleProducts(items, state, currencyByRegion[region]);
  return {
    title: heading.title,
    description: heading.description,
    ...(state.q.trim()
      ? { robots: 'noindex, follow' }
      : { canonicalPath: state.category ? `/products?category=${state.category}` : '/products' }),
    // Every product is in the page (the island filters in place): a change to any changes it.
    cacheTags: [CATALOGUE_TAG, ...items.map((item) => productTag(item.id))],
    keptSearch: listSearch(state),
    events: [
      viewItemListEvent(
        list.id,
        list.name,
        shown.map((p, i) => analyticsItem(p, i)),
        state.sort,
      ),
    ],
  };
}

/** Product list (/products): rendered complete on the server, made instant by the island. */
export function Page({ state, items, region, campaign }: ProductListData) {
  return (
    // On the first interaction: the list is complete server HTML and its GET forms work, so React is not
    // run before the visitor uses it (the first tap is held and replayed; what was typed meanwhile is taken
    // on mount). A region change hydrates it at once (followsRegion).
    <Island
      hydrate="interaction"
      followsRegion
      name="ProductBrowser"
      component={ProductBrowser}
      props={{ items, initial: state, region, campaign }}
    />
  );
}

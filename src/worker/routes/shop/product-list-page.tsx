import ProductBrowser from '#client/islands/ProductBrowser.tsx';
import { campaignFromSearch } from '#shared/site/campaign.ts';
import { analyticsItem, viewItemListEvent } from '#shared/catalogue/item-events.ts';
import { toCardItem, listedProducts, listAnalytics, listHeading, type ListState } from '#shared/catalogue/list.ts';
import type { Currency } from '#shared/region/region.ts';
import { products } from '#shared/catalogue/products.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';

/** Category lists are canonical pages (whatever the order); search results are not indexed. */
export function productListHead(state: ListState, currency: Currency): PageHead {
  const heading = listHeading(state);
  const list = listAnalytics(state);
  const shown = listedProducts(products, state, currency);
  return {
    title: heading.title,
    description: heading.description,
    ...(state.q.trim()
      ? { robots: 'noindex, follow' }
      : { canonicalPath: state.category ? `/products?category=${state.category}` : '/products' }),
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
export function ProductListPage({ state }: { state: ListState }) {
  const { region, search } = useRequestInfo();
  return (
    // Load: the list and its filters are the page, above the fold, used at once.
    <Island
      hydrate="load"
      followsRegion
      name="ProductBrowser"
      component={ProductBrowser}
      props={{ items: products.map(toCardItem), initial: state, region: region.region, campaign: campaignFromSearch(search) }}
    />
  );
}

import ProductBrowser from '../../../client/islands/ProductBrowser';
import { campaignFromSearch } from '../../../shared/campaign';
import { analyticsItem } from '../../../shared/catalogue/analytics-item';
import { toCardItem } from '../../../shared/catalogue/card-item';
import { viewItemListEvent } from '../../../shared/catalogue/ecommerce-events';
import { filterProducts } from '../../../shared/catalogue/list-filters';
import { listAnalytics, listHeading, type ListState } from '../../../shared/catalogue/list-query';
import { products } from '../../../shared/catalogue/products';
import type { PageHead } from '../../render/head';
import { Island } from '../../render/island';
import { useRequestInfo } from '../../render/request-context';

/** Category lists are canonical pages; search results are not indexed. */
export function productListHead(state: ListState): PageHead {
  const heading = listHeading(state);
  const list = listAnalytics(state);
  const shown = filterProducts(products, state.category, state.q);
  return {
    title: heading.title,
    description: heading.description,
    ...(state.q.trim()
      ? { robots: 'noindex, follow' }
      : { canonicalPath: state.category ? `/products?category=${state.category}` : '/products' }),
    events: [viewItemListEvent(list.id, list.name, shown.map((p, i) => analyticsItem(p, i)))],
  };
}

/** Product list (spec point 2): rendered complete on the server, made instant by the island. */
export function ProductListPage({ state }: { state: ListState }) {
  const { region, search } = useRequestInfo();
  return (
    <Island
      name="ProductBrowser"
      component={ProductBrowser}
      props={{ items: products.map(toCardItem), initial: state, region: region.region, campaign: campaignFromSearch(search) }}
    />
  );
}

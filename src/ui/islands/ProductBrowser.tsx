import { useEffect, useEffectEvent, useId, useRef, useState, type MouseEvent } from 'react';
import type { CampaignParams } from '#shared/site/campaign.ts';
import {
  type CardItem,
  visibleProducts,
  listSorts,
  clearedList,
  listAnalytics,
  listHeading,
  MAX_QUERY_LENGTH,
  type ListSort,
  type ListState,
  type ListView,
} from '#shared/catalogue/list.ts';
import { currencyByRegion, type Region } from '#shared/region/region.ts';
import { FilterPanel, type AvailabilityKey } from '#ui/shop/filter-panel.tsx';
import { HiddenListState } from '#ui/shop/list-forms.tsx';
import { NoResults } from '#ui/shop/no-results.tsx';
import { ProductCards } from '#ui/shop/product-card.tsx';
import { restoreList, showList, typedListState, writeListUrl } from '#ui/state/list-history.ts';
import { useRegion } from '#ui/state/use-region.ts';
import { useHref } from '#ui/state/market-context.ts';

export interface ProductBrowserProps {
  items: CardItem[];
  initial: ListState;
  region: Region;
  campaign: CampaignParams;
}

/**
 * The product list (/products). The server renders it from ?category=&q=&view= with GET forms and
 * links; once hydrated it filters in place, keeps the URL in step (pushState, with a page view and
 * view_item_list) and follows back/forward.
 */
export default function ProductBrowser({ items, initial, region, campaign }: ProductBrowserProps) {
  const to = useHref();
  const [state, setState] = useState(initial);
  const liveRegion = useRegion(region);
  const searchId = useId();
  const sortId = useId();

  // Sorting by price follows the live region, so a region change reorders the list too.
  const visible = visibleProducts(items, state, currencyByRegion[liveRegion]);
  const heading = listHeading(state);
  const list = listAnalytics(state);

  useEffect(() => {
    const onPopState = () => setState(restoreList(items));
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, [items]);

  const show = (next: ListState) => {
    setState(next);
    showList(items, next);
  };

  const clear = (event: MouseEvent) => {
    event.preventDefault();
    show(clearedList(state));
  };

  const onCategory = (event: MouseEvent, category: ListState['category']) => {
    event.preventDefault();
    show({ ...state, category });
  };

  const onView = (event: MouseEvent, view: ListView) => {
    event.preventDefault();
    if (view !== state.view) show({ ...state, view });
  };

  const onAvailability = (key: AvailabilityKey, ticked: boolean) => show({ ...state, [key]: ticked });

  const onSort = (sort: ListSort) => show({ ...state, sort });

  // Typing filters at once; the URL follows without a history entry per keystroke.
  const onSearch = (q: string) => {
    const next = { ...state, q };
    setState(next);
    writeListUrl(next, 'replace');
  };

  // Hydrated on the first interaction: a search typed or a box ticked before React listened is in
  // the DOM, not yet in state (hydration keeps the DOM's values); it is applied once, on mount, before
  // any re-render would write the server's values back.
  const root = useRef<HTMLDivElement>(null);
  const takeTyped = useEffectEvent(() => {
    const typed = root.current && typedListState(root.current, initial);
    if (!typed) return;
    if (typed.inStock !== initial.inStock || typed.newArrivals !== initial.newArrivals) show(typed);
    else if (typed.q !== initial.q) onSearch(typed.q);
  });
  useEffect(() => takeTyped(), []);

  const panel = <FilterPanel state={state} onCategory={onCategory} onAvailability={onAvailability} onClear={clear} />;

  return (
    <div ref={root} className="mx-auto max-w-7xl px-4 py-10">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading.title}</h1>
        <p className="mt-2 max-w-3xl text-stone-700">{heading.description}</p>
      </header>
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <aside aria-label="Product filters" className="hidden lg:block">
          {panel}
        </aside>
        <div className="min-w-0">
          <details className="mb-6 rounded-lg border border-stone-200 bg-white lg:hidden">
            <summary className="cursor-pointer px-4 py-3 font-semibold">Filters</summary>
            <div className="px-4 pb-4">{panel}</div>
          </details>
          <search className="mb-4 block">
            <form method="get" action={to('/products')} onSubmit={(event) => event.preventDefault()} className="flex gap-2">
              <HiddenListState state={state} omit="q" />
              <label htmlFor={searchId} className="sr-only">
                Search products
              </label>
              <input
                id={searchId}
                type="search"
                name="q"
                value={state.q}
                onChange={(event) => onSearch(event.target.value)}
                placeholder="Search products..."
                maxLength={MAX_QUERY_LENGTH}
                className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-red-700"
              />
              <button type="submit" className="btn btn-secondary">
                Search
              </button>
            </form>
          </search>
          <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
            <p aria-live="polite" className="text-sm text-stone-700">
              {visible.length === 1 ? '1 product' : `${visible.length} products`}
            </p>
            <form method="get" action={to('/products')} onSubmit={(event) => event.preventDefault()} className="flex items-center gap-2">
              <HiddenListState state={state} omit="sort" />
              <label htmlFor={sortId} className="text-sm text-stone-700">
                Sort by
              </label>
              <select
                id={sortId}
                name="sort"
                value={state.sort}
                onChange={(event) => onSort(event.target.value as ListSort)}
                className="rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-red-700"
              >
                {listSorts.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.label}
                  </option>
                ))}
              </select>
              {/* Without JavaScript the order applies on submit; with it, on change. */}
              <button type="submit" className="btn btn-secondary px-3 py-1.5 text-sm">
                Apply
              </button>
            </form>
            <form method="get" action={to('/products')} aria-label="View" className="flex gap-1">
              <HiddenListState state={state} omit="view" />
              {(['grid', 'list'] as const).map((view) => (
                <button
                  key={view}
                  type="submit"
                  name="view"
                  value={view}
                  aria-pressed={state.view === view}
                  onClick={(event) => onView(event, view)}
                  className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-red-700 aria-pressed:border-stone-900 aria-pressed:bg-stone-900 aria-pressed:text-white"
                >
                  {view === 'grid' ? 'Grid' : 'List'}
                  <span className="sr-only"> view</span>
                </button>
              ))}
            </form>
          </div>
          {visible.length > 0 ? (
            <ProductCards items={visible} ctx={{ region: liveRegion, list, campaign, view: state.view, headingLevel: 2 }} />
          ) : (
            <NoResults items={items} state={state} onReset={clear} />
          )}
        </div>
      </div>
    </div>
  );
}

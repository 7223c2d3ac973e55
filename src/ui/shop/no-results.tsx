import type { MouseEvent } from 'react';
import {
  activeFilterNames,
  clearedList,
  findListFilter,
  listPath,
  panelFilterIds,
  type CardItem,
  type ListState,
} from '#shared/catalogue/list.ts';
import { plainName } from '#shared/catalogue/product.ts';
import { closestNames } from '#shared/catalogue/search.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * The list's empty state: it says what found nothing and offers a way on (Baymard: a dead end loses
 * the shopper): the closest product names to a search, every category, and Reset Filters.
 */
export function NoResults({
  items,
  state,
  onReset,
}: {
  items: readonly CardItem[];
  state: ListState;
  onReset: (event: MouseEvent) => void;
}) {
  const to = useHref();
  const q = state.q.trim();
  const closest = q ? closestNames(items, q) : [];
  return (
    <div className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
      <p className="text-stone-800">No products match your current filters.</p>
      <p className="mt-1 text-sm text-stone-700">Clear {activeFilterNames(state).join(', ')} to see more.</p>
      {closest.length > 0 && (
        <p className="mt-4 text-sm text-stone-800" data-closest>
          Closest names:{' '}
          {closest.map((item, i) => (
            <span key={item.id}>
              {i > 0 && ', '}
              <a href={to(item.href)} className="font-medium text-red-800 underline">
                {plainName(item.name)}
              </a>
            </span>
          ))}
        </p>
      )}
      <nav aria-label="Categories" className="mt-4 flex flex-wrap justify-center gap-2 text-sm">
        {panelFilterIds.map((id) => (
          <a
            key={id}
            href={to(listPath({ ...clearedList(state), category: id }))}
            className="rounded-full border border-stone-300 px-3 py-1 text-stone-800 hover:bg-stone-100"
          >
            {findListFilter(id)?.name}
          </a>
        ))}
      </nav>
      <a href={to(listPath(clearedList(state)))} onClick={onReset} className="btn btn-primary mt-4">
        Reset Filters
      </a>
    </div>
  );
}

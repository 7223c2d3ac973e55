import { useId, type MouseEvent } from 'react';
import { findListFilter, panelFilterIds, clearedList, listPath, type ListState } from '#shared/catalogue/list.ts';
import { HiddenListState } from './list-forms.tsx';
import { useHref } from '#ui/state/market-context.ts';

export interface Availability {
  inStockOnly: boolean;
  newArrivals: boolean;
}

const availabilityBoxes: ReadonlyArray<[keyof Availability, string]> = [
  ['inStockOnly', 'In Stock Only'],
  ['newArrivals', 'New Arrivals'],
];

export interface FilterPanelProps {
  state: ListState;
  availability: Availability;
  onCategory: (event: MouseEvent, category: ListState['category']) => void;
  onAvailability: (next: Availability) => void;
  onClear: (event: MouseEvent) => void;
}

/**
 * Category buttons (pressing the active one clears it), the two Availability checkboxes (which, as
 * the spec says, do not change the results) and Clear Filters.
 */
export function FilterPanel({ state, availability, onCategory, onAvailability, onClear }: FilterPanelProps) {
  const to = useHref();
  const id = useId();
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-categories`}>
        <h2 id={`${id}-categories`} className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-700">
          Categories
        </h2>
        <form method="get" action={to('/products')}>
          <HiddenListState state={state} omit="category" />
          <ul className="flex flex-col gap-1">
            {panelFilterIds.map((filterId) => {
              const active = state.category === filterId;
              return (
                <li key={filterId}>
                  <button
                    type="submit"
                    name="category"
                    value={active ? '' : filterId}
                    aria-pressed={active}
                    onClick={(event) => onCategory(event, active ? null : filterId)}
                    className="w-full rounded-md px-3 py-2 text-left text-sm font-medium text-stone-800 hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-red-700 aria-pressed:bg-red-700 aria-pressed:text-white"
                  >
                    {findListFilter(filterId)?.name}
                  </button>
                </li>
              );
            })}
          </ul>
        </form>
      </section>
      <fieldset>
        <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-700">Availability</legend>
        {availabilityBoxes.map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 py-1 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4 accent-red-700"
              checked={availability[key]}
              onChange={(event) => onAvailability({ ...availability, [key]: event.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <a href={to(listPath(clearedList(state)))} onClick={onClear} className="btn btn-secondary">
        Clear Filters
      </a>
    </div>
  );
}

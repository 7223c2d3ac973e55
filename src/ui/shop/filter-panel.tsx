import { useId, type MouseEvent } from 'react';
import { availabilityBoxes, findListFilter, panelFilterIds, clearedList, listPath, type ListState } from '#shared/catalogue/list.ts';
import { HiddenListState } from './list-forms.tsx';
import { useHref } from '#ui/state/market-context.ts';

export interface FilterPanelProps {
  state: ListState;
  onCategory: (event: MouseEvent, category: ListState['category']) => void;
  onAvailability: (key: AvailabilityKey, ticked: boolean) => void;
  onClear: (event: MouseEvent) => void;
}

export type AvailabilityKey = (typeof availabilityBoxes)[number]['key'];

/**
 * Category buttons (pressing the active one clears it), the two Availability checkboxes (In Stock
 * Only, New Arrivals: named fields of a GET form, applied on change once hydrated) and Clear Filters.
 */
export function FilterPanel({ state, onCategory, onAvailability, onClear }: FilterPanelProps) {
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
      <form method="get" action={to('/products')}>
        <HiddenListState state={state} omit="availability" />
        <fieldset>
          <legend className="mb-3 text-sm font-semibold uppercase tracking-wide text-stone-700">Availability</legend>
          {availabilityBoxes.map((box) => (
            <label key={box.key} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name={box.name}
                className="h-4 w-4 accent-red-700"
                checked={state[box.key]}
                onChange={(event) => onAvailability(box.key, event.target.checked)}
              />
              {box.label}
            </label>
          ))}
        </fieldset>
        {/* Without JavaScript the boxes apply on submit; with it, on change. */}
        <button type="submit" className="btn btn-secondary mt-2 px-3 py-1.5 text-sm">
          Apply<span className="sr-only"> availability</span>
        </button>
      </form>
      <a href={to(listPath(clearedList(state)))} onClick={onClear} className="btn btn-secondary">
        Clear Filters
      </a>
    </div>
  );
}

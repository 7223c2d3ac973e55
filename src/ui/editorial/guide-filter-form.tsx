import type { FormEvent, Ref } from 'react';
import { categorySlug } from '#shared/editorial/posts.ts';
import { GUIDE_QUERY_MAX, guidesPath, type GuideFilter } from '#shared/editorial/guides.ts';
import { useHref } from '#ui/state/market-context.ts';

const fieldClass = 'h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-stone-900';

/** What the island does with the fields; without it (the placeholder while the guides load) they are disabled. */
export interface GuideFilterHandlers {
  onQuery: (q: string) => void;
  onCategory: (category: string) => void;
  onSubmit: (event: FormEvent) => void;
  searchRef: Ref<HTMLInputElement>;
}

interface GuideFilterFormProps {
  filter: GuideFilter;
  /** Category names from the database; the options are All plus each of them. */
  categories: readonly string[];
  handlers?: GuideFilterHandlers;
}

/** Search and category filters as a GET form (?q=&category=), so they work without JavaScript. */
export function GuideFilterForm({ filter, categories, handlers }: GuideFilterFormProps) {
  const to = useHref();
  return (
    <search>
      <form
        method="get"
        action={to(guidesPath())}
        onSubmit={handlers?.onSubmit}
        className="mt-8 grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="guides-q" className="block text-sm font-medium text-stone-900">
            Search guides
          </label>
          <input
            ref={handlers?.searchRef}
            id="guides-q"
            type="search"
            name="q"
            maxLength={GUIDE_QUERY_MAX}
            value={filter.q}
            onChange={(event) => handlers?.onQuery(event.target.value)}
            disabled={!handlers}
            placeholder="Search guides..."
            className={`mt-1 placeholder:text-stone-600 ${fieldClass}`}
          />
        </div>
        <div>
          <label htmlFor="guides-category" className="block text-sm font-medium text-stone-900">
            Category
          </label>
          <select
            id="guides-category"
            name="category"
            value={filter.category}
            onChange={(event) => handlers?.onCategory(event.target.value)}
            disabled={!handlers}
            className={`mt-1 ${fieldClass}`}
          >
            <option value="">All</option>
            {categories.map((name) => (
              <option key={name} value={categorySlug(name)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={!handlers} className="btn btn-primary h-11">
          Search
        </button>
      </form>
    </search>
  );
}

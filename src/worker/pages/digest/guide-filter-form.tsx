import { Suspense, use } from 'react';
import { categorySlug } from '../../../shared/blog';
import type { BlogCategory } from '../../../shared/digest';
import type { GuideFilter } from '../../../shared/guide-filter';

const selectClass = 'h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-stone-900';

function CategoryOptions({ categories, selected }: { categories: Promise<BlogCategory[]>; selected: string }) {
  return (
    <select id="guides-category" name="category" defaultValue={selected} className={selectClass}>
      <option value="">All</option>
      {use(categories).map((c) => (
        <option key={c.id} value={categorySlug(c.name)}>
          {c.name}
        </option>
      ))}
    </select>
  );
}

/** Search and category filters as a GET form (?q=&category=), so they work without JavaScript. */
export function GuideFilterForm({ filter, categories }: { filter: GuideFilter; categories: Promise<BlogCategory[]> }) {
  return (
    <search>
      <form method="get" action="/guides" className="mt-8 grid gap-4 sm:grid-cols-[1fr_16rem_auto] sm:items-end">
        <div>
          <label htmlFor="guides-q" className="block text-sm font-medium text-stone-900">
            Search guides
          </label>
          <input
            id="guides-q"
            type="search"
            name="q"
            defaultValue={filter.q}
            placeholder="Search guides..."
            className="mt-1 h-11 w-full rounded-md border border-stone-400 bg-white px-3 text-stone-900 placeholder:text-stone-600"
          />
        </div>
        <div>
          <label htmlFor="guides-category" className="block text-sm font-medium text-stone-900">
            Category
          </label>
          <div className="mt-1">
            {/* The options come from the database; until they arrive the same-size select offers All only. */}
            <Suspense
              fallback={
                <select id="guides-category" name="category" disabled className={selectClass}>
                  <option value="">All</option>
                </select>
              }
            >
              <CategoryOptions categories={categories} selected={filter.category} />
            </Suspense>
          </div>
        </div>
        <button type="submit" className="btn btn-primary h-11">
          Search
        </button>
      </form>
    </search>
  );
}

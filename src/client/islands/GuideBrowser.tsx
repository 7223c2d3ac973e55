import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import type { PostTeaser } from '#shared/editorial/posts.ts';
import { filterGuides, guidesPath, NO_GUIDE_FILTER, parseGuideFilter, type GuideFilter } from '#shared/editorial/guides.ts';
import { pushPageView } from '../analytics';
import { GuideFilterForm } from '../components/guide-filter-form';
import { GuideResults } from '../components/guide-results';

export interface GuideBrowserProps {
  /** Every published guide; the island filters them itself. */
  cards: PostTeaser[];
  /** Category names, for the select. */
  categories: string[];
  initial: GuideFilter;
}

/**
 * The guides list (/guides). The server renders it filtered from ?q=&category= with a GET form;
 * once hydrated it filters as the visitor types or picks, keeps the URL in step and follows back/forward.
 */
export default function GuideBrowser({ cards, categories, initial }: GuideBrowserProps) {
  const [filter, setFilter] = useState(initial);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The client entry records the page view for back/forward.
    const onPopState = () => setFilter(parseGuideFilter(new URLSearchParams(location.search)));
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);

  // A choice is a new history entry and page view; typing only keeps the URL in step.
  const show = (next: GuideFilter, mode: 'push' | 'replace') => {
    setFilter(next);
    if (mode === 'replace') return history.replaceState(null, '', guidesPath(next));
    history.pushState(null, '', guidesPath(next));
    pushPageView();
  };

  const reset = (event: MouseEvent) => {
    event.preventDefault();
    show(NO_GUIDE_FILTER, 'push');
    searchRef.current?.focus();
  };

  return (
    <>
      <GuideFilterForm
        filter={filter}
        categories={categories}
        handlers={{
          onQuery: (q) => show({ ...filter, q }, 'replace'),
          onCategory: (category) => show({ ...filter, category }, 'push'),
          onSubmit: (event: FormEvent) => event.preventDefault(),
          searchRef,
        }}
      />
      <GuideResults cards={filterGuides(cards, filter)} onReset={reset} />
    </>
  );
}

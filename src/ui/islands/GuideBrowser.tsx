import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type FormEvent,
  type MouseEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import type { PostTeaser } from '#shared/editorial/posts.ts';
import {
  filterGuides,
  guidesApiPath,
  guidesPath,
  NO_GUIDE_FILTER,
  parseGuideFilter,
  parseGuidePage,
  type GuideFilter,
} from '#shared/editorial/guides.ts';
import { pushPageView } from '#ui/state/data-layer.ts';
import { GuideFilterForm } from '#ui/editorial/guide-filter-form.tsx';
import { GuidePagination } from '#ui/editorial/guide-pagination.tsx';
import { GuideResults } from '#ui/editorial/guide-results.tsx';
import { pageHref } from '#ui/state/page-market.ts';

export interface GuideBrowserProps {
  /** The guides of the page the server rendered (one page, never the whole archive). */
  cards: PostTeaser[];
  /** Category names, for the select. */
  categories: string[];
  initial: GuideFilter;
  page: number;
  pageCount: number;
  /** Matches on all pages. */
  total: number;
}

/** A page of the list as the server answered it, and for which filter. */
interface ServerPage {
  filter: GuideFilter;
  page: number;
  pageCount: number;
  total: number;
  cards: PostTeaser[];
}

/** How long typing pauses before the server is asked. */
const SEARCH_DELAY_MS = 250;

/** Asks the server for a filter's page; only the latest question's answer (counted in `asked`) is shown. */
function askServer(asked: RefObject<number>, setServer: Dispatch<SetStateAction<ServerPage>>, next: GuideFilter, page: number) {
  const id = ++asked.current;
  fetch(pageHref(guidesApiPath(next, page)), { headers: { Accept: 'application/json' } })
    .then((res) => (res.ok ? (res.json() as Promise<Omit<ServerPage, 'filter' | 'cards'> & { posts: PostTeaser[] }>) : null))
    .then((body) => {
      if (body && id === asked.current)
        setServer({ filter: next, page: body.page, pageCount: body.pageCount, total: body.total, cards: body.posts });
    })
    // Offline or failed: the cards already filtered here stay.
    .catch(() => undefined);
}

const sameFilter = (a: GuideFilter, b: GuideFilter) => a.q.trim().toLowerCase() === b.q.trim().toLowerCase() && a.category === b.category;

/**
 * The guides list (/guides). The server renders one page, filtered from ?q=&category=&page= with a
 * GET form and page links. Once hydrated, typing or picking filters the cards already here at once,
 * then asks the server (/api/blog/posts) for the matches beyond them; the URL follows, and back/forward too.
 */
export default function GuideBrowser({ cards, categories, initial, page, pageCount, total }: GuideBrowserProps) {
  const [filter, setFilter] = useState(initial);
  const [server, setServer] = useState<ServerPage>({ filter: initial, page, pageCount, total, cards });
  const searchRef = useRef<HTMLInputElement>(null);
  const asked = useRef(0);

  useEffect(() => {
    // The client entry records the page view for back/forward.
    const onPopState = () => {
      const params = new URLSearchParams(location.search);
      const next = parseGuideFilter(params);
      setFilter(next);
      askServer(asked, setServer, next, parseGuidePage(params));
    };
    addEventListener('popstate', onPopState);
    return () => removeEventListener('popstate', onPopState);
  }, []);

  // Typing waits for a pause before asking the server; the cards here are filtered meanwhile.
  useEffect(() => {
    if (sameFilter(filter, server.filter)) return;
    const timer = setTimeout(() => askServer(asked, setServer, filter, 1), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filter, server.filter]);

  // A choice is a new history entry and page view; typing only keeps the URL in step.
  const show = (next: GuideFilter, mode: 'push' | 'replace') => {
    setFilter(next);
    if (mode === 'replace') return history.replaceState(null, '', pageHref(guidesPath(next)));
    history.pushState(null, '', pageHref(guidesPath(next)));
    pushPageView();
  };

  const reset = (event: MouseEvent) => {
    event.preventDefault();
    show(NO_GUIDE_FILTER, 'push');
    searchRef.current?.focus();
  };

  // Hydrated on the first interaction: a search typed before React listened is in the field, not yet
  // in state (hydration keeps the DOM's value); it is applied once, on mount, in a layout effect so a
  // press held while React loaded (hydration/replay.ts) is played after it, never on the empty filter.
  const takeTyped = useEffectEvent(() => {
    const typed = searchRef.current?.value;
    if (typed !== undefined && typed !== initial.q) show({ ...filter, q: typed }, 'replace');
  });
  useLayoutEffect(() => takeTyped(), []);

  const answered = sameFilter(filter, server.filter);
  const shown = answered ? server.cards : filterGuides(server.cards, filter);
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
      <div aria-busy={!answered}>
        <GuideResults cards={shown} total={answered ? server.total : shown.length} onReset={reset} />
      </div>
      {answered && <GuidePagination filter={server.filter} page={server.page} pageCount={server.pageCount} />}
    </>
  );
}

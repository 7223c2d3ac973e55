import { use } from 'react';
import GuideBrowser from '#ui/islands/GuideBrowser.tsx';
import { GuideFilterForm } from '#ui/editorial/guide-filter-form.tsx';
import { GuideResultsSkeleton } from '#ui/editorial/guide-results.tsx';
import { toPostTeaser, type PostSummary } from '#shared/editorial/posts.ts';
import type { GuideFilter } from '#shared/editorial/guides.ts';
import { Island } from '#worker/render/island.tsx';

interface GuideListingProps {
  filter: GuideFilter;
  page: number;
  pageCount: number;
  total: number;
  /** Category names, for the select. */
  categories: string[];
  /** This page's guides; [] when the read failed (the failure is logged). */
  posts: Promise<PostSummary[]>;
}

/**
 * The form, this page of the filtered guides and the page links, rendered complete for crawlers
 * and no-JS visitors; the island gets this page so it can filter in place, and asks the server beyond it.
 */
export function GuideListing({ filter, page, pageCount, total, categories, posts }: GuideListingProps) {
  const props = { cards: use(posts).map(toPostTeaser), categories, initial: filter, page, pageCount, total };
  // On the first interaction: the page and its GET form are complete without React, so it is not run
  // before the visitor uses them (a category picked meanwhile is replayed, a search typed is taken on mount).
  return <Island name="GuideBrowser" component={GuideBrowser} props={props} hydrate="interaction" />;
}

/** While the guides load: the same form, disabled, and six card placeholders in the same space. */
export function GuideListingSkeleton({ filter }: { filter: GuideFilter }) {
  return (
    <>
      <GuideFilterForm filter={filter} categories={[]} />
      <GuideResultsSkeleton />
    </>
  );
}

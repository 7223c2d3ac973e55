import { use } from 'react';
import GuideBrowser from '#client/islands/GuideBrowser.tsx';
import { GuideFilterForm } from '#client/components/guide-filter-form.tsx';
import { GuideResultsSkeleton } from '#client/components/guide-results.tsx';
import { toPostTeaser, type PostSummary } from '#shared/editorial/posts.ts';
import type { BlogCategory } from '#shared/editorial/digest.ts';
import type { GuideFilter } from '#shared/editorial/guides.ts';
import { Island } from '#worker/render/island.tsx';

interface GuideListingProps {
  filter: GuideFilter;
  /** Each falls back to [] when its read fails (the failure is logged). */
  categories: Promise<BlogCategory[]>;
  posts: Promise<PostSummary[]>;
}

/**
 * The form and the filtered guides, rendered complete for crawlers and no-JS visitors; the island
 * gets every published guide so it can filter in place once hydrated.
 */
export function GuideListing({ filter, categories, posts }: GuideListingProps) {
  const props = { cards: use(posts).map(toPostTeaser), categories: use(categories).map((c) => c.name), initial: filter };
  // Visible: the filters are above the fold; until then they work as a GET form.
  return <Island name="GuideBrowser" component={GuideBrowser} props={props} hydrate="visible" />;
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

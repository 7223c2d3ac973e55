import { guidePageLinks, guidesPath, type GuideFilter } from '#shared/editorial/guides.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * Previous / next links and where the visitor is ("Page 2 of 834"). Plain links: they load the
 * page from the server with or without JavaScript. Nothing when everything fits on one page.
 */
export function GuidePagination({ filter, page, pageCount }: { filter: GuideFilter; page: number; pageCount: number }) {
  const to = useHref();
  if (pageCount <= 1) return null;
  const { prev, next } = guidePageLinks(page, pageCount);
  const link = 'btn btn-secondary';
  return (
    <nav aria-label="Guides pages" className="mt-10 flex items-center justify-between gap-4">
      {prev ? (
        <a href={to(guidesPath(filter, prev))} rel="prev" className={link}>
          <span aria-hidden="true">←</span>&nbsp;Previous
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-stone-700">
        Page {Math.min(page, pageCount)} of {pageCount}
      </p>
      {next ? (
        <a href={to(guidesPath(filter, next))} rel="next" className={link}>
          Next&nbsp;<span aria-hidden="true">→</span>
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

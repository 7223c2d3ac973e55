import type { Crumb } from '#shared/seo/breadcrumb.ts';
import { useHref } from '#ui/state/market-context.ts';

/**
 * A breadcrumb trail; the last step is the current page and is not a link. On phones that step (the
 * page's own h1 just below) is left to screen readers, so the trail takes one line of the first screen.
 */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  const to = useHref();
  const current = trail.at(-1);
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-700">
      <ol className="flex flex-wrap gap-2">
        {trail.slice(0, -1).map((crumb) => (
          <li key={crumb.path}>
            <a href={to(crumb.path)} className="hover:text-red-700 hover:underline">
              {crumb.name}
            </a>{' '}
            <span aria-hidden="true">/</span>
          </li>
        ))}
        {current && (
          <li aria-current="page" className="font-medium text-stone-900 max-md:sr-only">
            {current.name}
          </li>
        )}
      </ol>
    </nav>
  );
}

import type { ReactNode } from 'react';
import { useMarketDate } from '#ui/state/market-context.ts';
import { POLICIES_LAST_UPDATED } from '#shared/policy/figures.ts';
import { shopInfo } from '#shared/policy/shop-info.ts';

/** Long-form text styles for policy copy (no typography plugin: descendant variants on one wrapper). */
const prose =
  'text-stone-800 leading-7 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_a]:font-medium [&_a]:text-red-700 [&_a]:underline [&_a:hover]:text-red-800 [&_strong]:font-semibold [&_strong]:text-stone-900';

/** A policy page: one h1, its revision date, an intro, then numbered or plain sections. */
export function PolicyLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  const day = useMarketDate();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <header className="border-b border-stone-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm text-stone-600">
          Last updated <time dateTime={POLICIES_LAST_UPDATED}>{day(POLICIES_LAST_UPDATED)}</time>
        </p>
        <p className="mt-6 text-lg leading-8 text-stone-700">{intro}</p>
      </header>
      <div className={prose}>{children}</div>
    </article>
  );
}

/** One titled section; `id` makes it linkable (e.g. /returns#warranty). */
export function PolicySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="mt-10 scroll-mt-24">
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Both postal addresses in one line, for policy text ('… and …'). */
export const shopAddressesText = shopInfo.addresses.map((a) => a.lines.join(', ')).join(' and ');

/** The closing 'Questions' section of a policy: how to reach support. */
export function PolicyContact() {
  return (
    <PolicySection id="contact" title="Questions">
      <p>
        E-mail <a href={`mailto:${shopInfo.email}`}>{shopInfo.email}</a> or call {shopInfo.phone} ({shopInfo.supportHours}). We{' '}
        {shopInfo.replyPromise.toLowerCase()}.
      </p>
    </PolicySection>
  );
}

/**
 * A data table (children: the body rows) that scrolls sideways on narrow screens; the scrolling
 * region is focusable so keyboard users can scroll it.
 */
/** A table that scrolls sideways when wider than the screen; `narrow` for one whose columns fit a 360 px phone. */
export function ScrollTable(props: { caption: string; columns: readonly string[]; narrow?: boolean; children: ReactNode }) {
  const { caption, columns, narrow = false, children } = props;
  return (
    <section
      aria-label={caption}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs keyboard access (WCAG 2.1.1)
      tabIndex={0}
      className="mt-6 overflow-x-auto rounded-lg border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      <table className={`w-full border-collapse text-left text-sm ${narrow ? '' : 'min-w-[36rem]'}`}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className="border-b border-stone-200 bg-stone-100 px-4 py-3 font-semibold text-stone-900">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </section>
  );
}

export const tableClasses = {
  rowHeader: 'border-b border-stone-200 px-4 py-3 font-semibold text-stone-900',
  td: 'border-b border-stone-200 px-4 py-3 text-stone-800',
} as const;

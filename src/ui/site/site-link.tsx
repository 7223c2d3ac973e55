import type { AnchorHTMLAttributes } from 'react';
import { useHref } from '#ui/state/market-context.ts';

/** A link to a site path that stays in the page's market (for content written as JSX outside a component). */
export function SiteLink({ href, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const to = useHref();
  return (
    <a {...rest} href={to(href)}>
      {children}
    </a>
  );
}

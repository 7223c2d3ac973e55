import { absoluteUrl } from './tags.ts';

/** One step of a breadcrumb trail; the last step is the current page. */
export interface Crumb {
  name: string;
  path: string;
}

/** schema.org BreadcrumbList for a trail, with absolute URLs. */
export function breadcrumbJsonLd(trail: readonly Crumb[], siteUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

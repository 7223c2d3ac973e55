import { site } from '#shared/site/brand.ts';

/** Page-level schema.org data (the frame adds WebSite and Organization on every page). */
export interface PageInfo {
  name: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
}

export interface QuestionAnswer {
  question: string;
  /** Plain text, exactly as the page shows it. */
  answer: string;
}

export function webPageJsonLd(
  page: PageInfo,
  opts: { type?: 'WebPage' | 'AboutPage' | 'ContactPage' | 'FAQPage' | 'CollectionPage'; dateModified?: string } = {},
): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': opts.type ?? 'WebPage',
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: site.locale,
    ...(opts.dateModified && { dateModified: opts.dateModified }),
    // The WebSite node the frame adds on every page (seo.ts siteJsonLd) carries this @id.
    isPartOf: { '@id': `${new URL('/', page.url).href}#website` },
  };
}

/** FAQPage with every question and its answer as plain text (Google's FAQ rich result format). */
export function faqPageJsonLd(page: PageInfo, items: readonly QuestionAnswer[]): Record<string, unknown> {
  return {
    ...webPageJsonLd(page, { type: 'FAQPage' }),
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

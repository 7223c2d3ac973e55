import type { ComponentType } from 'react';
import { webPageJsonLd, type PageInfo } from '#shared/seo/page-jsonld.ts';
import { absoluteUrl } from '#shared/seo/tags.ts';
import type { PageHead } from '#worker/render/head.ts';

/** A server-rendered content page: its path, component and head tags (title, canonical, JSON-LD). */
export interface ContentPage {
  path: string;
  Page: ComponentType;
  head: (siteUrl: string) => PageHead;
}

export function contentPage(spec: {
  path: string;
  title: string;
  /** At most 160 characters (search snippets cut longer ones). */
  description: string;
  Page: ComponentType;
  /** The page's structured data; a plain WebPage by default. */
  jsonLd?: (page: PageInfo) => object;
}): ContentPage {
  const { path, title, description, Page, jsonLd = webPageJsonLd } = spec;
  return {
    path,
    Page,
    head: (siteUrl) => ({
      title,
      description,
      canonicalPath: path,
      jsonLd: [jsonLd({ name: title, description, url: absoluteUrl(siteUrl, path) })],
    }),
  };
}

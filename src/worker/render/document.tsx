import type { ReactNode } from 'react';
import { absoluteUrl, pageTitle, serializeJsonForScript } from '../../shared/seo';
import { site } from '../../shared/site';
import type { ClientAssets } from './client-assets';
import type { PageHead } from './head';
import { useRequestInfo } from './request-context';
import { SiteFooter } from '../pages/frame/site-footer';
import { SiteHeader } from '../pages/frame/site-header';

export interface DocumentProps {
  head: PageHead;
  assets: ClientAssets;
  children: ReactNode;
}

/** The HTML shell every page streams inside: head tags, frame, and the one client entry. */
export function Document({ head, assets, children }: DocumentProps) {
  const { region, nonce, settings, path } = useRequestInfo();
  const canonical = head.canonicalPath ? absoluteUrl(settings.SITE_URL, head.canonicalPath) : undefined;
  return (
    <html lang={site.locale} data-region={region.region} data-region-source={region.source}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{pageTitle(head.title)}</title>
        <meta name="description" content={head.description} />
        {head.robots && <meta name="robots" content={head.robots} />}
        {canonical && <link rel="canonical" href={canonical} />}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <meta name="theme-color" content="#1c1917" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {assets.preloads.map((href) => (
          <link key={href} rel="modulepreload" href={href} nonce={nonce} />
        ))}
        <script type="module" src={assets.script} nonce={nonce} />
        {head.jsonLd?.map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />
        ))}
        {head.events && head.events.length > 0 && (
          <script
            id="page-events"
            type="application/json"
            dangerouslySetInnerHTML={{ __html: serializeJsonForScript(head.events) }}
          />
        )}
      </head>
      <body className="min-h-screen flex flex-col bg-stone-50 text-stone-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader path={path} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter />
      </body>
    </html>
  );
}

import type { ReactNode } from 'react';
import Toaster from '#ui/islands/Toaster.tsx';
import { alternateLinks, marketHref } from '#shared/market/market.ts';
import { absoluteUrl, seoTags, serializeJsonForScript, siteJsonLd } from '#shared/seo/tags.ts';
import { site } from '#shared/site/brand.ts';
import { publicSearch } from '#shared/site/private-params.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useDetectionConfig } from './region-selector-slot.tsx';
import { AnalyticsHead } from '#worker/render/analytics-head.tsx';
import { vitalsChunks, type ClientAssets } from '#worker/render/client-assets.ts';
import type { PageHead } from '#worker/render/head.ts';
import { Island } from '#worker/render/island.tsx';
import { useRequestInfo } from '#worker/render/request-context.tsx';
import { FlashBox } from './flash-box.tsx';

export interface DocumentProps {
  head: PageHead;
  assets: ClientAssets;
  children: ReactNode;
}

/**
 * Loads the client entry and preloads what it imports, from one inline script: a script it inserts is
 * trusted under 'strict-dynamic' (with the nonce's or, on a page a shared cache keeps, the hash's
 * trust), and so is everything that script imports, which a parser-inserted module script allowed by
 * hash would not pass on. The entry waits for the document to be parsed (src/client/entry.ts).
 */
function entryLoader(assets: ClientAssets): string {
  const args = serializeJsonForScript([assets.script, assets.preloads]);
  return (
    `(function(e,p,d){p.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});` +
    `var s=d.createElement('script');s.type='module';s.src=e;d.head.appendChild(s)}).apply(null,${args}.concat(document))`
  );
}

function JsonLd({ data }: { data: object }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(data) }} />;
}

/** The HTML shell every page streams inside: head tags, frame, and the one client entry. */
export function Document({ head, assets, children }: DocumentProps) {
  const { region, market, path, search, nonce, settings, flash } = useRequestInfo();
  // On a market's address the page's own URL is that market's; every indexable page names all its versions.
  const inMarket = (href: string) => marketHref(market, href);
  const seo = seoTags({ ...head, canonicalPath: head.canonicalPath && inMarket(head.canonicalPath) }, settings.SITE_URL);
  const alternates = head.robots?.includes('noindex') ? [] : alternateLinks(head.canonicalPath ?? path, settings.SITE_URL);
  const detection = useDetectionConfig();
  const cleaned = publicSearch(search);
  const address = head.address ?? (cleaned === search ? undefined : path + cleaned);
  return (
    <html
      lang={site.locale}
      data-region={region.region}
      data-region-source={region.source}
      data-market={market ?? undefined}
      data-vitals={settings.VITALS_SAMPLE_RATE > 0 ? String(settings.VITALS_SAMPLE_RATE) : undefined}
      data-vitals-chunks={settings.VITALS_SAMPLE_RATE > 0 ? vitalsChunks().join(' ') || undefined : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{seo.title}</title>
        {seo.meta.map((m) =>
          'name' in m ? (
            <meta key={`n:${m.name}`} name={m.name} content={m.content} />
          ) : (
            <meta key={`p:${m.property}`} property={m.property} content={m.content} />
          ),
        )}
        {seo.canonical && <link rel="canonical" href={seo.canonical} />}
        {alternates.map((l) => (
          <link key={l.hreflang} rel="alternate" hrefLang={l.hreflang} href={l.href} />
        ))}
        {head.links?.map((l) => (
          <link
            key={`${l.rel}:${l.href}`}
            rel={l.rel}
            href={absoluteUrl(settings.SITE_URL, inMarket(l.href))}
            type={l.type}
            title={l.title}
          />
        ))}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <meta name="theme-color" content="#1c1917" />
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <AnalyticsHead address={address && inMarket(address)} />
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: entryLoader(assets) }} />
        {[...siteJsonLd(settings.SITE_URL), ...(head.jsonLd ?? [])].map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
        <script id="region-detection" type="application/json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(detection) }} />
        {head.events && head.events.length > 0 && (
          <script id="page-events" type="application/json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(head.events) }} />
        )}
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased">
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader />
        <main id="main" className="flex-1" tabIndex={-1}>
          {flash && <FlashBox notice={flash} />}
          {children}
        </main>
        <SiteFooter />
        {/* Nothing to show until the first toast, which hydrates it (src/client/entry.ts). */}
        <Island name="Toaster" component={Toaster} props={{}} hydrate="interaction" />
        <ConsentBanner />
      </body>
    </html>
  );
}

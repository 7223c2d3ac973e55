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

/**
 * The document's first bytes: what the address alone decides (the region, the market, the settings,
 * this build), never a page's data, so a kept page can send them before its data is back
 * (docs/decisions/036): the styles and the client entry start loading while the database answers.
 * Ends inside the head; `DocumentRest` goes on from there.
 */
export function DocumentStart({ assets, address }: { assets: ClientAssets; address?: string }) {
  const { region, market, nonce, settings } = useRequestInfo();
  const detection = useDetectionConfig();
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
        {assets.stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/icon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/site.webmanifest" />
        <meta name="theme-color" content="#1c1917" />
        <AnalyticsHead address={address && marketHref(market, address)} />
        <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: entryLoader(assets) }} />
        {siteJsonLd(settings.SITE_URL).map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
        <script id="region-detection" type="application/json" dangerouslySetInnerHTML={{ __html: serializeJsonForScript(detection) }} />
      </head>
    </html>
  );
}

/** What the address bar is set to before anything reads it: the page's own, else the request's without private parameters. */
export function documentAddress(head: Pick<PageHead, 'address'>, path: string, search: string): string | undefined {
  const cleaned = publicSearch(search);
  return head.address ?? (cleaned === search ? undefined : path + cleaned);
}

/**
 * The rest of the document, from the page's own head tags (title, description, canonical, its
 * structured data: they need its data) to the end: the frame and the page inside it. Rendered as a
 * whole document whose opening (up to its `<head>`) the renderer drops, `DocumentStart` standing there.
 */
export function DocumentRest({ head, children }: { head: PageHead; children: ReactNode }) {
  const { market, path, settings, flash } = useRequestInfo();
  // On a market's address the page's own URL is that market's; every indexable page names all its versions.
  const inMarket = (href: string) => marketHref(market, href);
  const seo = seoTags({ ...head, canonicalPath: head.canonicalPath && inMarket(head.canonicalPath) }, settings.SITE_URL);
  const alternates = head.robots?.includes('noindex') ? [] : alternateLinks(head.canonicalPath ?? path, settings.SITE_URL);
  return (
    <html lang={site.locale}>
      <head>
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
        {head.jsonLd?.map((data, i) => (
          <JsonLd key={i} data={data} />
        ))}
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

import type { MiddlewareHandler } from 'hono';
import { BROWSER_COOKIES, readCookie } from '#worker/http/cookies.ts';
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { MarketContext } from '#ui/state/market-context.ts';
import { splitMarket } from '#shared/market/market.ts';
import { isConsentChoice } from '#shared/visitor/consent.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import { clientAssets } from '#worker/render/client-assets.ts';
import { Document } from './document.tsx';
import { takeFlash } from '#worker/http/flash-cookie.ts';
import type { PageHead } from '#worker/render/head.ts';
import { RequestInfoContext, type RequestInfo } from '#worker/render/request-context.tsx';
import { inlineScriptHashes } from '#worker/render/script-hashes.ts';

declare module 'hono' {
  interface ContextRenderer {
    (content: ReactNode, head: PageHead): Promise<Response>;
  }
}

const assets = clientAssets();

/**
 * Streams the page: the shell flushes at once and Suspense boundaries follow as their data
 * resolves. Crawlers get the whole document in one piece (allReady) so they see no fallbacks, and
 * so does a page the shared cache will keep (its tags, a shareable request: middleware/page-cache):
 * every visitor gets it whole from the cache, so it carries no nonce and its inline scripts are
 * allowed by hash instead (`scriptHashes`, read by the security headers). Errors after the first
 * byte cannot change the status; they are logged and the boundary's fallback stays (React retries
 * it on the client only where an island hydrates).
 */
export const renderer: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.setRenderer(async (content, head) => {
    const log = c.get('log');
    const search = new URL(c.req.url).search;
    const kept = c.get('shareable') && (head.cacheTags?.length ?? 0) > 0 && search === (head.keptSearch ?? '');
    if (kept) c.set('pageTags', head.cacheTags);
    const whole = kept || isbot(c.req.header('user-agent'));
    const info: RequestInfo = {
      region: c.get('region'),
      market: c.get('market'),
      // The page's own path: the market's prefix is the market, not part of the page.
      path: splitMarket(c.req.path).path,
      search,
      nonce: kept ? '' : c.get('nonce'),
      consent: ((v) => (isConsentChoice(v) ? v : null))(readCookie(c, BROWSER_COOKIES.consent)),
      settings: c.get('deps').settings,
      cart: c.get('cart'),
      flash: takeFlash(c),
    };
    const stream = await renderToReadableStream(
      <RequestInfoContext value={info}>
        <MarketContext value={info.market}>
          <Document head={head} assets={assets}>
            {content}
          </Document>
        </MarketContext>
      </RequestInfoContext>,
      {
        ...(!kept && { nonce: c.get('nonce') }),
        signal: c.req.raw.signal,
        onError(error) {
          // The visitor left (the request's signal aborts the render): theirs, not the shop's failure.
          if (c.req.raw.signal.aborted) log('info', 'request aborted by the client', { path: c.req.path });
          else log('error', 'render error', errorFields(error));
        },
        // React moves a finished boundary of over 500 bytes out of place (behind its fallback, swapped in
        // by a script) once the page passes this size, even when everything is ready; crawlers get it inline.
        ...(whole && { progressiveChunkSize: Number.POSITIVE_INFINITY }),
      },
    );
    const headers = { 'Content-Type': 'text/html; charset=UTF-8' };
    if (!kept) {
      if (whole) await stream.allReady;
      return c.body(stream, { headers });
    }
    await stream.allReady;
    const html = await new Response(stream).text();
    c.set('scriptHashes', await inlineScriptHashes(html));
    return c.body(html, { headers });
  });
  await next();
};

import { HTMLRewriter } from 'html-rewriter-wasm';
import { LRUCache } from 'lru-cache';
import { KEPT_PAGE_HEADER } from '#shared/caching/kept-routes.ts';
import { visitorFills, type VisitorFills, type VisitorParts } from '#shared/visitor/visitor-parts.ts';
import type { Settings } from '#worker/base/settings.ts';
import { httpsOf } from '#worker/http/is-https.ts';
import { acceptsGzip, gzipAsItStreams } from '#worker/middleware/streaming-gzip/streaming-gzip-middleware.ts';
import { filledPage, filledPageGzip, keptTemplate, templateBytes, type KeptTemplate } from './kept-template.ts';
import { memoryPageCache, type AppFetch, type MemoryPageCache, type PageCacheLimits } from './memory-page-cache.ts';
import { stitchHandlers } from './visitor-stitch.ts';
import { answeredByTheApp, keptPageRequest, visitorHeaders, visitorOf, withoutKeptHeader, type Visitor } from './visitor-request.ts';

/** Node's page cache: Workers Cache's stand-in, keeping each HTML page with its template. */
export type NodePageCache = MemoryPageCache<KeptTemplate>;

export const nodePageCache = (limits: PageCacheLimits): NodePageCache =>
  memoryPageCache<KeptTemplate>(limits, Date.now, {
    prepare: (body, headers) => (headers.get('content-type')?.startsWith('text/html') ? keptTemplate(body) : undefined),
    bytes: templateBytes,
  });

/** Nothing of the visitor's own to show: the kept page as it is. */
const plain = (parts: VisitorParts) => parts.cartCount === 0 && parts.consent === null && parts.flash === null;

/** A page the cache did not keep (a query it does not read, an error), filled in as it streams, by lol-html as on the Worker. */
function rewritten(body: ReadableStream<Uint8Array>, fills: VisitorFills): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      // The rewriter hands out views of its own memory: each is copied before it is queued.
      const rewriter = new HTMLRewriter((chunk) => controller.enqueue(chunk.slice()));
      for (const [selector, handler] of stitchHandlers(fills)) rewriter.on(selector, handler);
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          await rewriter.write(value);
        }
        await rewriter.end();
        controller.close();
      } catch (err) {
        controller.error(err);
      } finally {
        rewriter.free();
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * The answer's headers as Node's server writes them fastest: a plain object (a kept page has no
 * Set-Cookie of its own; the visitor's answer at most the one clearing a notice).
 */
function plainHeaders(entries: Array<[string, string]>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of entries) headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  return headers;
}

/**
 * Pages filled in lately, served again to the next visitor with the same parts (a cart of 2, analytics
 * accepted): returning visitors share a few such combinations, and a page made once is not made (nor
 * allocated) again. A notice is one visitor's, shown once: never kept here. Bounded in bytes.
 */
const filledPages = new LRUCache<string, Uint8Array<ArrayBuffer>>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (body) => body.length });

/** A kept page for a visitor: as kept when nothing of theirs shows, else filled in from its template. */
function keptBody(template: KeptTemplate, visitor: Visitor, gzip: boolean): Uint8Array<ArrayBuffer> {
  if (plain(visitor.parts)) return gzip ? template.wholeGzip : template.whole;
  const fills = visitorFills(visitor.parts);
  const fill = () => (gzip ? filledPageGzip(template, fills) : filledPage(template, fills));
  if (fills.flashHtml) return fill();
  const key = `${template.id} ${gzip} ${fills.cartLabel} ${fills.consentHidden} ${fills.consentCurrentHtml}`;
  let body = filledPages.get(key);
  if (!body) filledPages.set(key, (body = fill()));
  return body;
}

/**
 * The Node server's step in front of the app, as the Worker's outer entrypoint is on the edge: a
 * kept page's address is asked of the cache for the page alone (visitor-request.ts), then filled in
 * for the visitor from their cookies, kept pages through their template (on a fresh hit no request or
 * response is made for the kept page, no React, no parsing), others as they stream; every other
 * request goes through the cache as it is (static files).
 */
export function servedWithKeptPages(
  cache: NodePageCache,
  opts: { countryOf: (request: Request) => string | null | undefined; settings: Pick<Settings, 'SITE_URL' | 'CLIENT_IP_HEADER'> },
): (request: Request, app: AppFetch) => Promise<Response> {
  const httpsFor = httpsOf(opts.settings);
  return async (incoming, app) => {
    const request = withoutKeptHeader(incoming);
    const url = new URL(request.url);
    if (answeredByTheApp(request, url.pathname)) return cache.fetch(request, app);
    const visitor = visitorOf(request, url.pathname, opts.countryOf);
    const https = httpsFor(request, url);
    const head = request.method === 'HEAD';
    // Compressed here, after filling in (the kept pages are asked for uncompressed), as the app compresses its own.
    const gzip = acceptsGzip(request.headers.get('accept-encoding') ?? undefined);
    const htmlHeaders = (kept: Iterable<readonly [string, string]>) => {
      const headers = visitorHeaders(kept, visitor, https);
      headers.push(['vary', 'Accept-Encoding']);
      if (gzip) headers.push(['content-encoding', 'gzip']);
      return headers;
    };

    const hit = cache.fresh(url.pathname + url.search, (name) => (name === KEPT_PAGE_HEADER ? visitor.key : null));
    if (hit?.prepared) {
      const headers = htmlHeaders(hit.headers);
      headers.push(['cf-cache-status', 'HIT'], ['age', String(hit.ageS)]);
      return new Response(head ? null : keptBody(hit.prepared, visitor, gzip), { status: hit.status, headers: plainHeaders(headers) });
    }

    const { response, prepared } = await cache.serve(keptPageRequest(request, visitor.key), app);
    const { status } = response;
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/html'))
      return new Response(response.body, { status, headers: visitorHeaders(response.headers, visitor, https) });
    const headers = htmlHeaders(response.headers);
    if (head || prepared) await response.body.cancel();
    if (head) return new Response(null, { status, headers });
    if (prepared) return new Response(keptBody(prepared, visitor, gzip), { status, headers });
    const filled = rewritten(response.body, visitorFills(visitor.parts));
    return new Response(gzip ? gzipAsItStreams(filled) : filled, { status, headers });
  };
}

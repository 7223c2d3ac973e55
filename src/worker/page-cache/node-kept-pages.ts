import { HTMLRewriter } from 'html-rewriter-wasm';
import { isKeptRoute } from '#shared/caching/kept-routes.ts';
import { visitorFills, type VisitorFills, type VisitorParts } from '#shared/visitor/visitor-parts.ts';
import type { Settings } from '#worker/base/settings.ts';
import { isHttpsRequest } from '#worker/http/is-https.ts';
import { acceptsGzip, gzipAsItStreams } from '#worker/middleware/streaming-gzip/index.ts';
import { filledPage, filledPageGzip, keptTemplate, type KeptTemplate } from './kept-template.ts';
import { memoryPageCache, type AppFetch, type MemoryPageCache, type PageCacheLimits } from './memory-page-cache.ts';
import { stitchHandlers } from './visitor-stitch.ts';
import { keptPageRequest, visitorHeaders, visitorOf, withoutKeptHeader } from './visitor-request.ts';

/** Node's page cache: Workers Cache's stand-in, keeping each HTML page with its template. */
export type NodePageCache = MemoryPageCache<KeptTemplate>;

export const nodePageCache = (limits: PageCacheLimits): NodePageCache =>
  memoryPageCache<KeptTemplate>(limits, Date.now, (body, headers) =>
    headers.get('content-type')?.startsWith('text/html') ? keptTemplate(body) : undefined,
  );

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
 * The Node server's step in front of the app, as the Worker's outer entrypoint is on the edge: a
 * kept page's address is asked of the cache for the page alone (visitor-request.ts), then filled in
 * for the visitor from their cookies, kept pages through their template (no React, no parsing),
 * others as they stream; every other request goes through the cache as it is (static files).
 */
export function servedWithKeptPages(
  cache: NodePageCache,
  opts: { countryOf: (request: Request) => string | null | undefined; settings: Pick<Settings, 'SITE_URL' | 'CLIENT_IP_HEADER'> },
): (request: Request, app: AppFetch) => Promise<Response> {
  return async (incoming, app) => {
    const request = withoutKeptHeader(incoming);
    if (!isKeptRoute(request.method, new URL(request.url).pathname)) return cache.fetch(request, app);
    const visitor = visitorOf(request, opts.countryOf);
    const { response, prepared } = await cache.serve(keptPageRequest(request, visitor.key), app);
    const headers = visitorHeaders(response.headers, visitor, isHttpsRequest(request, opts.settings));
    const init = { status: response.status, statusText: response.statusText, headers };
    if (!response.body || !response.headers.get('content-type')?.startsWith('text/html')) return new Response(response.body, init);
    // Compressed here, after filling in (the kept pages are asked for uncompressed), as the app compresses its own.
    const gzip = acceptsGzip(request.headers.get('accept-encoding') ?? undefined);
    headers.append('vary', 'Accept-Encoding');
    if (gzip) headers.set('content-encoding', 'gzip');
    headers.delete('content-length');
    if (request.method === 'HEAD') {
      await response.body.cancel();
      return new Response(null, init);
    }
    const fills = visitorFills(visitor.parts);
    if (prepared) {
      await response.body.cancel();
      if (plain(visitor.parts)) return new Response(gzip ? prepared.wholeGzip : prepared.whole, init);
      return new Response(gzip ? filledPageGzip(prepared, fills) : filledPage(prepared, fills), init);
    }
    const filled = rewritten(response.body, fills);
    return new Response(gzip ? gzipAsItStreams(filled) : filled, init);
  };
}

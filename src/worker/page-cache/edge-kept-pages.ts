import { visitorFills } from '#shared/visitor/visitor-parts.ts';
import type { Settings } from '#worker/base/settings.ts';
import { httpsOf } from '#worker/http/is-https.ts';
import { stitchHandlers, type StitchHandler } from './visitor-stitch.ts';
import { answeredByTheApp, keptPageRequest, visitorHeaders, visitorOf, withoutKeptHeader } from './visitor-request.ts';

/** Cloudflare's HTMLRewriter, as far as the step in front uses it. */
interface Rewriter {
  on(selector: string, handler: StitchHandler): Rewriter;
  transform(response: Response): Response;
}

export interface EdgeFront {
  /** The kept pages' entrypoint, for a key (ctx.exports.KeptPages({ props: { key } })): Workers Cache stands in front of it. */
  keptPages(key: string): { fetch(request: Request): Promise<Response> };
  rewriter(): Rewriter;
  /** Everything else: the app for the visitor alone. */
  app(request: Request): Promise<Response>;
  countryOf(request: Request): string | null | undefined;
  settings: Pick<Settings, 'SITE_URL' | 'CLIENT_IP_HEADER'>;
}

/**
 * The Worker's outer entrypoint (not cached; it runs on every request): a kept page's address is
 * asked of the kept pages' entrypoint for the page alone, keyed by the address and the region
 * (visitor-request.ts), and the visitor's parts are put in by HTMLRewriter as it streams through;
 * every other request goes to the app with the visitor's cookies.
 */
export async function servedAtTheEdge(incoming: Request, front: EdgeFront): Promise<Response> {
  const request = withoutKeptHeader(incoming);
  const url = new URL(request.url);
  if (answeredByTheApp(request, url.pathname)) return front.app(request);
  const visitor = visitorOf(request, url.pathname, front.countryOf);
  const kept = await front.keptPages(visitor.key).fetch(keptPageRequest(request, visitor.key));
  const headers = new Headers(visitorHeaders(kept.headers, visitor, httpsOf(front.settings)(request, url)));
  if (request.method === 'HEAD') await kept.body?.cancel();
  const answer = new Response(request.method === 'HEAD' ? null : kept.body, { status: kept.status, statusText: kept.statusText, headers });
  if (!answer.body || !kept.headers.get('content-type')?.startsWith('text/html')) return answer;
  const rewriter = front.rewriter();
  for (const [selector, handler] of stitchHandlers(visitorFills(visitor.parts))) rewriter.on(selector, handler);
  return rewriter.transform(answer);
}

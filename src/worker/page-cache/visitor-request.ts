import { itemCount, parseCart } from '#shared/cart/cart.ts';
import { isKeptRoute, KEPT_PAGE_HEADER, keptPageKey, MARKET_PAGE_KEY } from '#shared/caching/kept-routes.ts';
import { pageVary } from '#shared/caching/page-cache-rules.ts';
import type { VisitorParts } from '#shared/visitor/visitor-parts.ts';
import { regionOfMarket, splitMarket } from '#shared/market/market.ts';
import { resolveRegion } from '#shared/region/region.ts';
import { isConsentChoice } from '#shared/visitor/consent.ts';
import { parseFlash } from '#shared/visitor/flash-notice.ts';
import { clearedFlashCookie, visitorCookies } from '#worker/http/cookies.ts';
import { HSTS } from '#worker/http/is-https.ts';

/**
 * The step in front of the kept pages, both runtimes: who the visitor is (what their page is kept
 * under, and their parts, from their cookies), the request the kept pages get (the address and the
 * region, nothing of the visitor), and the headers of what the visitor is answered.
 */
export interface Visitor {
  /** What the page is kept under besides its address: the market's, or the region an unprefixed page is in. */
  key: string;
  inMarket: boolean;
  parts: VisitorParts;
  /** Any cookie: the answer is this visitor's own. */
  hasCookies: boolean;
  /** A notice is shown: its cookie is cleared with the answer. */
  showsFlash: boolean;
}

/**
 * Whether the request is answered by the app alone, never from the kept pages: anything but a kept
 * page's address, and every page for someone with a back-office session (the owner sees the shop as it
 * is now, and a draft post at its own address, which the app shows only to a live session).
 */
export const answeredByTheApp = (request: Request, pathname: string) =>
  !isKeptRoute(request.method, pathname) || visitorCookies(request).admin === true;

export function visitorOf(request: Request, pathname: string, countryOf: (request: Request) => string | null | undefined): Visitor {
  const cookies = visitorCookies(request);
  const { market } = splitMarket(pathname);
  const region = market
    ? null
    : resolveRegion({ saved: cookies.region, country: countryOf(request), acceptLanguage: request.headers.get('accept-language') });
  // A HEAD shows nothing, so it leaves the notice for the GET.
  const flash = request.method === 'GET' ? parseFlash(cookies.flash) : null;
  return {
    key: region ? keptPageKey(region) : MARKET_PAGE_KEY,
    inMarket: market !== null,
    parts: {
      cartCount: itemCount(parseCart(cookies.cart).lines),
      consent: isConsentChoice(cookies.consent) ? cookies.consent : null,
      region: market ? regionOfMarket[market] : region!.region,
      flash,
    },
    hasCookies: cookies.any,
    showsFlash: cookies.flash !== undefined && request.method === 'GET',
  };
}

/**
 * Request headers the kept pages may see: none a page's words or headers depend on (the region comes
 * as the key; whether the visitor came over https is answered on the way out, visitorHeaders).
 */
const PASSED_ON = ['user-agent', 'accept', 'cf-connecting-ip', 'x-forwarded-for', 'x-real-ip'];

/** The request the kept pages get: a GET of the address with the key, and none of the visitor's cookies or languages. */
export function keptPageRequest(request: Request, key: string): Request {
  const headers = new Headers();
  for (const name of PASSED_ON) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set(KEPT_PAGE_HEADER, key);
  // A redirect is the visitor's to follow (a service binding's fetch would follow it itself). Not the
  // visitor's signal: a page kept for everyone is worth finishing when the one who asked has gone.
  return new Request(request.url, { method: 'GET', headers, redirect: 'manual' });
}

/** A visitor's request without the key header: only the step in front sets it. */
export function withoutKeptHeader(request: Request): Request {
  if (!request.headers.has(KEPT_PAGE_HEADER)) return request;
  const headers = new Headers(request.headers);
  headers.delete(KEPT_PAGE_HEADER);
  return new Request(request, { headers });
}

/** The kept page's headers the visitor's answer does not carry: the cache's own, and what is set anew for each visitor. */
const LEFT_OUT = new Set([
  'cache-tag',
  'cloudflare-cdn-cache-control',
  'cdn-cache-control',
  'vary',
  'content-length',
  'strict-transport-security',
]);

/**
 * The headers of the visitor's answer, from the kept page's (lower-case names): the cache's own
 * directives dropped, HSTS as this visitor's connection says, what the answer depends on (cookies, and for an unprefixed page the country and
 * languages) in Vary, the visitor's own answer private, and the shown notice's cookie cleared.
 */
export function visitorHeaders(kept: Iterable<readonly [string, string]>, visitor: Visitor, https: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of kept) {
    if (LEFT_OUT.has(name) || (visitor.hasCookies && name === 'cache-control')) continue;
    headers.push([name, value]);
  }
  headers.push(['vary', pageVary(visitor.inMarket)]);
  // The visitor's own connection, never the first visitor's: HSTS only over https.
  if (https) headers.push(['strict-transport-security', HSTS]);
  if (visitor.hasCookies) headers.push(['cache-control', 'private, no-cache']);
  if (visitor.showsFlash) headers.push(['set-cookie', clearedFlashCookie(https)]);
  return headers;
}

import { escapeHtml } from '#shared/site/html-escape.ts';
import type { Context, MiddlewareHandler } from 'hono';
import { BROWSER_COOKIES, readCookie } from '#worker/http/cookies.ts';
import { isbot } from 'isbot';
import type { ReactNode } from 'react';
import { renderToReadableStream, renderToString } from 'react-dom/server.edge';
import { MarketContext } from '#ui/state/market-context.ts';
import { splitMarket } from '#shared/market/market.ts';
import { isConsentChoice } from '#shared/visitor/consent.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { errorFields } from '#worker/base/log.ts';
import { clientAssets } from '#worker/render/client-assets.ts';
import { DocumentRest, DocumentStart, documentAddress } from './document.tsx';
import { takeFlash } from '#worker/http/flash-cookie.ts';
import type { LaterPage, RenderEarly } from '#worker/render/early-page.ts';
import type { PageHead } from '#worker/render/head.ts';
import { RequestInfoContext, type RequestInfo } from '#worker/render/request-context.tsx';
import { inlineScriptHashes } from '#worker/render/script-hashes.ts';
import { afterOpening, failingLate, streamOf, textOf } from '#worker/render/document-bytes.ts';
import { loggedPath } from '#shared/mail/link-tokens.ts';

declare module 'hono' {
  interface ContextRenderer {
    (content: ReactNode, head: PageHead): Promise<Response>;
  }
}

const assets = clientAssets();
const HTML = { 'Content-Type': 'text/html; charset=UTF-8' };

function requestInfo(c: Context<AppEnv>, kept: boolean): RequestInfo {
  return {
    region: c.get('region'),
    market: c.get('market'),
    // The page's own path: the market's prefix is the market, not part of the page.
    path: splitMarket(c.req.path).path,
    search: new URL(c.req.url).search,
    nonce: kept ? '' : c.get('nonce'),
    consent: ((v) => (isConsentChoice(v) ? v : null))(readCookie(c, BROWSER_COOKIES.consent)),
    settings: c.get('deps').settings,
    cart: c.get('cart'),
    flash: takeFlash(c),
  };
}

const inContext = (info: RequestInfo, node: ReactNode) => (
  <RequestInfoContext value={info}>
    <MarketContext value={info.market}>{node}</MarketContext>
  </RequestInfoContext>
);

/** The rest of a document sent early whose page turned out to be a redirect: a refresh to it and a link, escaped. */
const movedOn = (location: string) => {
  const to = escapeHtml(location);
  return `<meta http-equiv="refresh" content="0;url=${to}"></head><body><p><a href="${to}">This page has moved: go on</a></p></body></html>`;
};

/** The document's first bytes (DocumentStart, up to where the page's own head tags begin). */
function documentStart(info: RequestInfo, address: string | undefined): string {
  const html = renderToString(inContext(info, <DocumentStart assets={assets} address={address} />));
  return `<!DOCTYPE html>${html.slice(0, html.lastIndexOf('</head>'))}`;
}

/**
 * The rest of the document as React streams it, without its opening (`DocumentStart` stands there).
 * `whole`: everything in place, in order (no boundary moved out of place behind a script).
 */
async function documentRest(c: Context<AppEnv>, info: RequestInfo, content: ReactNode, head: PageHead, whole: boolean) {
  const log = c.get('log');
  const stream = await renderToReadableStream(inContext(info, <DocumentRest head={head}>{content}</DocumentRest>), {
    ...(info.nonce && { nonce: info.nonce }),
    signal: c.req.raw.signal,
    onError(error) {
      // The visitor left (the request's signal aborts the render): theirs, not the shop's failure.
      if (c.req.raw.signal.aborted) log('info', 'request aborted by the client', { path: loggedPath(c.req.path) });
      else log('error', 'render error', errorFields(error));
    },
    // React moves a finished boundary of over 500 bytes out of place (behind its fallback, swapped in
    // by a script) once the page passes this size, even when everything is ready; crawlers get it inline.
    ...(whole && { progressiveChunkSize: Number.POSITIVE_INFINITY }),
  });
  if (whole) await stream.allReady;
  return afterOpening(stream);
}

/** Why a page sent early cannot be kept after all (null: it can), judged once all of it is written. */
async function notKeepable(c: Context<AppEnv>, head: PageHead, tags: readonly string[], hashes: readonly string[], rest: string) {
  if (c.get('reads').degraded()) return 'a read failed or was slow';
  const missing = (head.cacheTags ?? []).filter((t) => !tags.includes(t));
  if (missing.length > 0) return `its tags were not known early: ${missing.join(', ')}`;
  if ((head.keptSearch ?? '') !== '') return 'it is kept under a query';
  if (head.address) return 'it sets its own address';
  const stray = (await inlineScriptHashes(rest)).filter((h) => !hashes.includes(h));
  if (stray.length > 0) return 'an inline script its CSP does not name';
  return null;
}

/**
 * Streams the page: the shell flushes at once and Suspense boundaries follow as their data
 * resolves. Crawlers get the whole document in one piece (allReady) so they see no fallbacks, and
 * so does a page the shared cache will keep (its tags, a shareable request: middleware/page-cache):
 * every visitor gets it whole from the cache, so it carries no nonce and its inline scripts are
 * allowed by hash instead (`scriptHashes`, read by the security headers). Errors after the first
 * byte cannot change the status; they are logged and the boundary's fallback stays (React retries
 * it on the client only where an island hydrates). A kept page whose address shows it is one goes
 * early (`renderEarly`): its first bytes before its data.
 */
export const renderer: MiddlewareHandler<AppEnv> = async (c, next) => {
  /** The first bytes went early: a page its load answers with instead is written after them, as a kept page is. */
  let sentEarly = false;
  c.setRenderer(async (content, head) => {
    const search = new URL(c.req.url).search;
    const kept = c.get('shareable') && (head.cacheTags?.length ?? 0) > 0 && search === (head.keptSearch ?? '');
    if (kept) c.set('pageTags', head.cacheTags);
    const whole = kept || sentEarly || isbot(c.req.header('user-agent'));
    const info = requestInfo(c, kept || sentEarly);
    const start = documentStart(info, documentAddress(head, info.path, info.search));
    const rest = await documentRest(c, info, content, head, whole);
    if (!kept) return c.body(streamOf(start, rest), { headers: HTML });
    const html = start + (await textOf(rest));
    c.set('scriptHashes', await inlineScriptHashes(html));
    return c.body(html, { headers: HTML });
  });

  const renderEarly: RenderEarly = async (tags, later) => {
    // First: a page the load renders from here on is written after these bytes, whenever it is ready.
    sentEarly = true;
    const log = c.get('log');
    const began = performance.now();
    const info = requestInfo(c, true);
    const start = documentStart(info, documentAddress({}, info.path, info.search));
    const hashes = await inlineScriptHashes(start);
    c.set('pageTags', tags);
    c.set('scriptHashes', hashes);
    const encoder = new TextEncoder();
    /** The page's bytes as they are ready; it throws at the end when what was sent may not be kept. */
    async function* bytes(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(start);
      const page: LaterPage = await later();
      // Not the page the address promised (a product withdrawn since): what the load answered (its
      // "not found" page, written after the same first bytes) goes on, then the answer fails, so no
      // cache keeps it; the status cannot change now.
      if (page instanceof Response) {
        const answer = await page.text();
        if (answer.startsWith(start)) yield encoder.encode(answer.slice(start.length));
        // A redirect (an article unpublished since this instance or the build knew it): the visitor is
        // taken there all the same, by the document's own refresh and a link.
        const to = page.status >= 300 && page.status < 400 ? page.headers.get('location') : null;
        if (to) yield encoder.encode(movedOn(to));
        throw new Error(`the page answered ${page.status} after its first bytes`);
      }
      let rest = '';
      const decoder = new TextDecoder();
      const reader = (await documentRest(c, info, page.content, page.head, true)).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        yield read.value;
        rest += decoder.decode(read.value, { stream: true });
      }
      const why = await notKeepable(c, page.head, tags, hashes, rest);
      if (why) throw new Error(`not kept: ${why}`);
      // The request's own line was written with the headers: this says how long the whole page took.
      log('info', 'page sent early, whole', { path: loggedPath(c.req.path), wholeMs: Math.round(performance.now() - began) });
    }
    return c.body(
      failingLate(bytes(), (err) =>
        log(c.req.raw.signal.aborted ? 'info' : 'warn', 'page sent early did not finish as kept', {
          path: loggedPath(c.req.path),
          ...errorFields(err),
        }),
      ),
      { headers: HTML },
    );
  };
  c.set('renderEarly', renderEarly);
  await next();
};

import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import { isOneClickPath } from '#shared/mail/unsubscribe-links.ts';
import { splitMarket } from '#shared/market/market.ts';
import { megabytes, PHOTO_MAX_BYTES } from '#shared/photos/photo-files.ts';

/** Every state-changing request: far above any form the shop has (the contact form's own limit is 32 KB). */
export const MAX_REQUEST_BODY_BYTES = 64 * 1024;

/**
 * The back office's forms that take a photo (a product's, a post's): room for a photo over the most one
 * may be, so the form itself refuses it naming its field (413); a body past this is refused as it arrives.
 */
const UPLOAD_PATHS = /^\/admin\/(catalogue|posts)(\/|$)/;
export const MAX_UPLOAD_BODY_BYTES = 2 * PHOTO_MAX_BYTES + MAX_REQUEST_BODY_BYTES;

const SAFE_METHOD = /^(GET|HEAD|OPTIONS)$/;
const WEBHOOKS = '/webhooks/';

const limitOf = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new HTTPException(413, { message });
    },
  });

/**
 * Runs before every route, so routes added later (cart, consent) are covered without doing anything:
 * - Cross-site form posts are refused (403). Hono's csrf accepts a form-type request (urlencoded,
 *   multipart, text/plain or no type) only when `Sec-Fetch-Site: same-origin` or its `Origin` is the
 *   site's (`SITE_URL`) or the request's own (local and dev use, a proxy that keeps the host). JSON
 *   needs a CORS preflight cross-site, which the shop never grants, so csrf lets it through.
 * - Except under /webhooks/: providers post there cross-site, and each such route verifies the
 *   provider's signature before believing a byte (the body limit still applies); and a back-in-stock
 *   mail's one-click unsubscribe address (RFC 8058), whose unguessable token is all it acts on.
 * - Bodies over MAX_REQUEST_BODY_BYTES (the photo forms': MAX_UPLOAD_BODY_BYTES) are refused (413) while they
 *   arrive, not after buffering.
 * Refusals are HTTPExceptions; app.onError answers them with a page or JSON (renderRefusal).
 */
export function requestGuard(siteUrl: string): MiddlewareHandler {
  const siteOrigin = new URL(siteUrl).origin;
  const sameSite = csrf({ origin: (origin, c) => origin === siteOrigin || origin === new URL(c.req.url).origin });
  const limit = limitOf(MAX_REQUEST_BODY_BYTES, 'request body too large');
  const uploadLimit = limitOf(MAX_UPLOAD_BODY_BYTES, `upload over ${megabytes(MAX_UPLOAD_BODY_BYTES)}`);
  return async (c, next) => {
    if (SAFE_METHOD.test(c.req.method)) return next();
    if (!c.req.path.startsWith(WEBHOOKS) && !isOneClickPath(splitMarket(c.req.path).path)) await sameSite(c, async () => {});
    return (UPLOAD_PATHS.test(c.req.path) ? uploadLimit : limit)(c, next);
  };
}

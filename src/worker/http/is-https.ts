import type { Context } from 'hono';
import type { Settings } from '#worker/base/settings.ts';

/**
 * Whether the visitor's request came over https: cookies are then Secure and answers carry HSTS. A
 * SITE_URL of https says so (the proxy in front may not forward the scheme); so does the request's own
 * URL (the Worker, behind Cloudflare). X-Forwarded-Proto is believed only behind a proxy the operator
 * configured (CLIENT_IP_HEADER set): without one, any client could send it.
 */
export function isHttps(c: Context): boolean {
  return isHttpsRequest(c.req.raw, (c.var as { deps?: { settings?: HttpsSettings } }).deps?.settings);
}

type HttpsSettings = Pick<Settings, 'SITE_URL' | 'CLIENT_IP_HEADER'>;

/** The same, for a request outside the app (the step in front of the kept pages). */
export const isHttpsRequest = (request: Request, settings: HttpsSettings | undefined): boolean =>
  httpsOf(settings)(request, new URL(request.url));

/** The same with the settings read once, for a step that asks on every request and has the URL parsed. */
export function httpsOf(settings: HttpsSettings | undefined): (request: Request, url: URL) => boolean {
  const site = settings !== undefined && new URL(settings.SITE_URL).protocol === 'https:';
  const proxied = Boolean(settings?.CLIENT_IP_HEADER);
  return (request, url) => site || url.protocol === 'https:' || (proxied && request.headers.get('x-forwarded-proto') === 'https');
}

/** Strict-Transport-Security for an answer over https: two years, subdomains too. */
export const HSTS = 'max-age=63072000; includeSubDomains';

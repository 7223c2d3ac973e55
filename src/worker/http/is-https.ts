import type { Context } from 'hono';
import type { Settings } from '#worker/base/settings.ts';

/**
 * Whether the visitor's request came over https: cookies are then Secure and answers carry HSTS. A
 * SITE_URL of https says so (the proxy in front may not forward the scheme); so does the request's own
 * URL (the Worker, behind Cloudflare). X-Forwarded-Proto is believed only behind a proxy the operator
 * configured (CLIENT_IP_HEADER set): without one, any client could send it.
 */
export function isHttps(c: Context): boolean {
  const settings = (c.var as { deps?: { settings?: Pick<Settings, 'SITE_URL' | 'CLIENT_IP_HEADER'> } }).deps?.settings;
  if (settings && new URL(settings.SITE_URL).protocol === 'https:') return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return Boolean(settings?.CLIENT_IP_HEADER) && c.req.header('x-forwarded-proto') === 'https';
}

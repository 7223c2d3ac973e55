import type { Context } from 'hono';

/** Whether the visitor's request came over https (directly, or to the proxy in front): cookies are then Secure. */
export function isHttps(c: Context): boolean {
  return new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
}

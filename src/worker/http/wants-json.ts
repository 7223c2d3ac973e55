import type { Context } from 'hono';

/**
 * Whether to answer with JSON rather than a page or a redirect: the islands ask for it (Accept), and
 * everything under /api/ is JSON for whoever calls it. The same forms post without JavaScript and get pages.
 */
export function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json') || c.req.path.startsWith('/api/');
}

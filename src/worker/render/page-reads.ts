import type { Context } from 'hono';
import type { PageReads } from '#worker/catalogue/catalogue-reads.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';

/** What a page's reads need from its request (the read cache's view, the database, the log): plain values for the domains. */
export function pageReads(c: Context<AppEnv>): PageReads {
  const { db, settings } = c.get('deps');
  return { db, reads: c.get('reads'), lowAt: settings.LOW_STOCK_AT, log: c.get('log') };
}

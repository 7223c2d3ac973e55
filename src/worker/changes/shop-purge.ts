import { errorFields, type Logger } from '#worker/base/log.ts';
import type { PurgePages } from './change-feed.ts';

/** The shop's address that purges its pending changes (routes/site/changes-route.ts). */
export const PURGE_PATH = '/_changes';
const ASK_TIMEOUT_MS = 3000;

/**
 * A command run away from the shop (npm run stock, content:sync) cannot reach the shop's page cache:
 * it has recorded its change, and asks the running shop at SITE_URL to purge what is pending. The
 * request carries nothing: what to purge is read from the database, so it needs no secret. False
 * when the shop could not be reached (it purges at its next scheduled run).
 */
export function askShopToPurge(siteUrl: string, log: Logger): PurgePages {
  return async () => {
    try {
      // JSON: a form-type post would need a browser's Origin (the request guard's CSRF check).
      const res = await fetch(new URL(PURGE_PATH, siteUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
      });
      return res.ok;
    } catch (err) {
      log('warn', 'the shop was not reached to purge its pages', { siteUrl, ...errorFields(err) });
      return false;
    }
  };
}

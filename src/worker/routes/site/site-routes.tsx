import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { PURGE_PATH } from '#worker/changes/shop-purge.ts';
import { EDGE_COUNTRY_PATH } from '#shared/region/detection.ts';
import { purgeChanges } from './changes-route.ts';
import { edgeCountry } from './country-route.ts';
import { postConsent } from './consent-post.ts';
import * as cookieSettings from './cookie-settings-page.tsx';
import { serveStaticPage } from '#worker/render/page.tsx';
import { health } from './health.ts';
import { renderNotFound } from './not-found-page.tsx';
import { robots, sitemap, sitemapIndex } from './seo-files.ts';

/**
 * Site-wide answers: the health check, robots.txt, the sitemap, /404, the visitor's country (for a
 * kept market page), the consent banner's post and the commands' purge request.
 */
export const siteRoutes = new Hono<AppEnv>()
  .get('/healthz', health)
  .get('/robots.txt', robots)
  .get('/sitemap.xml', sitemapIndex)
  .get('/sitemaps/:name', sitemap)
  .get('/404', renderNotFound)
  .get(EDGE_COUNTRY_PATH, edgeCountry)
  .post(PURGE_PATH, purgeChanges)
  .post('/consent', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) }), postConsent);

/**
 * The site's pages every market has: the cookie settings, in each market's words and links (the footer
 * of /gb links to /gb/cookie-settings), mounted bare and under each market's prefix.
 */
export const sitePageRoutes = new Hono<AppEnv>().get(cookieSettings.head.path, serveStaticPage(cookieSettings));

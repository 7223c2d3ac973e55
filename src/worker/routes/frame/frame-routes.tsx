import { MAX_EMAIL_ATTEMPTS, owedSubmissions } from '#worker/db/queries/submissions.ts';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { articlePath } from '#shared/editorial/posts.ts';
import { productPath } from '#shared/catalogue/product.ts';
import { products } from '#shared/catalogue/products.ts';
import { consentCookie, consentReturnPath, isConsentChoice } from '#shared/site/consent.ts';
import { robotsTxt, sitemapXml, staticSitemapPaths, type SitemapEntry } from '#shared/seo/sitemap.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { listPostsForSitemap } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import { readFields } from '#worker/http/read-fields.ts';
import { errorFields } from '#worker/log.ts';
import { NotFoundPage } from './not-found-page';

/** Answers with the not-found page and status 404 at the missed URL itself, so crawlers see a 404. */
export function renderNotFound(c: Context<AppEnv>) {
  const path = c.req.path;
  c.get('log')('warn', 'page not found', { path });
  c.status(404);
  return c.render(<NotFoundPage />, {
    title: 'Page Not Found',
    description: "The page you're looking for doesn't exist or has been moved.",
    robots: 'noindex',
    events: [{ event: '404_error', page_path: path }],
  });
}

/** Site-wide answers: the health check, robots.txt, the sitemap, /404 and the consent banner's post. */
export const frameRoutes = new Hono<AppEnv>();

/** Liveness plus a database round trip; never cached. */
frameRoutes.get('/healthz', async (c) => {
  c.header('Cache-Control', 'no-store');
  try {
    const { owed, oldestCreatedAt, overdue } = await owedSubmissions(c.get('deps').db, MAX_EMAIL_ATTEMPTS);
    // Contact e-mails not yet in the shop's inbox: a growing number or age means mail is not going out.
    const contactMail = {
      owed,
      overdue,
      oldestOwedSeconds: oldestCreatedAt ? Math.max(0, Math.round((Date.now() - Date.parse(oldestCreatedAt)) / 1000)) : null,
    };
    return c.json({ status: 'ok', database: 'reachable', contactMail });
  } catch (err) {
    c.get('log')('error', 'health check: database unreachable', errorFields(err));
    return c.json({ status: 'degraded', database: 'unreachable' }, 503);
  }
});

/** /sitemap.xml (public pages, products, published articles with lastmod) and /robots.txt. */
frameRoutes
  .get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.text(robotsTxt(c.get('deps').settings.SITE_URL));
  })
  .get('/sitemap.xml', async (c) => {
    const { db, settings } = c.get('deps');
    const posts = await readOr(c.get('log'), 'sitemap posts', [], () => listPostsForSitemap(db));
    const entries: SitemapEntry[] = [
      ...staticSitemapPaths.map((path) => ({ path })),
      ...products.map((p) => ({ path: productPath(p) })),
      ...posts.map((p) => ({ path: articlePath(p.slug), lastmod: p.updatedAt })),
    ];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(sitemapXml(settings.SITE_URL, entries));
  });

frameRoutes.get('/404', renderNotFound);

/**
 * The consent banner without JavaScript: stores the choice in the cookie the server reads, then
 * goes back to the page it was made on (a path on this site only). With JavaScript the banner
 * saves in place and never posts.
 */
frameRoutes.post('/consent', bodyLimit({ maxSize: 4096, onError: (c) => c.text('Payload Too Large', 413) }), async (c) => {
  const form = await readFields(c, ['form']);
  const choice = form.choice;
  if (!isConsentChoice(choice)) return c.text('Choose Accept or Reject.', 400);
  const secure = new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  c.header('Set-Cookie', consentCookie(choice, { secure }));
  c.header('Cache-Control', 'no-store');
  return c.redirect(consentReturnPath(form.return), 303);
});

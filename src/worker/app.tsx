import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import type { AppDeps, AppEnv } from './middleware/app-context.ts';
import { MARKET_PATTERN, markets } from '#shared/market/market.ts';
import { errorFields } from './base/log.ts';
import { cart } from './middleware/cart/cart-middleware.ts';
import { injectDeps } from './middleware/inject-deps/inject-deps-middleware.ts';
import { reads } from './middleware/reads/reads-middleware.ts';
import { pageCache } from './middleware/page-cache/page-cache-middleware.ts';
import { region } from './middleware/region/region-middleware.ts';
import { requestGuard } from './middleware/request-guard/request-guard-middleware.ts';
import { requestLog } from './middleware/request-log/request-log-middleware.ts';
import { securityHeaders } from './middleware/security-headers/security-headers-middleware.ts';
import { renderer } from './frame/renderer.tsx';
import { contactRoutes } from './routes/contact/contact-routes.ts';
import { contentRoutes } from './routes/content/content-routes.tsx';
import { editorialRoutes } from './routes/editorial/editorial-routes.tsx';
import { sitePageRoutes, siteRoutes } from './routes/site/site-routes.tsx';
import { renderNotFound } from './routes/site/not-found-page.tsx';
import { renderRefusal } from './frame/pages/refusal-page.tsx';
import { ServerErrorPage } from './frame/pages/server-error-page.tsx';
import { shopRoutes } from './routes/shop/shop-routes.tsx';
import { webhookRoutes } from './routes/webhooks/webhook-routes.ts';
import { vitalsRoutes } from './routes/vitals/vitals-routes.ts';
import { stockAlertRoutes } from './routes/stock-alerts/alert-routes.tsx';
import { newsletterRoutes } from './routes/newsletter/newsletter-routes.tsx';
import { reviewRoutes } from './routes/reviews/review-routes.tsx';
import { reminderRoutes } from './routes/cart/reminder-routes.tsx';
import { discountRoutes } from './routes/cart/discount-routes.ts';
import { adminRoutes } from './routes/admin/admin-routes.tsx';
import { agentRoutes } from './routes/agents/agent-routes.ts';
import { photoRoutes } from './routes/photos/photo-routes.ts';
import { loggedPath } from '#shared/mail/link-tokens.ts';

/** The request's body stopped because the client went away (Node's "aborted", a reset socket, an aborted stream). */
function clientAborted(err: unknown): boolean {
  const e = err as { name?: string; code?: string; message?: string } | null;
  return e?.name === 'AbortError' || e?.code === 'ECONNRESET' || e?.code === 'ABORT_ERR' || e?.message === 'aborted';
}

/** Builds the whole shop from its dependencies; the Worker and Node entries differ only in what they pass. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  const withChanges = deps.changesIn && ((d: AppDeps, ctx: unknown) => ({ ...d, changes: d.changesIn!(ctx) }));
  app.use(injectDeps(deps, withChanges), requestLog());
  if (deps.compression) app.use(deps.compression);
  // Built files are answered before the pages' security headers, as Workers Static Assets answer
  // them before the Worker runs: they carry public/_headers' set (staticFileHeaders) instead.
  if (deps.staticFiles) app.use(deps.staticFiles);
  // The owner's uploaded photos, as files are: before the pages' headers (each carries its own), bare only.
  app.route('/', photoRoutes);
  app.use(securityHeaders(), region(), pageCache(), cart(), reads(), renderer);
  // After the renderer, so refusals can be pages: cross-site posts, oversized bodies, unoffered methods.
  app.use(requestGuard(deps.settings.SITE_URL));
  app.use(methodNotAllowed({ app, onMethodNotAllowed: (c, methods) => renderRefusal(c, 405, { Allow: methods.join(', ') }) }));

  // One sub-app per screen group (src/worker/routes/<group>/). The pages and their forms are served
  // bare (the visitor's region) and under each market's prefix (that market's region: middleware/region).
  app.route('/', siteRoutes);
  // A built file that is not there (an old page asking for a chunk of the last deploy): a short 404, not a page.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not Found', 404);
  });
  // The back office: bare only (no market), 404 unless ADMIN_EMAILS lists someone.
  app.route('/', adminRoutes);
  // Shopping agents (UCP, the ACP feed): bare only, JSON only.
  app.route('/', agentRoutes);
  for (const base of ['/', ...markets.map((m) => `/${m}`)]) {
    app.route(base, contentRoutes);
    app.route(base, sitePageRoutes);
    app.route(base, shopRoutes);
    app.route(base, editorialRoutes);
    app.route(base, contactRoutes);
    app.route(base, stockAlertRoutes);
    app.route(base, newsletterRoutes);
    app.route(base, reviewRoutes);
    app.route(base, reminderRoutes);
    app.route(base, discountRoutes);
  }
  app.get(`/:market{${MARKET_PATTERN}}/`, (c) => c.redirect(`/${c.req.param('market')}`, 301));
  app.route('/', webhookRoutes);
  app.route('/', vitalsRoutes);

  app.notFound(renderNotFound);
  app.onError((err, c) => {
    // Refusals (csrf 403, body limit 413, readFields' unreadable body 400 and unread body type 415) are the client's problem, not a crash.
    if (err instanceof HTTPException && err.status < 500) {
      c.get('log')('warn', 'request refused', { path: loggedPath(c.req.path), status: err.status, reason: err.message });
      return renderRefusal(c, err.status);
    }
    // A visitor who left while posting (the body stream aborted) is not the shop's failure: one info line.
    if (clientAborted(err)) {
      c.get('log')('info', 'request aborted by the client', { path: loggedPath(c.req.path) });
      return c.body(null, 400);
    }
    c.get('log')('error', 'unhandled error', { path: loggedPath(c.req.path), ...errorFields(err) });
    c.status(500);
    return c.render(<ServerErrorPage requestId={c.get('requestId')} />, {
      title: 'Something went wrong',
      description: 'This page could not be loaded.',
      robots: 'noindex',
    });
  });
  return app;
}

export type App = ReturnType<typeof createApp>;

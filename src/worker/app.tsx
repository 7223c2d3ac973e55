import { Hono } from 'hono';
import type { AppDeps, AppEnv } from './app-context';
import { errorFields } from './log';
import { regionMiddleware } from './middleware/region';
import { requestLog } from './middleware/request-log';
import { securityHeaders } from './middleware/security-headers';
import { ServerErrorPage } from './routes/frame/server-error-page';
import { renderer } from './render/renderer';
import { blogRoutes } from './routes/editorial/article-routes';
import { blogApiRoutes } from './routes/editorial/posts-api';
import { contactRoutes } from './routes/contact/contact-routes';
import { contactApiRoutes } from './routes/contact/contact-api';
import { contentRoutes } from './routes/content/content-routes';
import { digestRoutes } from './routes/editorial/editorial-routes';
import { healthRoutes } from './routes/frame/health';
import { renderNotFound } from './routes/frame/not-found';
import { seoFileRoutes } from './routes/frame/seo-files';
import { shopRoutes } from './routes/shop/shop-routes';

/** Builds the whole shop from its dependencies; the Worker and Node entries differ only in what they pass. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.use(requestLog(deps), securityHeaders);
  if (deps.compression) app.use(deps.compression);
  if (deps.staticFiles) app.use(deps.staticFiles);
  app.use(regionMiddleware, renderer);

  app.route('/', healthRoutes);
  app.route('/', blogApiRoutes);
  app.route('/', contactApiRoutes);
  app.route('/', seoFileRoutes);
  app.route('/', contentRoutes);
  app.route('/', shopRoutes);
  app.route('/', blogRoutes);
  app.route('/', digestRoutes);
  app.route('/', contactRoutes);
  app.get('/404', renderNotFound);

  app.notFound(renderNotFound);
  app.onError((err, c) => {
    c.get('log')('error', 'unhandled error', { path: c.req.path, ...errorFields(err) });
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

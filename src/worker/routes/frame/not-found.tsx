import type { Context } from 'hono';
import type { AppEnv } from '#worker/app-context.ts';
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

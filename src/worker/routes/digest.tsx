import { Hono, type Context } from 'hono';
import { DIGEST } from '../../shared/blog';
import { parseGuideFilter } from '../../shared/guide-filter';
import { listCategories, listPosts } from '../db/queries/blog';
import { readOr } from '../db/queries/read-or';
import type { AppEnv } from '../env';
import { DigestPage, digestHead } from '../pages/digest/digest-page';
import { GuidesPage, guidesHead } from '../pages/digest/guides-page';

/** Both reads start now and are awaited behind Suspense; a failed read is logged and gives [] (spec point 8). */
function blogReads(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const log = c.get('log');
  return {
    categories: readOr(log, 'list categories', [], () => listCategories(db)),
    posts: readOr(log, 'list posts', [], () => listPosts(db)),
  };
}

/** The landing, for /training-gun-digest and, by the spec, any /training-gun-digest/{slug}. */
function digest(c: Context<AppEnv>) {
  return c.render(<DigestPage {...blogReads(c)} />, digestHead(c.get('deps').settings.SITE_URL));
}

function guides(c: Context<AppEnv>) {
  const filter = parseGuideFilter(new URL(c.req.url).searchParams);
  return c.render(<GuidesPage filter={filter} {...blogReads(c)} />, guidesHead(c.get('deps').settings.SITE_URL));
}

export const digestRoutes = new Hono<AppEnv>();

digestRoutes.get(DIGEST.path, digest);
digestRoutes.get(`${DIGEST.path}/:slug`, digest);
digestRoutes.get('/guides', guides);
digestRoutes.get('/guides/:slug', guides);

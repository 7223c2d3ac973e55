import { Hono, type Context } from 'hono';
import { DIGEST } from '#shared/editorial/posts.ts';
import { parseGuideFilter } from '#shared/editorial/guides.ts';
import { listCategories, listPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { DigestPage, digestHead } from './digest-page';
import { GuidesPage, guidesHead } from './guides-page';

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

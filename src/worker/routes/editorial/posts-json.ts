import type { Context } from 'hono';
import { guidePageCount, parseGuideFilter, parseGuidePage } from '#shared/editorial/guides.ts';
import { toPostTeaser } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { countPosts, listPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import { readCategories } from './digest';
import { postQuery } from './guides';

/** The guides list as JSON (?q=&category=&page=), for the island's searches; a failed read gives the spec's empty list. */
export async function postsJson(c: Context<AppEnv>) {
  const { db } = c.get('deps');
  const log = c.get('log');
  const params = new URL(c.req.url).searchParams;
  const page = parseGuidePage(params);
  const query = postQuery(parseGuideFilter(params), page, await readCategories(c));
  const [posts, total] = query
    ? await Promise.all([
        readOr(log, 'list posts', [], () => listPosts(db, query)),
        readOr(log, 'count guides', 0, () => countPosts(db, query)),
      ])
    : [[], 0];
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toPostTeaser), total, page, pageCount: guidePageCount(total) });
}

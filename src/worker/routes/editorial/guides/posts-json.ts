import type { Context } from 'hono';
import { guidePageCount, parseGuideFilter, parseGuidePage } from '#shared/editorial/guides.ts';
import { toPostTeaser } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { postReads } from '#worker/posts/post-reads.ts';
import { postQuery } from './guides-page.tsx';

/** The guides list as JSON (?q=&category=&page=), for the island's searches; a failed read gives the spec's empty list. */
export async function postsJson(c: Context<AppEnv>) {
  const reads = postReads(c.get('deps').db);
  const params = new URL(c.req.url).searchParams;
  const page = parseGuidePage(params);
  const query = postQuery(parseGuideFilter(params), page);
  const [posts, total] = await c.get('reads').all([reads.search(query), reads.searchCount(query)] as const);
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toPostTeaser), total, page, pageCount: guidePageCount(total) });
}

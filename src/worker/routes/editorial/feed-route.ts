import type { Context } from 'hono';
import { atomFeed } from '#shared/editorial/feed.ts';
import { DIGEST_FEED } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/middleware/app-context.ts';
import { postReads } from '#worker/posts/post-reads.ts';

/** The digest's Atom feed: the newest posts; a failed read gives an empty feed (logged). */
export async function feed(c: Context<AppEnv>) {
  const { db, settings } = c.get('deps');
  const [posts] = await c.get('reads').all([postReads(db).feed(DIGEST_FEED.entries)] as const);
  c.header('Content-Type', `${DIGEST_FEED.type}; charset=utf-8`);
  c.header('Cache-Control', 'public, max-age=900');
  return c.body(atomFeed(settings.SITE_URL, posts));
}

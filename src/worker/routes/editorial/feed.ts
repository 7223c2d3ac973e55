import type { Context } from 'hono';
import { atomFeed } from '#shared/editorial/feed.ts';
import { DIGEST_FEED } from '#shared/editorial/posts.ts';
import type { AppEnv } from '#worker/app-context.ts';
import { listFeedPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';

/** The digest's Atom feed: the newest posts; a failed read gives an empty feed (logged). */
export async function feed(c: Context<AppEnv>) {
  const { db, settings } = c.get('deps');
  const posts = await readOr(c.get('log'), 'feed posts', [], () => listFeedPosts(db, DIGEST_FEED.entries));
  c.header('Content-Type', `${DIGEST_FEED.type}; charset=utf-8`);
  c.header('Cache-Control', 'public, max-age=900');
  return c.body(atomFeed(settings.SITE_URL, posts));
}

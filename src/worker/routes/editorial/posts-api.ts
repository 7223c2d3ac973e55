import { Hono } from 'hono';
import { toBlogCard } from '#shared/editorial/posts.ts';
import { listPosts } from '#worker/db/queries/posts.ts';
import { readOr } from '#worker/db/queries/read-or.ts';
import type { AppEnv } from '#worker/app-context.ts';

/** JSON reads of the digest for islands; a failed read gives the spec's empty list. */
export const blogApiRoutes = new Hono<AppEnv>().get('/api/blog/posts', async (c) => {
  const posts = await readOr(c.get('log'), 'list posts', [], () => listPosts(c.get('deps').db));
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toBlogCard) });
});

import { Hono } from 'hono';
import { toBlogCard } from '../../shared/blog';
import { listPosts } from '../db/queries/blog';
import { readOr } from '../db/queries/read-or';
import type { AppEnv } from '../env';

/** JSON reads of the digest for islands; a failed read gives the spec's empty list. */
export const blogApiRoutes = new Hono<AppEnv>().get('/api/blog/posts', async (c) => {
  const posts = await readOr(c.get('log'), 'list posts', [], () => listPosts(c.get('deps').db));
  c.header('Cache-Control', 'public, max-age=60');
  return c.json({ posts: posts.map(toBlogCard) });
});

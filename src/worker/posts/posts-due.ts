import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { POSTS_TAG, postTag } from '#shared/caching/cache-tags.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, contentVersion } from '#worker/posts/post-tables.ts';

/** The most scheduled posts announced per run (a backlog goes over runs). */
const DUE_BATCH = 100;

/**
 * A scheduled post whose time has come is a change like any other: its page and the lists of posts
 * are purged. Each scheduled run announces the posts published since the last announcement (kept on
 * content_version, moved forward with a compare-and-set so two runs at once announce once). The
 * first run only marks the time: what was published before it was synced, and told, then.
 */
export async function announcePostsDue(db: Db, changes: ChangeFeed, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const [state] = await db.select({ until: contentVersion.postsAnnouncedUntil }).from(contentVersion).where(eq(contentVersion.id, 1));
  const since = state?.until;
  const due = since
    ? await db
        .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
        .from(blogPosts)
        .where(and(eq(blogPosts.published, true), gt(blogPosts.publishedAt, since), lte(blogPosts.publishedAt, at)))
        .orderBy(asc(blogPosts.publishedAt))
        .limit(DUE_BATCH)
    : [];
  const until = due.length === DUE_BATCH ? due.at(-1)!.publishedAt : at;
  const moved = await db
    .insert(contentVersion)
    .values({ id: 1, version: 0, postsAnnouncedUntil: until })
    .onConflictDoUpdate({
      target: contentVersion.id,
      set: { postsAnnouncedUntil: until },
      setWhere: since ? sql`${contentVersion.postsAnnouncedUntil} = ${since}` : sql`${contentVersion.postsAnnouncedUntil} is null`,
    })
    .returning({ id: contentVersion.id });
  if (moved.length === 0 || due.length === 0) return 0;
  await changes.publish([POSTS_TAG, ...due.map((p) => postTag(p.slug))]);
  return due.length;
}

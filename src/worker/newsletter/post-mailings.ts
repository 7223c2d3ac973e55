import { and, desc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import { POST_MAIL_WITHIN_DAYS } from '#shared/newsletter/newsletter-rules.ts';
import type { Db } from '#worker/db/client.ts';
import { blogPosts } from '#worker/posts/post-tables.ts';
import { newsletterPosts, newsletterSends, subscribers } from '#worker/newsletter/newsletter-tables.ts';

const DAY_MS = 86_400_000;

/** Writes one post's send to every confirmed subscriber who has none yet (each once: unique per post and subscriber). */
const sendsFor = (db: Db, postId: number, at: string) =>
  db.run(sql`insert or ignore into ${newsletterSends} (post_id, subscriber_id, confirmation_wanted, created_at)
    select ${postId}, id, 0, ${at} from ${subscribers} where ended_at is null and confirmed_at is not null`);

/**
 * A post comes out (by `content:sync`, or when its time comes): it is queued once, for every confirmed
 * subscriber, in one transaction with its mailing's row, and the owed-mail queue sends it (batches,
 * leases, the provider asked before a resend): each subscriber gets it once, a stopped run resumes.
 * Only posts published within POST_MAIL_WITHIN_DAYS when first seen are mailed (a back-dated sync is
 * recorded as skipped). Reads the posts of the last days along blog_posts_published_idx. How many were queued.
 */
export async function queueNewPosts(db: Db, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const recent = new Date(now.getTime() - POST_MAIL_WITHIN_DAYS * DAY_MS).toISOString();
  const fresh = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(
      and(
        eq(blogPosts.published, true),
        gt(blogPosts.publishedAt, recent),
        lte(blogPosts.publishedAt, at),
        notExists(db.select({ id: newsletterPosts.postId }).from(newsletterPosts).where(eq(newsletterPosts.postId, blogPosts.id))),
      ),
    )
    .orderBy(blogPosts.publishedAt)
    .limit(10);
  for (const post of fresh) {
    // The mailing's row first: a second run racing this one finds it and writes nothing (insert or ignore below).
    await db.batch([
      db.insert(newsletterPosts).values({ postId: post.id, state: 'queued', queuedAt: at }).onConflictDoNothing(),
      sendsFor(db, post.id, at),
      db
        .update(newsletterPosts)
        .set({ recipients: sql`(select count(*) from ${newsletterSends} where post_id = ${post.id})` })
        .where(eq(newsletterPosts.postId, post.id)),
    ]);
  }
  return fresh.length;
}

/** The owner's "send again to those who missed it": confirmed subscribers without this post (joined since) get it. How many now have it. */
export async function sendPostAgain(db: Db, postId: number, now = new Date()): Promise<number> {
  const [, , [row]] = await db.batch([
    sendsFor(db, postId, now.toISOString()),
    db
      .update(newsletterPosts)
      .set({ state: 'queued', recipients: sql`(select count(*) from ${newsletterSends} where post_id = ${postId})` })
      .where(eq(newsletterPosts.postId, postId)),
    db.select({ recipients: newsletterPosts.recipients }).from(newsletterPosts).where(eq(newsletterPosts.postId, postId)),
  ]);
  return row?.recipients ?? 0;
}

/** The last mailings for the back office: each post, how many it went to, how many have gone and how many still owe. */
export async function lastMailings(db: Db, limit = 10) {
  const rows = await db
    .select({
      postId: newsletterPosts.postId,
      state: newsletterPosts.state,
      recipients: newsletterPosts.recipients,
      queuedAt: newsletterPosts.queuedAt,
      title: blogPosts.title,
      sent: sql<number>`(select count(*) from ${newsletterSends} s where s.post_id = ${newsletterPosts.postId} and s.notified_at is not null)`,
      owed: sql<number>`(select count(*) from ${newsletterSends} s where s.post_id = ${newsletterPosts.postId} and s.notified_at is null)`,
    })
    .from(newsletterPosts)
    .leftJoin(blogPosts, eq(blogPosts.id, newsletterPosts.postId))
    .where(eq(newsletterPosts.state, 'queued'))
    .orderBy(desc(newsletterPosts.queuedAt))
    .limit(limit);
  return rows;
}

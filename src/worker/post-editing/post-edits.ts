import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { marked } from 'marked';
import { POSTS_TAG, postTag } from '#shared/caching/cache-tags.ts';
import { checkedPostFields, formOfPost, postFieldsFromForm, type PostFields } from '#shared/editorial/post-fields.ts';
import type { ChangeFeed } from '#worker/base/change-feed-contract.ts';
import { Refusal } from '#worker/base/refusal.ts';
import type { Db } from '#worker/db/client.ts';
import type { Photos } from '#worker/photos/photo-store.ts';
import { storeIfAny, type CheckedPhoto } from '#worker/photos/photo-uploads.ts';
import { bumpContentVersion } from '#worker/posts/content-version.ts';
import { blogPosts, blogProductRelations, postRedirects } from '#worker/posts/post-tables.ts';
import { products } from '#worker/products/product-tables.ts';
import { postChanges, type PostSnapshot } from './post-change-tables.ts';

/** What a post's edit needs: the database, where its change is told, and where a photo is stored. */
export interface PostEditDeps {
  db: Db;
  changes: ChangeFeed;
  contentChanged: () => Promise<void>;
  photos?: Photos;
}

type Form = Readonly<Record<string, string | undefined>>;
type Row = typeof blogPosts.$inferSelect;

/** The most posts the back office lists (newest first). */
const LIST_LIMIT = 500;

/** Where a post stands: a draft, scheduled (published from a later time), or out. */
export const postStatus = (row: Pick<Row, 'published' | 'publishedAt'>, now = new Date().toISOString()) =>
  !row.published ? 'draft' : row.publishedAt > now ? 'scheduled' : 'published';

/** The posts for the back office's list, the last written first (by id, the table's own order: one short walk at any archive size). */
export function listPostsForEditing(db: Db) {
  return db
    .select({
      id: blogPosts.id,
      title: blogPosts.title,
      slug: blogPosts.slug,
      published: blogPosts.published,
      publishedAt: blogPosts.publishedAt,
    })
    .from(blogPosts)
    .orderBy(desc(blogPosts.id))
    .limit(LIST_LIMIT);
}

/** A post's fields as its file writes them, and its Markdown body. */
function snapshotOf(row: Row, related: number[]): PostFields & { body: string } {
  return {
    title: row.title,
    slug: row.slug,
    ...(row.excerpt && { excerpt: row.excerpt }),
    ...(row.featuredImage && { featured_image: row.featuredImage }),
    published_at: row.publishedAt,
    tags: row.tags,
    published: row.published,
    related_products: related,
    ...(row.metaTitle && { meta_title: row.metaTitle }),
    ...(row.metaDescription && { meta_description: row.metaDescription }),
    // A post synced before its Markdown was kept: its HTML is Markdown too (marked passes it through), so nothing is lost.
    body: row.markdown ?? row.content,
  };
}

/** The post, its related products and its last changes (newest first, 20), as its page in the back office reads them. */
export async function postForEditing(db: Db, id: number) {
  const [row] = await db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  if (!row) throw new Refusal(`no post ${id}`, 'unknown');
  const [relations, history] = await Promise.all([
    db.select({ id: blogProductRelations.productId }).from(blogProductRelations).where(eq(blogProductRelations.blogId, id)),
    db.select().from(postChanges).where(eq(postChanges.postId, id)).orderBy(desc(postChanges.id)).limit(20),
  ]);
  const snapshot = snapshotOf(
    row,
    relations.map((r) => r.id).toSorted((a, b) => a - b),
  );
  const { body, ...fields } = snapshot;
  return { row, snapshot, form: formOfPost(fields, body), history };
}

/** The form's fields checked as the post's file would be (each refusal names the field); nothing saved. */
async function checked(db: Db, form: Form, id: number | null, now: string) {
  const body = (form.body ?? '').trim();
  const result = checkedPostFields(postFieldsFromForm(form, now), body);
  if ('problem' in result) throw new Refusal(result.problem, 'invalid');
  const { fields } = result;
  const slug = fields.slug!;
  const [other] = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(id === null ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, id)))
    .limit(1);
  if (other) throw new Refusal(`slug: ${slug} is post ${other.id}'s`, 'invalid');
  const wanted = [...new Set(fields.related_products)];
  if (wanted.length > 0) {
    const known = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, wanted))).map((p) => p.id));
    const unknown = wanted.find((p) => !known.has(p));
    if (unknown !== undefined) throw new Refusal(`related_products: there is no product ${unknown}`, 'invalid');
  }
  return { fields: { ...fields, related_products: wanted.toSorted((a, b) => a - b) }, body };
}

/** The fields that differ, before and after (only those). */
function difference(before: PostSnapshot, after: PostSnapshot) {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])] as Array<keyof PostSnapshot>;
  const changed = keys.filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  const pick = (s: PostSnapshot) => Object.fromEntries(changed.map((k) => [k, s[k]])) as PostSnapshot;
  return { changed, before: pick(before), after: pick(after) };
}

/** The row's columns from the checked fields (the body rendered; the article page sanitises it as it does a file's). */
const columnsOf = (fields: PostFields, body: string) => ({
  title: fields.title,
  slug: fields.slug!,
  excerpt: fields.excerpt ?? null,
  featuredImage: fields.featured_image ?? null,
  publishedAt: fields.published_at,
  tags: fields.tags,
  published: fields.published,
  metaTitle: fields.meta_title ?? null,
  metaDescription: fields.meta_description ?? null,
  markdown: body,
  content: marked.parse(body, { async: false, gfm: true }),
});

async function told(deps: PostEditDeps, slugs: string[]) {
  await deps.contentChanged();
  await deps.changes.publish([POSTS_TAG, ...new Set(slugs.map(postTag))]);
}

const withPhoto = (form: Form, photo?: CheckedPhoto): Form => (photo ? { ...form, featured_image: photo.src } : form);

/** This save's row is the one written (the same stamp, in the same transaction): what follows it is written only then. */
const ours = (id: number, stamp: { by: string; at: string }) =>
  sql`exists (select 1 from ${blogPosts} where id = ${id} and edited_at = ${stamp.at} and edited_by = ${stamp.by})`;

/** Relations replaced, only when this save's row is the one written. */
function relationsOf(db: Db, id: number, related: number[], stamp: { by: string; at: string }) {
  return [
    db.run(sql`delete from ${blogProductRelations} where blog_id = ${id} and ${ours(id, stamp)}`),
    ...related.map((productId) =>
      db.run(sql`insert into ${blogProductRelations} (blog_id, product_id) select ${id}, ${productId} where ${ours(id, stamp)}`),
    ),
  ];
}

/** A renamed post keeps its old address as a redirect (the slug it takes is nobody's redirect any more). */
function redirectsOf(db: Db, id: number, from: string, to: string, stamp: { by: string; at: string }) {
  if (from === to) return [];
  return [
    db.run(sql`delete from ${postRedirects} where from_slug = ${to} and ${ours(id, stamp)}`),
    db.run(sql`insert into ${postRedirects} (from_slug, post_id, at) select ${from}, ${id}, ${stamp.at} where ${ours(id, stamp)}
      on conflict (from_slug) do update set post_id = excluded.post_id, at = excluded.at`),
  ];
}

/**
 * Saves the owner's edit of a post opened at `version`: checked as its file would be, never over a
 * change made since (409, saying who and when), kept in the post's history, its page and the lists
 * purged at once. A draft published with a time already past goes out now (a later time schedules it).
 */
export async function editPost(deps: PostEditDeps, id: number, form: Form, version: number, by: string, photo?: CheckedPhoto) {
  const { db } = deps;
  const { row, snapshot } = await postForEditing(db, id);
  const at = new Date().toISOString();
  const { fields, body } = await checked(db, withPhoto(form, photo), id, at);
  // The form shows minutes: the same minute is the same time (not moved to its first second).
  if (fields.published_at === `${row.publishedAt.slice(0, 16)}:00.000Z`) fields.published_at = row.publishedAt;
  if (!row.published && fields.published && fields.published_at < at) fields.published_at = at;
  const diff = difference(snapshot, { ...fields, body });
  if (diff.changed.length === 0) return { version: row.version, changed: [] as string[] };
  await storeIfAny(deps.photos, photo);
  const [saved] = await db.batch([
    db
      .update(blogPosts)
      .set({ ...columnsOf(fields, body), updatedAt: at, version: row.version + 1, editedBy: by, editedAt: at })
      .where(and(eq(blogPosts.id, id), eq(blogPosts.version, version)))
      .returning({ version: blogPosts.version }),
    db.run(sql`insert into ${postChanges} (post_id, by, at, before, after)
      select ${id}, ${by}, ${at}, ${JSON.stringify(diff.before)}, ${JSON.stringify(diff.after)} where changes() > 0`),
    ...relationsOf(db, id, fields.related_products, { by, at }),
    ...redirectsOf(db, id, row.slug, fields.slug!, { by, at }),
    bumpContentVersion(db),
  ]);
  if (saved.length === 0) {
    const [now] = await db
      .select({ editedBy: blogPosts.editedBy, editedAt: blogPosts.editedAt })
      .from(blogPosts)
      .where(eq(blogPosts.id, id));
    const who = now?.editedBy ? `changed by ${now.editedBy} at ${now.editedAt}` : 'changed since this page was opened';
    throw new Refusal(`Not saved: this post was ${who}. Open it again to see the change, then make yours.`, 'conflict');
  }
  await told(deps, [row.slug, fields.slug!]);
  return { version: saved[0]!.version, changed: diff.changed };
}

/** A new post from the form: a draft unless published (now, or from a later time). */
export async function addPost(deps: PostEditDeps, form: Form, by: string, photo?: CheckedPhoto) {
  const { db } = deps;
  const at = new Date().toISOString();
  const { fields, body } = await checked(db, withPhoto(form, photo), null, at);
  await storeIfAny(deps.photos, photo);
  const [[post]] = await db.batch([
    db
      .insert(blogPosts)
      .values({ ...columnsOf(fields, body), updatedAt: at, createdAt: at, editedBy: by, editedAt: at })
      .returning({ id: blogPosts.id }),
    ...fields.related_products.map((productId) =>
      db.run(
        sql`insert into ${blogProductRelations} (blog_id, product_id) select id, ${productId} from ${blogPosts} where slug = ${fields.slug!}`,
      ),
    ),
    db.run(sql`insert into ${postChanges} (post_id, by, at, before, after)
      select id, ${by}, ${at}, '{}', ${JSON.stringify({ ...fields, body })} from ${blogPosts} where slug = ${fields.slug!}`),
    // A former address of another post, taken by this one, is this post's now.
    db.delete(postRedirects).where(eq(postRedirects.fromSlug, fields.slug!)),
    bumpContentVersion(db),
  ]);
  await told(deps, [fields.slug!]);
  return { id: post!.id };
}

/** Puts back what one change changed (only its fields), as a new change: the history keeps both. */
export async function undoPostChange(deps: PostEditDeps, id: number, changeId: number, version: number, by: string) {
  const { db } = deps;
  const { snapshot } = await postForEditing(db, id);
  const [change] = await db
    .select()
    .from(postChanges)
    .where(and(eq(postChanges.id, changeId), eq(postChanges.postId, id)))
    .limit(1);
  if (!change || Object.keys(change.before).length === 0) throw new Refusal(`no change ${changeId} to undo on post ${id}`, 'unknown');
  const { body, ...fields } = { ...snapshot, ...change.before };
  return editPost(deps, id, formOfPost(fields as PostFields, body), version, by);
}

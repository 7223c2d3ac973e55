import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from '#worker/db/table-parts.ts';

/** The digest's categories (content/categories/), as posts name them by their first tag. */
export const postCategories = sqliteTable('categories', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
});

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    excerpt: text('excerpt'),
    featuredImage: text('featured_image'),
    publishedAt: text('published_at').notNull().default(now),
    updatedAt: text('updated_at').notNull().default(now),
    tags: text('tags', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
    content: text('content').notNull().default(''),
    authorId: text('author_id'),
    createdAt: text('created_at').notNull().default(now),
    /** Optional overrides of the article's head title and description (front matter meta_title / meta_description). */
    metaTitle: text('meta_title'),
    metaDescription: text('meta_description'),
    /** The body as written (Markdown; `content` is it rendered): what the back office edits and content:export writes. */
    markdown: text('markdown'),
    /** Moves with every write: an edit opened on an older version is refused (409), never saved over another. */
    version: integer('version').notNull().default(1),
    /** Who last changed it in the back office, and when (null: as its file said): content:sync leaves it unless forced. */
    editedBy: text('edited_by'),
    editedAt: text('edited_at'),
    /** The category is the first tag; a column of its own so the per-category reads can use an index. */
    category: text('category').generatedAlwaysAs(sql`json_extract(tags, '$[0]')`, { mode: 'virtual' }),
  },
  // Every read filters on published and published_at (scheduled posts wait for their time) and sorts by published_at.
  (t) => [
    index('blog_posts_published_idx').on(t.published, t.publishedAt),
    index('blog_posts_category_idx').on(t.published, t.category, t.publishedAt),
  ],
);

export const blogProductRelations = sqliteTable(
  'blog_product_relations',
  {
    blogId: integer('blog_id')
      .notNull()
      .references(() => blogPosts.id, { onDelete: 'cascade' }),
    productId: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blogId, t.productId] }), index('blog_product_relations_product_idx').on(t.productId)],
);

/**
 * A post's former slugs (the owner renamed it in the back office): its old address answers 301 to the
 * new one, so links and search results keep working. A slug a post takes back is no longer a redirect.
 */
export const postRedirects = sqliteTable('post_redirects', {
  fromSlug: text('from_slug').primaryKey(),
  postId: integer('post_id')
    .notNull()
    .references(() => blogPosts.id, { onDelete: 'cascade' }),
  at: text('at').notNull().default(now),
});

/**
 * One row: the content's version, bumped by every content:sync that writes. Cached reads carry the
 * version they were made under, so a sync makes them outdated everywhere within the fresh window.
 */
export const contentVersion = sqliteTable('content_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull().default(0),
  /** Scheduled posts published up to this time (ISO) have been announced to the caches (jobs: a post coming due). */
  postsAnnouncedUntil: text('posts_announced_until'),
});

import { resolve } from 'node:path';
import type { BatchItem } from 'drizzle-orm/batch';
import { eq, inArray, sql } from 'drizzle-orm';
import type { PostFile } from './content-file.ts';
import {
  formatSyncReport,
  planContentSync,
  planWrites,
  type CategoryRow,
  type ContentPlan,
  type PostRow,
  type ProductRow,
} from './content-plan.ts';
import type { ProductFile } from './product-file.ts';
import type { Db } from '#worker/db/client.ts';
import { blogPosts, blogProductRelations, postCategories } from '#worker/posts/post-tables.ts';
import { bumpContentVersion } from '#worker/posts/content-version.ts';
import { products } from '#worker/products/product-tables.ts';
import { stock } from '#worker/stock/stock-tables.ts';
import { readContentFolder } from './content-folder.ts';

/**
 * The content sync: content/ into the database. The files are read (content-folder.ts) and the rows
 * here, the pure planner compares them, and the plan is written in one batch.
 */

/**
 * What the database holds, for the sync planner. Reads every row: this is the operator's sync
 * command, not a page read.
 */
export async function readContentRows(db: Db): Promise<{ products: ProductRow[]; posts: PostRow[]; categories: CategoryRow[] }> {
  const [productRows, posts, relations, cats] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        listed: products.listed,
        doc: products.doc,
        editedBy: products.editedBy,
        editedAt: products.editedAt,
      })
      .from(products),
    db
      .select({
        id: blogPosts.id,
        slug: blogPosts.slug,
        title: blogPosts.title,
        excerpt: blogPosts.excerpt,
        featuredImage: blogPosts.featuredImage,
        publishedAt: blogPosts.publishedAt,
        updatedAt: blogPosts.updatedAt,
        tags: blogPosts.tags,
        published: blogPosts.published,
        metaTitle: blogPosts.metaTitle,
        metaDescription: blogPosts.metaDescription,
        content: blogPosts.content,
        markdown: blogPosts.markdown,
        editedBy: blogPosts.editedBy,
        editedAt: blogPosts.editedAt,
      })
      .from(blogPosts),
    db.select().from(blogProductRelations).orderBy(blogProductRelations.blogId, blogProductRelations.productId),
    db.select().from(postCategories),
  ]);
  const productIds = new Map<number, number[]>();
  for (const r of relations) productIds.set(r.blogId, [...(productIds.get(r.blogId) ?? []), r.productId]);
  return {
    products: productRows,
    posts: posts.map((p) => ({ ...p, productIds: productIds.get(p.id) ?? [] })),
    categories: cats,
  };
}

/** The file's columns as a row. */
function postValues(file: PostFile) {
  return {
    title: file.title,
    slug: file.slug,
    excerpt: file.excerpt,
    featuredImage: file.featuredImage,
    publishedAt: file.publishedAt,
    updatedAt: file.updatedAt,
    tags: file.tags,
    published: file.published,
    metaTitle: file.metaTitle,
    metaDescription: file.metaDescription,
    content: file.content,
    markdown: file.markdown,
  };
}

/** A product file's row. */
function productValues(file: ProductFile) {
  const { product } = file;
  return {
    slug: product.slug,
    name: product.name,
    category: product.category_id,
    listed: true,
    doc: product,
    updatedAt: new Date().toISOString(),
  };
}

/** Product links of a post found by slug, so a new post's links need no id read back. */
function relationInserts(db: Db, file: PostFile) {
  return file.productIds.map((productId) =>
    db.insert(blogProductRelations).select(
      db
        .select({ blogId: blogPosts.id, productId: sql<number>`${productId}`.as('product_id') })
        .from(blogPosts)
        .where(eq(blogPosts.slug, file.slug)),
    ),
  );
}

/**
 * Writes a plan in one batch, which libSQL runs as one transaction (one round trip on Turso): all
 * of it or none. Product links of a changed post are replaced; posts are never deleted.
 */
export async function applyContentPlan(db: Db, plan: ContentPlan): Promise<void> {
  if (!planWrites(plan)) return;
  const statements: BatchItem<'sqlite'>[] = [];
  // Products first (posts link to them); changes before additions, so a slug a change gives up is free for a new product.
  for (const { file } of plan.products.change)
    // The file's product now: the owner's edit (if forced over) is no longer the product's, and an edit opened before is stale.
    statements.push(
      db
        .update(products)
        .set({ ...productValues(file), editedBy: null, editedAt: null, version: sql`${products.version} + 1` })
        .where(eq(products.id, file.product.id)),
    );
  for (const file of plan.products.add) {
    statements.push(db.insert(products).values({ id: file.product.id, ...productValues(file) }));
    // A new product has what the shop counted for it: nothing, until a delivery (npm run stock -- add).
    statements.push(db.insert(stock).values({ productId: file.product.id, onHand: 0 }).onConflictDoNothing());
  }
  const unlist = plan.products.unlist.map((p) => p.id);
  if (unlist.length > 0) statements.push(db.update(products).set({ listed: false }).where(inArray(products.id, unlist)));
  for (const file of plan.categories.add)
    statements.push(db.insert(postCategories).values({ name: file.name, description: file.description }));
  for (const { id, file } of plan.categories.change)
    statements.push(db.update(postCategories).set({ description: file.description }).where(eq(postCategories.id, id)));
  for (const file of plan.posts.add) {
    statements.push(db.insert(blogPosts).values(postValues(file)));
    statements.push(...relationInserts(db, file));
  }
  for (const { id, file } of plan.posts.change) {
    // The file's post now: an owner's edit forced over is no longer the post's, and an edit opened before is stale.
    statements.push(
      db
        .update(blogPosts)
        .set({ ...postValues(file), editedBy: null, editedAt: null, version: sql`${blogPosts.version} + 1` })
        .where(eq(blogPosts.id, id)),
    );
    statements.push(db.delete(blogProductRelations).where(eq(blogProductRelations.blogId, id)));
    statements.push(...relationInserts(db, file));
  }
  const unpublish = plan.posts.unpublish.map((p) => p.id);
  if (unpublish.length > 0) statements.push(db.update(blogPosts).set({ published: false }).where(inArray(blogPosts.id, unpublish)));
  // In the same transaction: cached reads made under the old version are outdated from now on.
  statements.push(bumpContentVersion(db));
  await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

export interface SyncOptions {
  /** Default: content/ in the working directory. */
  dir?: string;
  publicDir?: string;
  dryRun?: boolean;
  /** Unpublish published posts and unlist products whose file is gone (neither is ever deleted). */
  prune?: boolean;
  /** Write the files' products over what the owner changed in the back office (otherwise left and named). */
  force?: boolean;
}

export interface SyncResult {
  plan: ContentPlan;
  /** Whether rows were written (false on a dry run or when everything already matched). */
  wrote: boolean;
  /** What the command prints. */
  report: string;
  /** True when any file was refused: the command then exits with 1. */
  failed: boolean;
}

/** content/ into the database: read and check the files, compare with the rows, write the difference at once. */
export async function syncContent(db: Db, opts: SyncOptions = {}): Promise<SyncResult> {
  const files = readContentFolder(opts.dir ?? resolve('content'), opts.publicDir ?? resolve('public'));
  const plan = planContentSync(files, await readContentRows(db), { prune: opts.prune, force: opts.force });
  const wrote = !opts.dryRun && planWrites(plan);
  if (wrote) await applyContentPlan(db, plan);
  return { plan, wrote, report: formatSyncReport(plan, { dryRun: opts.dryRun }), failed: plan.problems.length > 0 };
}

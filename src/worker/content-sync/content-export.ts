import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { stringify } from 'yaml';
import { fieldsOfProduct } from '#shared/catalogue/product-fields.ts';
import type { Db } from '#worker/db/client.ts';
import { products } from '#worker/products/product-tables.ts';
import { blogPosts, blogProductRelations } from '#worker/posts/post-tables.ts';
import { fileSlug, splitFrontMatter } from './content-file.ts';
import { CATALOGUE_LIMIT } from '#worker/products/product-queries.ts';

/**
 * The database's listed products written back as their files (npm run content:export), so the
 * repository catches up with the owner's changes in the back office: each into the file that has its id
 * (NN-….md) or a new one, in the files' own keys; the description as the body. A sync after it finds
 * them unchanged. Unlisted products are left out (a file would list them again) and named.
 */
export async function exportProducts(db: Db, dir: string): Promise<{ written: string[]; report: string }> {
  const rows = await db.select().from(products).where(eq(products.listed, true)).orderBy(asc(products.id)).limit(CATALOGUE_LIMIT);
  const existing = readdirSync(dir).filter((name) => name.endsWith('.md'));
  const written: string[] = [];
  for (const { doc } of rows) {
    const name = existing.find((f) => Number(/^(\d+)-/.exec(f)?.[1]) === doc.id) ?? `${String(doc.id).padStart(2, '0')}-${doc.slug}.md`;
    const fields = fieldsOfProduct(doc);
    const text = `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${doc.description}\n`;
    writeFileSync(join(dir, name), text);
    written.push(name);
  }
  const unlisted = await db.select({ id: products.id, slug: products.slug }).from(products).where(eq(products.listed, false));
  const lines = [
    `wrote ${written.length} product files into ${dir}`,
    ...unlisted.map((p) => `left out product ${p.id} ${p.slug}: unlisted (a file would list it again)`),
  ];
  return { written, report: lines.join('\n') };
}

/** The most posts one export writes (the archive's own bound). */
const POSTS_LIMIT = 10_000;

/** The slug each post file names (its front matter's, else its file name), to write a post back into its own file. */
function postFileBySlug(dir: string) {
  const bySlug = new Map<string, string>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.md'))) {
    const split = splitFrontMatter(readFileSync(join(dir, name), 'utf8'));
    const named = 'data' in split ? (split.data as { slug?: unknown }).slug : undefined;
    bySlug.set(typeof named === 'string' ? named : fileSlug(name), name);
  }
  return bySlug;
}

/**
 * The database's posts written back as their files (drafts too, `published: false`), each into the file
 * that names its slug or `<slug>.md`, in the files' keys with the Markdown body: a sync after it finds
 * them unchanged. A post with no Markdown kept (synced before the column) is left out and named.
 */
export async function exportPosts(db: Db, dir: string): Promise<{ written: string[]; report: string }> {
  const [rows, relations] = await Promise.all([
    db.select().from(blogPosts).orderBy(asc(blogPosts.id)).limit(POSTS_LIMIT),
    db.select().from(blogProductRelations).orderBy(asc(blogProductRelations.productId)),
  ]);
  const files = postFileBySlug(dir);
  const written: string[] = [];
  const left: string[] = [];
  for (const post of rows) {
    if (post.markdown === null) {
      left.push(`left out post ${post.slug}: no Markdown kept (sync it from its file first)`);
      continue;
    }
    const fields = {
      title: post.title,
      slug: post.slug,
      ...(post.excerpt && { excerpt: post.excerpt }),
      ...(post.featuredImage && { featured_image: post.featuredImage }),
      published_at: post.publishedAt,
      updated_at: post.updatedAt,
      tags: post.tags,
      published: post.published,
      related_products: relations.filter((r) => r.blogId === post.id).map((r) => r.productId),
      ...(post.metaTitle && { meta_title: post.metaTitle }),
      ...(post.metaDescription && { meta_description: post.metaDescription }),
    };
    const name = files.get(post.slug) ?? `${post.slug}.md`;
    writeFileSync(join(dir, name), `---\n${stringify(fields, { lineWidth: 0 })}---\n\n${post.markdown}\n`);
    written.push(name);
  }
  return { written, report: [`wrote ${written.length} post files into ${dir}`, ...left].join('\n') };
}

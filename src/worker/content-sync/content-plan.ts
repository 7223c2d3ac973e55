import { CATALOGUE_TAG, POSTS_TAG, postTag, productTag } from '#shared/caching/cache-tags.ts';
import type { CatalogueProduct } from '#shared/catalogue/types.ts';
import { CATALOGUE_LIMIT } from '#worker/products/product-queries.ts';
import { fileSlug, type CategoryFile, type FileProblem, type PostFile } from './content-file.ts';
import { productIdOfFileName, type ProductFile } from './product-file.ts';

/**
 * The sync as a plan: what the files say against what the database holds. Pure, so the dry run
 * and the real run print the same thing and the rules are unit-tested without a database.
 */

/** A post row as the planner compares it (the columns a file sets). */
export type PostRow = Omit<PostFile, 'path' | 'markdown'> & {
  id: number;
  markdown: string | null;
  /** Who changed it in the back office, and when (null: as its file said): a sync leaves it unless forced. */
  editedBy?: string | null;
  editedAt?: string | null;
};
export type CategoryRow = Omit<CategoryFile, 'path'> & { id: number };
export interface ProductRow {
  id: number;
  slug: string;
  listed: boolean;
  doc: CatalogueProduct;
  /** Who changed it in the back office, and when (null: as its file said): a sync leaves it unless forced. */
  editedBy?: string | null;
  editedAt?: string | null;
}

/** The columns a file sets, in the order a change report lists them. */
const POST_FIELDS = [
  'title',
  'excerpt',
  'featuredImage',
  'publishedAt',
  'updatedAt',
  'tags',
  'published',
  'productIds',
  'metaTitle',
  'metaDescription',
  'content',
  'markdown',
] as const satisfies ReadonlyArray<keyof PostFile>;

export interface ContentPlan {
  products: {
    add: ProductFile[];
    /** `fields`: the product's fields that differ ('listed' when an unlisted product's file is back). */
    change: Array<{ file: ProductFile; fields: string[] }>;
    unchanged: number;
    /** Rows with no file: reported; unlisted only with --prune (never deleted: orders name them). */
    missing: Array<{ id: number; slug: string; listed: boolean }>;
    unlist: Array<{ id: number; slug: string }>;
    /** Changed in the back office since its file was synced: left as the owner made it (--force overwrites). */
    ownerChanged: Array<{ id: number; slug: string; by: string; at: string; fields: string[] }>;
  };
  categories: { add: CategoryFile[]; change: Array<{ id: number; file: CategoryFile }>; unchanged: number };
  posts: {
    add: PostFile[];
    change: Array<{ id: number; file: PostFile; fields: string[] }>;
    unchanged: number;
    /** Rows with no file: reported; unpublished only with --prune (never deleted). */
    missing: Array<{ id: number; slug: string; published: boolean; ownersOwn: boolean }>;
    unpublish: Array<{ id: number; slug: string }>;
    /** Changed in the back office since its file was synced: left as the owner made it (--force overwrites). */
    ownerChanged: Array<{ id: number; slug: string; by: string; at: string; fields: string[] }>;
  };
  problems: FileProblem[];
  /** What is written but worth knowing: a post whose first tag is no category (the digest's landing page lists it nowhere). */
  notes: FileProblem[];
  /** A product file failed: the sync writes nothing at all (a catalogue half written could price or list wrongly). */
  stopped: boolean;
}

/** Whether a problem is a product file's. */
const isProductFile = (path: string) => /(^|[\\/])products[\\/][^\\/]+$/.test(path);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Files sharing a key are all refused: which of them the operator meant is theirs to say. */
function refuseDuplicates<T extends { path: string }>(files: T[], key: (f: T) => string, what: string, problems: FileProblem[]): T[] {
  const byKey = new Map<string, T[]>();
  for (const file of files) byKey.set(key(file), [...(byKey.get(key(file)) ?? []), file]);
  return files.filter((file) => {
    const group = byKey.get(key(file))!;
    if (group.length === 1) return true;
    const others = group.filter((f) => f !== file).map((f) => f.path);
    problems.push({ path: file.path, reason: `duplicate ${what} ${key(file)} (also in ${others.join(', ')})` });
    return false;
  });
}

/** Product files against product rows: ids and slugs must be unique among the files and against the rows the sync leaves. */
function planProducts(
  files: ProductFile[],
  rows: ProductRow[],
  problems: FileProblem[],
  prune: boolean,
  force: boolean,
): ContentPlan['products'] {
  const unique = refuseDuplicates(
    refuseDuplicates(files, (f) => String(f.product.id), 'product id', problems),
    (f) => f.product.slug,
    'product slug',
    problems,
  ).toSorted((a, b) => a.product.id - b.product.id);
  const overLimit = unique.slice(CATALOGUE_LIMIT);
  for (const file of overLimit)
    problems.push({ path: file.path, reason: `more than ${CATALOGUE_LIMIT} products: the product list shows at most that many` });
  const kept = unique.slice(0, CATALOGUE_LIMIT);
  const filed = new Map(kept.map((f) => [f.product.id, f]));
  const slugOwner = new Map(rows.filter((r) => !filed.has(r.id)).map((r) => [r.slug, r.id]));
  const plan: ContentPlan['products'] = { add: [], change: [], unchanged: 0, missing: [], unlist: [], ownerChanged: [] };
  const rowById = new Map(rows.map((r) => [r.id, r]));
  for (const file of kept) {
    const owner = slugOwner.get(file.product.slug);
    if (owner !== undefined) {
      problems.push({ path: file.path, reason: `product slug ${file.product.slug} is product ${owner}'s` });
      continue;
    }
    const row = rowById.get(file.product.id);
    if (!row) {
      plan.add.push(file);
      continue;
    }
    const doc = row.doc as unknown as Record<string, unknown>;
    const product = file.product as unknown as Record<string, unknown>;
    const fields = Object.keys(product).filter((key) => !same(doc[key], product[key]));
    if (!row.listed) fields.push('listed');
    // The owner's change in the back office is never overwritten silently: named, and left (--force writes the file's).
    if (fields.length > 0 && row.editedAt && !force)
      plan.ownerChanged.push({ id: row.id, slug: row.slug, by: row.editedBy ?? 'the back office', at: row.editedAt, fields });
    else if (fields.length > 0) plan.change.push({ file, fields });
    else plan.unchanged++;
  }
  // A file that failed still names its product (by its file name): its row is not "missing".
  const failed = problems.filter((p) => isProductFile(p.path)).map((p) => productIdOfFileName(p.path));
  const named = new Set([...files.map((f) => f.product.id), ...failed]);
  for (const row of rows) {
    if (named.has(row.id)) continue;
    plan.missing.push({ id: row.id, slug: row.slug, listed: row.listed });
    if (prune && row.listed) plan.unlist.push({ id: row.id, slug: row.slug });
  }
  return plan;
}

export function planContentSync(
  files: { products?: ProductFile[]; posts: PostFile[]; categories: CategoryFile[]; problems: FileProblem[] },
  rows: { products?: ProductRow[]; posts: PostRow[]; categories: CategoryRow[] },
  opts: { prune?: boolean; force?: boolean } = {},
): ContentPlan {
  const problems = [...files.problems];
  const productPlan = planProducts(files.products ?? [], rows.products ?? [], problems, opts.prune ?? false, opts.force ?? false);
  const posts = refuseDuplicates(files.posts, (f) => f.slug, 'slug', problems);
  const categories = refuseDuplicates(files.categories, (f) => f.name, 'category name', problems);

  const categoryRows = new Map(rows.categories.map((r) => [r.name, r]));
  const categoryPlan: ContentPlan['categories'] = { add: [], change: [], unchanged: 0 };
  for (const file of categories) {
    const row = categoryRows.get(file.name);
    if (!row) categoryPlan.add.push(file);
    else if (row.description !== file.description) categoryPlan.change.push({ id: row.id, file });
    else categoryPlan.unchanged++;
  }

  const postRows = new Map(rows.posts.map((r) => [r.slug, r]));
  const postPlan: ContentPlan['posts'] = { add: [], change: [], unchanged: 0, missing: [], unpublish: [], ownerChanged: [] };
  for (const file of posts) {
    const row = postRows.get(file.slug);
    if (!row) {
      postPlan.add.push(file);
      continue;
    }
    const fields = POST_FIELDS.filter((field) => !same(row[field], file[field]));
    // As products: the owner's change is named and left (--force writes the file's).
    if (fields.length > 0 && row.editedAt && !opts.force)
      postPlan.ownerChanged.push({ id: row.id, slug: row.slug, by: row.editedBy ?? 'the back office', at: row.editedAt, fields });
    else if (fields.length > 0) postPlan.change.push({ id: row.id, file, fields });
    else postPlan.unchanged++;
  }
  // A bad file still names its post: its row is not "missing", it is left as it is.
  const named = new Set([...files.posts.map((f) => f.slug), ...problems.map((p) => fileSlug(p.path))]);
  for (const row of rows.posts) {
    if (named.has(row.slug)) continue;
    // A post written in the back office has no file until content:export: --prune never takes it down.
    const ownersOwn = Boolean(row.editedAt);
    postPlan.missing.push({ id: row.id, slug: row.slug, published: row.published, ownersOwn });
    if (opts.prune && row.published && !ownersOwn) postPlan.unpublish.push({ id: row.id, slug: row.slug });
  }
  // The digest's landing page lists a post under the category its first tag names.
  const categoryNames = new Set([...rows.categories.map((r) => r.name), ...categories.map((f) => f.name)]);
  const notes = [...postPlan.add, ...postPlan.change.map((ch) => ch.file)]
    .filter((f) => f.published && f.tags[0] !== undefined && !categoryNames.has(f.tags[0]))
    .map((f) => ({
      path: f.path,
      reason: `its first tag "${f.tags[0]}" is no category: the digest's landing page lists it under none (it shows in Guides and search)`,
    }));
  return {
    products: productPlan,
    categories: categoryPlan,
    posts: postPlan,
    problems,
    notes,
    stopped: problems.some((p) => isProductFile(p.path)),
  };
}

/** Whether running the plan would write anything. */
export function planWrites(plan: ContentPlan): boolean {
  if (plan.stopped) return false;
  const { products: r, categories: c, posts: p } = plan;
  return (
    r.add.length +
      r.change.length +
      r.unlist.length +
      c.add.length +
      c.change.length +
      p.add.length +
      p.change.length +
      p.unpublish.length >
    0
  );
}

/** What the command prints: one line per added, changed, unpublished or missing item, problems, then a summary. */
export function formatSyncReport(plan: ContentPlan, opts: { dryRun?: boolean } = {}): string {
  const verb = (done: string, would: string) => (opts.dryRun || plan.stopped ? would : done);
  const lines: string[] = [];
  const { products: r } = plan;
  for (const f of r.add) lines.push(`${verb('added', 'would add')} product ${f.product.id} ${f.product.slug} (${f.path})`);
  for (const { file, fields } of r.change)
    lines.push(`${verb('changed', 'would change')} product ${file.product.id} ${file.product.slug}: ${fields.join(', ')} (${file.path})`);
  for (const p of r.unlist) lines.push(`${verb('unlisted', 'would unlist')} product ${p.id} ${p.slug} (its file is gone)`);
  for (const p of r.ownerChanged)
    lines.push(
      `left product ${p.id} ${p.slug} as the owner changed it (${p.by}, ${p.at}; its file differs in ${p.fields.join(', ')}): -- --force writes the file's`,
    );
  const unlisted = new Set(r.unlist.map((p) => p.id));
  for (const p of r.missing.filter((m) => !unlisted.has(m.id)))
    lines.push(`left product ${p.id} ${p.slug}: no file${p.listed ? ' (still listed; --prune unlists it)' : ''}`);
  for (const f of plan.categories.add) lines.push(`${verb('added', 'would add')} category ${f.name} (${f.path})`);
  for (const { file } of plan.categories.change) lines.push(`${verb('changed', 'would change')} category ${file.name} (${file.path})`);
  for (const f of plan.posts.add) lines.push(`${verb('added', 'would add')} post ${f.slug} (${f.path})`);
  for (const { file, fields } of plan.posts.change) {
    // Published or unpublished in its file: said as such, not as a changed field.
    if (fields.includes('published'))
      lines.push(
        `${file.published ? verb('published', 'would publish') : verb('unpublished', 'would unpublish')} post ${file.slug} (${file.path})`,
      );
    const rest = fields.filter((f) => f !== 'published');
    if (rest.length > 0) lines.push(`${verb('changed', 'would change')} post ${file.slug}: ${rest.join(', ')} (${file.path})`);
  }
  for (const n of plan.notes) lines.push(`note ${n.path}: ${n.reason}`);
  for (const p of plan.posts.unpublish) lines.push(`${verb('unpublished', 'would unpublish')} post ${p.slug} (its file is gone)`);
  const pruned = new Set(plan.posts.unpublish.map((p) => p.slug));
  for (const p of plan.posts.ownerChanged)
    lines.push(
      `left post ${p.slug} as the owner changed it (${p.by}, ${p.at}; its file differs in ${p.fields.join(', ')}): -- --force writes the file's`,
    );
  for (const p of plan.posts.missing.filter((m) => !pruned.has(m.slug)))
    lines.push(
      p.ownersOwn
        ? `left post ${p.slug}: written in the back office, no file yet (npm run content:export writes it)`
        : `left post ${p.slug}: no file${p.published ? ' (still published; --prune unpublishes it)' : ''}`,
    );
  for (const p of plan.problems) lines.push(`error ${p.path}: ${p.reason} (nothing of it written)`);
  if (plan.stopped) {
    lines.push(`Stopped, nothing written: ${plan.problems.length} file(s) failed, and a product file among them (fix it and sync again).`);
    return lines.join('\n');
  }
  const { categories: c, posts: p } = plan;
  // Products are named once there are any (files or rows).
  const productPart =
    r.add.length + r.change.length + r.unchanged + r.missing.length > 0
      ? `products ${r.add.length} added, ${r.change.length} changed, ${r.unchanged} unchanged, ${r.unlist.length} unlisted; `
      : '';
  const summary = planWrites(plan)
    ? `${verb('Synced', 'Dry run, nothing written')}: ${productPart}posts ${p.add.length} added, ${p.change.length} changed, ${p.unchanged} unchanged, ${p.unpublish.length + p.change.filter((ch) => ch.fields.includes('published') && !ch.file.published).length} unpublished; categories ${c.add.length} added, ${c.change.length} changed, ${c.unchanged} unchanged.`
    : `Nothing to change: ${r.unchanged > 0 ? `${r.unchanged} products, ` : ''}${p.unchanged} posts and ${c.unchanged} categories already match content/.`;
  lines.push(plan.problems.length > 0 ? `${summary} ${plan.problems.length} file(s) failed.` : summary);
  return lines.join('\n');
}

/** What a sync changed, as cache tags (src/shared/caching/cache-tags.ts): the pages and reads to purge once it is written. */
export function changedTags(plan: ContentPlan): string[] {
  const { products, categories, posts } = plan;
  const tags = [
    ...products.add.map((f) => productTag(f.product.id)),
    ...products.change.map((c) => productTag(c.file.product.id)),
    ...products.unlist.map((u) => productTag(u.id)),
    ...posts.add.map((f) => postTag(f.slug)),
    ...posts.change.map((c) => postTag(c.file.slug)),
    ...posts.unpublish.map((u) => postTag(u.slug)),
  ];
  // Which products are listed, and the lists of posts (their categories too), change with these.
  if (products.add.length + products.unlist.length > 0 || products.change.some((c) => c.fields.includes('listed')))
    tags.push(CATALOGUE_TAG);
  if (posts.add.length + posts.change.length + posts.unpublish.length + categories.add.length + categories.change.length > 0)
    tags.push(POSTS_TAG);
  return [...new Set(tags)];
}

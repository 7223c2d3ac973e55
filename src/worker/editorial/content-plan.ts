import { fileSlug, type CategoryFile, type FileProblem, type PostFile } from './content-file';

/**
 * The sync as a plan: what the files say against what the database holds. Pure, so the dry run
 * and the real run print the same thing and the rules are unit-tested without a database.
 */

/** A post row as the planner compares it (the columns a file sets). */
export type PostRow = Omit<PostFile, 'path'> & { id: number };
export type CategoryRow = Omit<CategoryFile, 'path'> & { id: number };

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
] as const satisfies ReadonlyArray<keyof PostFile>;

export interface ContentPlan {
  categories: { add: CategoryFile[]; change: Array<{ id: number; file: CategoryFile }>; unchanged: number };
  posts: {
    add: PostFile[];
    change: Array<{ id: number; file: PostFile; fields: string[] }>;
    unchanged: number;
    /** Rows with no file: reported; unpublished only with --prune (never deleted). */
    missing: Array<{ id: number; slug: string; published: boolean }>;
    unpublish: Array<{ id: number; slug: string }>;
  };
  problems: FileProblem[];
}

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

export function planContentSync(
  files: { posts: PostFile[]; categories: CategoryFile[]; problems: FileProblem[] },
  rows: { posts: PostRow[]; categories: CategoryRow[] },
  opts: { prune?: boolean } = {},
): ContentPlan {
  const problems = [...files.problems];
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
  const postPlan: ContentPlan['posts'] = { add: [], change: [], unchanged: 0, missing: [], unpublish: [] };
  for (const file of posts) {
    const row = postRows.get(file.slug);
    if (!row) {
      postPlan.add.push(file);
      continue;
    }
    const fields = POST_FIELDS.filter((field) => !same(row[field], file[field]));
    if (fields.length > 0) postPlan.change.push({ id: row.id, file, fields });
    else postPlan.unchanged++;
  }
  // A bad file still names its post: its row is not "missing", it is left as it is.
  const named = new Set([...files.posts.map((f) => f.slug), ...problems.map((p) => fileSlug(p.path))]);
  for (const row of rows.posts) {
    if (named.has(row.slug)) continue;
    postPlan.missing.push({ id: row.id, slug: row.slug, published: row.published });
    if (opts.prune && row.published) postPlan.unpublish.push({ id: row.id, slug: row.slug });
  }
  return { categories: categoryPlan, posts: postPlan, problems };
}

/** Whether running the plan would write anything. */
export function planWrites(plan: ContentPlan): boolean {
  const { categories: c, posts: p } = plan;
  return c.add.length + c.change.length + p.add.length + p.change.length + p.unpublish.length > 0;
}

/** What the command prints: one line per added, changed, unpublished or missing item, problems, then a summary. */
export function formatSyncReport(plan: ContentPlan, opts: { dryRun?: boolean } = {}): string {
  const verb = (done: string, would: string) => (opts.dryRun ? would : done);
  const lines: string[] = [];
  for (const f of plan.categories.add) lines.push(`${verb('added', 'would add')} category ${f.name} (${f.path})`);
  for (const { file } of plan.categories.change) lines.push(`${verb('changed', 'would change')} category ${file.name} (${file.path})`);
  for (const f of plan.posts.add) lines.push(`${verb('added', 'would add')} post ${f.slug} (${f.path})`);
  for (const { file, fields } of plan.posts.change)
    lines.push(`${verb('changed', 'would change')} post ${file.slug}: ${fields.join(', ')} (${file.path})`);
  for (const p of plan.posts.unpublish) lines.push(`${verb('unpublished', 'would unpublish')} post ${p.slug} (its file is gone)`);
  const pruned = new Set(plan.posts.unpublish.map((p) => p.slug));
  for (const p of plan.posts.missing.filter((m) => !pruned.has(m.slug)))
    lines.push(`left post ${p.slug}: no file${p.published ? ' (still published; --prune unpublishes it)' : ''}`);
  for (const p of plan.problems) lines.push(`error ${p.path}: ${p.reason} (nothing of it written)`);
  const { categories: c, posts: p } = plan;
  const summary = planWrites(plan)
    ? `${verb('Synced', 'Dry run, nothing written')}: posts ${p.add.length} added, ${p.change.length} changed, ${p.unchanged} unchanged, ${p.unpublish.length} unpublished; categories ${c.add.length} added, ${c.change.length} changed, ${c.unchanged} unchanged.`
    : `Nothing to change: ${p.unchanged} posts and ${c.unchanged} categories already match content/.`;
  lines.push(plan.problems.length > 0 ? `${summary} ${plan.problems.length} file(s) failed.` : summary);
  return lines.join('\n');
}

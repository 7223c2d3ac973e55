import { SLUG } from '#shared/catalogue/product-fields.ts';
import { marked, type Token } from 'marked';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { photoNameOf } from '#shared/photos/photo-files.ts';
import { postFieldsSchema } from '#shared/editorial/post-fields.ts';

/**
 * One Markdown file of content/: front matter (YAML between `---` lines) and a Markdown body.
 * Parsing is pure: what it needs to know about the world (images under public/, catalogue ids)
 * is handed in, so the same rules run in the sync command and in unit tests.
 */

/** A post as its file describes it, ready to write: the body already turned into HTML. */
export interface PostFile {
  path: string;
  slug: string;
  title: string;
  excerpt: string | null;
  featuredImage: string | null;
  publishedAt: string;
  updatedAt: string;
  tags: string[];
  published: boolean;
  productIds: number[];
  metaTitle: string | null;
  metaDescription: string | null;
  content: string;
  /** The body as written: what the back office edits and content:export writes back. */
  markdown: string;
}

export interface CategoryFile {
  path: string;
  name: string;
  description: string;
}

/** Why a file was not written: its path and a reason an operator can act on. */
export interface FileProblem {
  path: string;
  reason: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: FileProblem };

export interface ContentChecks {
  /** Whether a site path such as /images/blog/x.svg names a file under public/. */
  imageExists(path: string): boolean;
  /** Whether a catalogue product has this id. */
  productExists(id: number): boolean;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

const postFrontMatter = postFieldsSchema;

const categoryFrontMatter = z.strictObject({
  name: z.string().trim().min(1),
  description: z.string().trim().default(''),
});

/** Splits front matter from the body; null when the file does not start with a front matter block. */
export function splitFrontMatter(text: string): { data: unknown; body: string } | { error: string } {
  const match = FRONT_MATTER.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return { error: 'no front matter (the file must start with a --- line)' };
  try {
    return { data: parseYaml(match[1]!) ?? {}, body: match[2]!.trim() };
  } catch (err) {
    return { error: `front matter does not parse: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` };
  }
}

/** zod's first issue as one line: 'missing title', 'published_at: is not a date …'. */
export function describeIssue(error: z.ZodError, data: unknown): string {
  const issue = error.issues[0]!;
  const key = issue.path.join('.');
  // The first step of the path that the file leaves out names what is missing ('missing prices.GBP').
  let value: unknown = data;
  for (const [i, step] of issue.path.entries()) {
    value = typeof value === 'object' && value !== null ? (value as Record<PropertyKey, unknown>)[step] : undefined;
    if (value == null) return `missing ${issue.path.slice(0, i + 1).join('.')}`;
  }
  if (issue.code === 'unrecognized_keys') return `unknown front matter field ${issue.keys.join(', ')}`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${key} is empty`;
  return key ? `${key}: ${issue.message}` : issue.message;
}

/** A site path under public/, a photo the owner uploaded (written back by content:export) or an absolute https URL. */
export function imageProblem(src: string, checks: Pick<ContentChecks, 'imageExists'>): string | null {
  if (/^https:\/\//i.test(src)) return null;
  // In the shop's photo store (the Worker's R2 bucket, Node's PHOTOS_DIR), which a sync does not reach.
  if (photoNameOf(src)) return null;
  if (!src.startsWith('/') || src.startsWith('//')) return `image ${src} must be a path under public/ (starting with /) or an https URL`;
  return checks.imageExists(src) ? null : `image ${src} does not exist under public/ (check its name)`;
}

/** Every image the Markdown body references. */
function bodyImages(tokens: Token[]): string[] {
  const found: string[] = [];
  marked.walkTokens(tokens, (token) => {
    if (token.type === 'image') found.push(token.href);
  });
  return found;
}

/** The file name without folder and .md: the default slug. */
export function fileSlug(path: string): string {
  return path.replace(/^.*[\\/]/, '').replace(/\.md$/i, '');
}

/** Markdown to HTML (GitHub-flavoured); the article page still sanitises it when it renders. */
export function markdownToHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}

export function parsePostFile(path: string, text: string, checks: ContentChecks): Parsed<PostFile> {
  const fail = (reason: string): Parsed<PostFile> => ({ ok: false, problem: { path, reason } });
  const split = splitFrontMatter(text);
  if ('error' in split) return fail(split.error);
  const result = postFrontMatter.safeParse(split.data);
  if (!result.success) return fail(describeIssue(result.error, split.data));
  const fm = result.data;
  const slug = fm.slug ?? fileSlug(path);
  if (!SLUG.test(slug)) return fail(`slug ${slug} must be lower-case words joined by hyphens`);
  const unknownProduct = fm.related_products.find((id) => !checks.productExists(id));
  if (unknownProduct !== undefined) return fail(`unknown product id ${unknownProduct} in related_products`);
  const tokens = marked.lexer(split.body, { gfm: true });
  for (const src of [...(fm.featured_image ? [fm.featured_image] : []), ...bodyImages(tokens)]) {
    const problem = imageProblem(src, checks);
    if (problem) return fail(problem);
  }
  return {
    ok: true,
    value: {
      path,
      slug,
      title: fm.title,
      excerpt: fm.excerpt ?? null,
      featuredImage: fm.featured_image ?? null,
      publishedAt: fm.published_at,
      updatedAt: fm.updated_at ?? fm.published_at,
      tags: fm.tags,
      published: fm.published,
      productIds: [...new Set(fm.related_products)].toSorted((a, b) => a - b),
      metaTitle: fm.meta_title ?? null,
      metaDescription: fm.meta_description ?? null,
      content: marked.parser(tokens, { gfm: true }),
      markdown: split.body,
    },
  };
}

export function parseCategoryFile(path: string, text: string): Parsed<CategoryFile> {
  const split = splitFrontMatter(text);
  if ('error' in split) return { ok: false, problem: { path, reason: split.error } };
  const result = categoryFrontMatter.safeParse(split.data);
  if (!result.success) return { ok: false, problem: { path, reason: describeIssue(result.error, split.data) } };
  return { ok: true, value: { path, name: result.data.name, description: result.data.description } };
}

import { z } from 'zod';
import { SLUG } from '#shared/catalogue/product-fields.ts';
import { fromShopLocal, shopLocalInput } from '#shared/policy/shop-time.ts';

/**
 * A post's fields in one vocabulary: the keys of its content file's front matter (content/posts/*.md)
 * are the names of the back office's form fields (`title`, `published_at`, `related_products`), checked
 * by one schema; `body` is the file's Markdown body. The category is the first of `tags`.
 */

/** Dates are stored as ISO 8601 UTC strings so they compare as text; a date alone means midnight UTC. */
const isoDate = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'is not a date (use e.g. 2026-11-23 or 2026-11-23T08:00:00Z)' });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});

const optionalText = z.string().trim().min(1).optional();

export const postFieldsSchema = z.strictObject({
  title: z.string().trim().min(1),
  slug: z.string().regex(SLUG, 'must be lower-case words joined by hyphens').optional(),
  excerpt: optionalText,
  featured_image: optionalText,
  published_at: isoDate,
  updated_at: isoDate.optional(),
  tags: z.array(z.string().trim().min(1)).default([]),
  published: z.boolean().default(true),
  related_products: z.array(z.number().int()).default([]),
  meta_title: optionalText,
  meta_description: optionalText,
});
export type PostFields = z.infer<typeof postFieldsSchema>;

/** A slug from a title: 'Dry-Fire: 5 Drills!' → 'dry-fire-5-drills'. */
export const slugOfTitle = (title: string) =>
  title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const list = (value: string | undefined, split: RegExp) =>
  (value ?? '')
    .split(split)
    .map((t) => t.trim())
    .filter(Boolean);
const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The back office's form as the fields the schema checks: `category` first of `tags` (the rest
 * comma-separated), `related_products` as ids, `published` as `true`/`false`, `published_at` in the
 * shop's time (empty: now). A form's typo stays as typed, so the schema names it.
 */
export function postFieldsFromForm(form: Readonly<Record<string, string | undefined>>, now: string): unknown {
  const category = optional(form.category);
  const rest = list(form.tags, /,/).filter((t) => t !== category);
  const when = optional(form.published_at);
  return {
    title: form.title ?? '',
    ...(optional(form.slug) ? { slug: optional(form.slug) } : { slug: slugOfTitle(form.title ?? '') || undefined }),
    ...(optional(form.excerpt) && { excerpt: optional(form.excerpt) }),
    ...(optional(form.featured_image) && { featured_image: optional(form.featured_image) }),
    published_at: when ? (fromShopLocal(when) ?? when) : now,
    tags: category ? [category, ...rest] : rest,
    published: form.published === 'true',
    related_products: list(form.related_products, /[\s,]+/).map((id) => (/^\d+$/.test(id) ? Number(id) : id)),
    ...(optional(form.meta_title) && { meta_title: optional(form.meta_title) }),
    ...(optional(form.meta_description) && { meta_description: optional(form.meta_description) }),
  };
}

/** The form's values for a post's fields and Markdown body (what postFieldsFromForm reads back). */
export function formOfPost(fields: PostFields, body: string): Record<string, string> {
  return {
    title: fields.title,
    slug: fields.slug ?? '',
    excerpt: fields.excerpt ?? '',
    featured_image: fields.featured_image ?? '',
    published_at: shopLocalInput(fields.published_at),
    category: fields.tags[0] ?? '',
    tags: fields.tags.slice(1).join(', '),
    published: String(fields.published),
    related_products: fields.related_products.join(', '),
    meta_title: fields.meta_title ?? '',
    meta_description: fields.meta_description ?? '',
    body,
  };
}

/** Why the form's fields cannot be saved, naming the field, or the fields. */
export function checkedPostFields(raw: unknown, body: string): { fields: PostFields } | { problem: string } {
  if (!body.trim()) return { problem: 'body is empty' };
  const parsed = postFieldsSchema.safeParse(raw);
  if (parsed.success) return { fields: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.filter((p) => typeof p === 'string').join('.');
  if (issue.code === 'too_small' && issue.origin === 'string') return { problem: `${field} is empty` };
  return { problem: `${field}: ${issue.message}` };
}

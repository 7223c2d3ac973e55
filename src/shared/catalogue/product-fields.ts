import { z } from 'zod';
import { fromMinorUnits, toMinorUnits } from '#shared/money.ts';
import { CATEGORY_IDS } from './categories.ts';
import { isPaymentLink, PAYMENT_LINK_ORIGINS } from './payment-links.ts';
import { productSlug } from './product.ts';
import type { CatalogueProduct } from './types.ts';

/**
 * A product's fields in one vocabulary: the keys of its content file's front matter (content/products/*.md)
 * are the names of the back office's form fields (`prices.GBP`, `images.alt`), checked by one schema.
 */

/** A slug: lower-case words joined by hyphens. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Money as the shop writes it: more than 0, at most two decimals. */
const amount = z
  .number({ message: 'must be a number' })
  .positive('must be more than 0')
  .refine((n) => fromMinorUnits(toMinorUnits(n)) === n, 'must have at most two decimals');
const priceTable = z.strictObject({ USD: amount, GBP: amount, EUR: amount });

const paymentLink = z
  .string()
  .trim()
  .refine(isPaymentLink, `must be an https address on ${PAYMENT_LINK_ORIGINS.join(' or ')}`);

const text = z.string().trim().min(1);

export const productFieldsSchema = z.strictObject({
  id: z.number().int().positive(),
  slug: z.string().regex(SLUG, 'must be lower-case words joined by hyphens').optional(),
  name: text,
  category: z.enum(CATEGORY_IDS, { message: `must be one of ${CATEGORY_IDS.join(', ')}` }),
  prices: priceTable,
  full_prices: priceTable,
  new: z.boolean().default(false),
  tags: z.array(text).default([]),
  search_words: z.array(text).default([]),
  payment_links: z.strictObject({ standard: paymentLink, uk: paymentLink.optional() }),
  images: z.strictObject({ main: text, card: text.optional(), landscape: text.optional(), alt: text }),
  features: z.array(text).default([]),
  specs: z.array(text).default([]),
  related_guides: z.array(z.strictObject({ id: text, title: text, url: z.string().regex(/^\/[^/]/, 'must be a site path') })).default([]),
  meta_title: text,
  meta_description: text.max(160, 'is longer than 160 characters'),
});
export type ProductFields = z.infer<typeof productFieldsSchema>;

/** A rule across fields: a full price never below the price (named as the field that breaks it), or null. */
export function fullPriceProblem(fields: Pick<ProductFields, 'prices' | 'full_prices'>): string | null {
  const below = (['USD', 'GBP', 'EUR'] as const).find((c) => toMinorUnits(fields.full_prices[c]) < toMinorUnits(fields.prices[c]));
  return below ? `full_prices.${below} is below prices.${below}` : null;
}

/** The product as pages use it, from its fields and its description (the file's body). */
export function productOfFields(fm: ProductFields, description: string): CatalogueProduct {
  return {
    id: fm.id,
    slug: fm.slug ?? productSlug(fm),
    name: fm.name,
    description,
    price: fm.prices.USD,
    prices: fm.prices,
    full_price: fm.full_prices.USD,
    full_prices: fm.full_prices,
    savings: fromMinorUnits(toMinorUnits(fm.full_prices.USD) - toMinorUnits(fm.prices.USD)),
    category_id: fm.category,
    image_url: fm.images.main,
    technical_card_url: fm.images.card ?? '',
    landscape_url: fm.images.landscape ?? '',
    is_new: fm.new,
    features: fm.features,
    technical_specs: fm.specs,
    tags: fm.tags,
    search_words: fm.search_words,
    related_guides: fm.related_guides,
    meta_title: fm.meta_title,
    meta_description: fm.meta_description,
    image_alt: fm.images.alt,
    payment_links: { standard: fm.payment_links.standard, uk: fm.payment_links.uk ?? null },
  };
}

/** A product's fields as its file would write them (the back office's form starts from these). */
export function fieldsOfProduct(p: CatalogueProduct): ProductFields {
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    category: p.category_id,
    prices: p.prices,
    full_prices: p.full_prices,
    new: p.is_new,
    tags: p.tags,
    search_words: p.search_words,
    payment_links: { standard: p.payment_links.standard ?? '', ...(p.payment_links.uk && { uk: p.payment_links.uk }) },
    images: {
      main: p.image_url,
      ...(p.technical_card_url && { card: p.technical_card_url }),
      ...(p.landscape_url && { landscape: p.landscape_url }),
      alt: p.image_alt,
    },
    features: p.features,
    specs: p.technical_specs,
    related_guides: p.related_guides,
    meta_title: p.meta_title,
    meta_description: p.meta_description,
  };
}

/** The fields kept one per line in the form (a file's YAML lists). */
const LINE_LISTS = ['search_words', 'features', 'specs'] as const;

const lines = (value: string | undefined) =>
  (value ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
const optionalText = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const money = (value: string | undefined) => (value?.trim() ? Number(value.trim()) : undefined);

/**
 * The back office's form, named with the files' keys (`prices.GBP`, `images.alt`), as the fields the
 * schema checks: numbers as numbers, lists one per line (tags comma-separated, a related guide as
 * `id | title | url`), an empty optional field left out.
 */
export function fieldsFromForm(form: Readonly<Record<string, string | undefined>>, id: number): unknown {
  const table = (name: string) => ({ USD: money(form[`${name}.USD`]), GBP: money(form[`${name}.GBP`]), EUR: money(form[`${name}.EUR`]) });
  return {
    id,
    ...(optionalText(form.slug) && { slug: optionalText(form.slug) }),
    name: form.name ?? '',
    category: form.category ?? '',
    prices: table('prices'),
    full_prices: table('full_prices'),
    new: form.new === 'on',
    tags: (form.tags ?? '')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    ...Object.fromEntries(LINE_LISTS.map((key) => [key, lines(form[key])])),
    payment_links: {
      standard: form['payment_links.standard'] ?? '',
      ...(optionalText(form['payment_links.uk']) && { uk: optionalText(form['payment_links.uk']) }),
    },
    images: {
      main: form['images.main'] ?? '',
      ...(optionalText(form['images.card']) && { card: optionalText(form['images.card']) }),
      ...(optionalText(form['images.landscape']) && { landscape: optionalText(form['images.landscape']) }),
      alt: form['images.alt'] ?? '',
    },
    related_guides: lines(form.related_guides).map((line) => {
      const [gid, title, url] = line.split('|').map((p) => p.trim());
      return { id: gid ?? '', title: title ?? '', url: url ?? '' };
    }),
    meta_title: form.meta_title ?? '',
    meta_description: form.meta_description ?? '',
  };
}

/** The form's values for a product's fields (what fieldsFromForm reads back). */
export function formOfFields(fields: ProductFields, description: string): Record<string, string> {
  const table = (name: 'prices' | 'full_prices') =>
    Object.fromEntries((['GBP', 'EUR', 'USD'] as const).map((c) => [`${name}.${c}`, fields[name][c].toFixed(2)]));
  return {
    slug: fields.slug ?? '',
    name: fields.name,
    category: fields.category,
    ...table('prices'),
    ...table('full_prices'),
    new: fields.new ? 'on' : '',
    tags: fields.tags.join(', '),
    search_words: fields.search_words.join('\n'),
    features: fields.features.join('\n'),
    specs: fields.specs.join('\n'),
    'payment_links.standard': fields.payment_links.standard,
    'payment_links.uk': fields.payment_links.uk ?? '',
    'images.main': fields.images.main,
    'images.card': fields.images.card ?? '',
    'images.landscape': fields.images.landscape ?? '',
    'images.alt': fields.images.alt,
    related_guides: fields.related_guides.map((g) => `${g.id} | ${g.title} | ${g.url}`).join('\n'),
    meta_title: fields.meta_title,
    meta_description: fields.meta_description,
    description,
  };
}

/** Why the form's fields cannot be saved, naming the field (`prices.GBP: must be more than 0`), or null with the fields. */
export function checkedFields(raw: unknown, description: string): { fields: ProductFields } | { field: string; problem: string } {
  if (!description.trim()) return { field: 'description', problem: 'description is empty' };
  const parsed = productFieldsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    // Missing: the form gave nothing at that path (zod's issue does not carry the input).
    const given = issue.path.reduce<unknown>(
      (at, key) => (at && typeof at === 'object' ? (at as Record<PropertyKey, unknown>)[key] : undefined),
      raw,
    );
    const missing = issue.code === 'invalid_type' && given === undefined;
    const empty = issue.code === 'too_small' && issue.origin === 'string';
    return { field, problem: missing ? `${field} is missing` : empty ? `${field} is empty` : `${field}: ${issue.message}` };
  }
  const below = fullPriceProblem(parsed.data);
  if (below) return { field: below.split(' ')[0]!, problem: below };
  return { fields: parsed.data };
}
